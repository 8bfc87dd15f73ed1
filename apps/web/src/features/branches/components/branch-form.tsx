import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BRANCH_STATUSES,
  BRANCH_TYPES,
  type Branch,
  BranchInput,
  findRegion,
  REGIONS,
  toRiyalString,
} from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { firstIssueCodes, withoutBlanks } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { BranchBody } from '../api.ts';

export interface BranchFormValues {
  nameEn: string;
  nameAr: string;
  code: string;
  type: string;
  region: string;
  city: string;
  baladiyaCode: string;
  civilDefenseCode: string;
  civilDefenseExpiry: string;
  crExpiry: string;
  rentAmount: string;
  rentDueDate: string;
  status: string;
}

const EMPTY: BranchFormValues = {
  nameEn: '',
  nameAr: '',
  code: '',
  type: 'sub',
  region: '',
  city: '',
  baladiyaCode: '',
  civilDefenseCode: '',
  civilDefenseExpiry: '',
  crExpiry: '',
  rentAmount: '',
  rentDueDate: '',
  status: 'active',
};

/** A stored branch as the form's strings (rent back from halalas to riyals). */
export function valuesOf(branch: Branch | undefined): BranchFormValues {
  if (!branch) return EMPTY;
  return {
    nameEn: branch.nameEn,
    nameAr: branch.nameAr,
    code: branch.code,
    type: branch.type,
    region: branch.region,
    city: branch.city,
    baladiyaCode: branch.baladiyaCode ?? '',
    civilDefenseCode: branch.civilDefenseCode ?? '',
    civilDefenseExpiry: branch.civilDefenseExpiry ?? '',
    crExpiry: branch.crExpiry ?? '',
    rentAmount: branch.rentAmount === null ? '' : toRiyalString(branch.rentAmount),
    rentDueDate: branch.rentDueDate ?? '',
    status: branch.status,
  };
}

/** The body the API takes: the form's strings with blanks left out. */
export function bodyOf(values: BranchFormValues): BranchBody {
  return withoutBlanks(values);
}

/** The shared rules' first message code per field, for the form to show in the current language. */
export function validateBranch(values: BranchFormValues) {
  return firstIssueCodes(BranchInput, bodyOf(values), EMPTY);
}

interface BranchFormProps {
  branch?: Branch;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: BranchBody) => Promise<unknown>;
}

/** Add and edit a branch (spec §3 Branch), checked by the shared BranchInput rules before it is sent. */
export function BranchForm({ branch, submitting, cancelTo, onSubmit }: BranchFormProps) {
  const { t } = useTranslation('branches');
  const { language } = useLanguage();
  const form = useForm<BranchFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(branch),
    validate: validateBranch,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const region = findRegion(form.values.region);

  const { field, submit } = useFormSubmit(form, bodyOf, onSubmit);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.names')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.nameEn')} required dir="ltr" lang="en" {...field('nameEn')} />
            <TextInput label={t('form.nameAr')} required dir="rtl" lang="ar" {...field('nameAr')} />
            <TextInput label={t('form.code')} required dir="ltr" maxLength={20} {...field('code')} />
            <Select
              label={t('form.status')}
              required
              data={BRANCH_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              allowDeselect={false}
              {...field('status')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.place')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('form.type')}
              required
              data={BRANCH_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              allowDeselect={false}
              {...field('type')}
            />
            <Select
              label={t('form.region')}
              required
              searchable
              data={REGIONS.map((item) => ({ value: item.code, label: item[language] }))}
              {...field('region')}
              onChange={(value) => {
                form.setFieldValue('region', value ?? '');
                form.setFieldValue('city', '');
              }}
            />
            <Select
              label={t('form.city')}
              required
              searchable
              description={region ? undefined : t('form.cityHint')}
              data={(region?.cities ?? []).map((city) => ({ value: city.id, label: city[language] }))}
              disabled={!region}
              {...field('city')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.licences')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.baladiyaCode')} dir="ltr" {...field('baladiyaCode')} />
            <TextInput label={t('form.crExpiry')} type="date" {...field('crExpiry')} />
            <TextInput label={t('form.civilDefenseCode')} dir="ltr" {...field('civilDefenseCode')} />
            <TextInput label={t('form.civilDefenseExpiry')} type="date" {...field('civilDefenseExpiry')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.rent')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.rentAmount')}
              description={t('form.rentHint')}
              inputMode="decimal"
              dir="ltr"
              {...field('rentAmount')}
            />
            <TextInput label={t('form.rentDueDate')} type="date" {...field('rentDueDate')} />
          </SimpleGrid>
        </Fieldset>
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
