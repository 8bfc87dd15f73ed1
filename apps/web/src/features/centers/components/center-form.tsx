import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { Center, CenterKind } from '@tasreeh/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { CenterBody } from '../api.ts';
import {
  CENTER_FIELDS,
  type CenterField,
  type CenterValues,
  type FieldIssues,
  isRegistrationField,
  validateCenter,
  valuesOf,
} from '../form-model.ts';
import { CenterContactFields, CenterDetailsFields, centerFieldId } from './center-fields.tsx';

const ID_PREFIX = 'center-form';

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
  const { message } = useMessages();
  const [values, setValues] = useState<CenterValues>(() => valuesOf(center));
  const [issues, setIssues] = useState<FieldIssues>({});
  const [focus, setFocus] = useState<CenterField | undefined>();
  const sending = useRef(false);

  useEffect(() => {
    if (focus) document.getElementById(centerFieldId(ID_PREFIX, focus))?.focus();
  }, [focus]);

  const setField = (name: CenterField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setIssues((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  };
  const errorOf = (name: CenterField) => {
    const issue = issues[name];
    return issue ? message(issue.code, issue.params) : undefined;
  };
  const show = (found: FieldIssues) => {
    setIssues(found);
    setFocus(CENTER_FIELDS.find((field) => found[field]));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setFocus(undefined);
    const found = validateCenter(values, center ? undefined : kind);
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    sending.current = true;
    try {
      const body = Object.fromEntries(CENTER_FIELDS.map((field) => [field, values[field].trim()]));
      await onSubmit(center ? body : { ...body, kind });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fromServer: FieldIssues = {};
        for (const [field, code] of Object.entries(error.fields)) {
          if (isRegistrationField(field)) fromServer[field] = { code };
        }
        show(fromServer);
      }
    } finally {
      sending.current = false;
    }
  };

  const fieldProps = { kind, values, setField, errorOf, idPrefix: ID_PREFIX };
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
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={submitting} disabled={submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
