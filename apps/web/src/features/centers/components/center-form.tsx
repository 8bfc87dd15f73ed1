import { Fieldset, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Center, CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import type { CenterBody } from '../api.ts';
import {
  bodyOf,
  type CenterField,
  type CenterValues,
  EMPTY_CENTER,
  validateCenter,
  valuesOf,
} from '../form-model.ts';
import { CenterContactFields, CenterDetailsFields, centerFieldId } from './center-fields.tsx';

const ID_PREFIX = 'center-form';

const isCenterField = (name: string): name is CenterField => Object.hasOwn(EMPTY_CENTER, name);

/**
 * Add (approved at once, password by SMS) or edit a centre, checked by the shared rules before
 * it is sent; the server's field messages are shown on their fields.
 */
export function CenterForm({
  kind,
  center,
  submitting,
  cancelTo,
  onSubmit,
}: {
  kind: CenterKind;
  center?: Center;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: CenterBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('centers');
  const form = useForm<CenterValues>({
    mode: 'controlled',
    initialValues: valuesOf(center),
    validate: (values) => validateCenter(values, center ? undefined : kind),
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  // An add names the kind of centre; an edit keeps it.
  const toBody = (values: CenterValues): CenterBody =>
    center ? bodyOf(values) : { ...bodyOf(values), kind };
  const { errorOf, submit } = useFormSubmit(form, toBody, onSubmit, {
    fieldOf: (name) => (isCenterField(name) ? name : undefined),
    // The field groups are shared with the public registration, which names its inputs by id.
    inputOf: (name) => document.getElementById(centerFieldId(ID_PREFIX, name)),
  });

  const fieldProps = {
    kind,
    values: form.values,
    setField: (name: CenterField, value: string) => form.setFieldValue(name, value),
    errorOf,
    idPrefix: ID_PREFIX,
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {!center && (
          <Text size="sm" c="gray.7">
            {t('form.addNote')}
          </Text>
        )}
        <CenterDetailsFields {...fieldProps} />
        <Fieldset legend={t('sections.contact')}>
          <CenterContactFields {...fieldProps} />
        </Fieldset>
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
