import {
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
import { FEE_SERVICES, type FeeSetup, parseRiyals } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../components/form/bilingual-fields.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import type { FeeSetupBody } from '../api.ts';
import { bodyOf, type FeeFormValues, liveBreakdown, validateFee, valuesOf } from './fee-form-model.ts';
import { FeeTotal } from './fee-total.tsx';

interface FeeFormProps {
  setup?: FeeSetup;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: FeeSetupBody) => Promise<unknown>;
}

/** The fields typed or chosen (the switches and boxes carry their own labels). */
type TextField = 'nameEn' | 'nameAr' | 'service' | 'originalFee' | 'amanaFee' | 'vatRate';

/** Add and edit a fee setup: original fee, Amana fee (amount or percent), VAT, and the total as it is typed. */
export function FeeForm({ setup, submitting, cancelTo, onSubmit }: FeeFormProps) {
  const { t } = useTranslation('fees');
  const form = useForm<FeeFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(setup),
    validate: validateFee,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const { field: inputProps, submit } = useFormSubmit(form, bodyOf, onSubmit);
  const field = (name: TextField) => ({ ...inputProps(name), label: t(`form.${name}`) });
  const isPercent = form.values.amanaFeeKind === 'percent';
  const vatRate = parseRiyals(form.values.vatRate);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.sections.service')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BilingualFields required en={field('nameEn')} ar={field('nameAr')} />
            <Select
              required
              data={FEE_SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) }))}
              {...field('service')}
            />
            <Switch
              mt={{ sm: 'xl' }}
              {...form.getInputProps('active', { type: 'checkbox' })}
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
              <Radio.Group {...form.getInputProps('amanaFeeKind')} label={t('form.amanaFeeKind')}>
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
                    label={t('form.vatOnOriginal')}
                  />
                  <Checkbox
                    {...form.getInputProps('vatOnAmana', { type: 'checkbox' })}
                    label={t('form.vatOnAmana')}
                  />
                </Group>
              </Fieldset>
            </Stack>
          </Fieldset>
          <FeeTotal breakdown={liveBreakdown(form.values)} vatRate={vatRate} />
        </SimpleGrid>
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
