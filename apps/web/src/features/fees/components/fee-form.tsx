import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { FEE_SERVICES, type FeeSetup, isMessageCode, parseRiyals } from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { FeeSetupBody } from '../api.ts';
import {
  bodyOf,
  type FeeField,
  type FeeFormErrors,
  type FeeFormValues,
  formFieldOf,
  liveBreakdown,
  validateFee,
  valuesOf,
} from './fee-form-model.ts';
import { FeeTotal } from './fee-total.tsx';

interface FeeFormProps {
  setup?: FeeSetup;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: FeeSetupBody) => Promise<unknown>;
}

const fieldId = (name: FeeField) => `fee-${name}`;

/** Add and edit a fee setup: original fee, Amana fee (amount or percent), VAT, and the total as it is typed. */
export function FeeForm({ setup, submitting, cancelTo, onSubmit }: FeeFormProps) {
  const { t } = useTranslation('fees');
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<FeeFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(setup),
    validate: validateFee,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const errorOf = (name: FeeField) => {
    const code = form.errors[name];
    return typeof code === 'string' && isMessageCode(code) ? message(code) : undefined;
  };
  const field = (name: FeeField) => ({
    ...form.getInputProps(name),
    id: fieldId(name),
    label: t(`form.${name}`),
    error: errorOf(name),
  });
  const isPercent = form.values.amanaFeeKind === 'percent';
  const vatRate = parseRiyals(form.values.vatRate);

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await onSubmit(bodyOf(values));
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          const errors: FeeFormErrors = {};
          for (const [name, code] of Object.entries(error.fields)) {
            const formField = formFieldOf(name);
            if (formField) errors[formField] = code;
          }
          form.setErrors(errors);
          const first = Object.keys(errors)[0];
          if (first) document.getElementById(fieldId(formFieldOf(first) ?? 'nameEn'))?.focus();
        }
      } finally {
        sending.current = false;
      }
    },
    (errors) => {
      const first = formFieldOf(Object.keys(errors)[0] ?? '');
      if (first) document.getElementById(fieldId(first))?.focus();
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.sections.service')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput required dir="ltr" lang="en" {...field('nameEn')} />
            <TextInput required dir="rtl" lang="ar" {...field('nameAr')} />
            <Select
              required
              data={FEE_SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) }))}
              {...field('service')}
            />
            <Switch
              mt={{ sm: 'xl' }}
              {...form.getInputProps('active', { type: 'checkbox' })}
              id={fieldId('active')}
              label={t('form.active')}
            />
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Fieldset legend={t('form.sections.amounts')}>
            <Stack gap="md">
              <TextInput
                required
                inputMode="decimal"
                dir="ltr"
                description={t('form.riyalsHint')}
                {...field('originalFee')}
              />
              <Radio.Group
                {...form.getInputProps('amanaFeeKind')}
                id={fieldId('amanaFeeKind')}
                label={t('form.amanaFeeKind')}
              >
                <Group mt={6}>
                  <Radio value="amount" label={t('form.amanaKinds.amount')} />
                  <Radio value="percent" label={t('form.amanaKinds.percent')} />
                </Group>
              </Radio.Group>
              <TextInput
                required
                inputMode="decimal"
                dir="ltr"
                {...field('amanaFee')}
                label={isPercent ? t('form.amanaPercent') : t('form.amanaAmount')}
                description={isPercent ? t('form.percentHint') : t('form.riyalsHint')}
              />
              <TextInput
                required
                inputMode="decimal"
                dir="ltr"
                description={t('form.percentHint')}
                {...field('vatRate')}
              />
              <Fieldset variant="unstyled" legend={t('form.vatOn')} fz="sm">
                <Group mt={6}>
                  <Checkbox
                    {...form.getInputProps('vatOnOriginal', { type: 'checkbox' })}
                    id={fieldId('vatOnOriginal')}
                    label={t('form.vatOnOriginal')}
                  />
                  <Checkbox
                    {...form.getInputProps('vatOnAmana', { type: 'checkbox' })}
                    id={fieldId('vatOnAmana')}
                    label={t('form.vatOnAmana')}
                  />
                </Group>
              </Fieldset>
            </Stack>
          </Fieldset>
          <FeeTotal breakdown={liveBreakdown(form.values)} vatRate={vatRate} />
        </SimpleGrid>
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
