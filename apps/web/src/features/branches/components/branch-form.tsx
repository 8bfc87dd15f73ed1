import { Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BRANCH_STATUSES,
  BRANCH_TYPES,
  type Branch,
  BranchInput,
  findRegion,
  isMessageCode,
  type MessageCode,
  REGIONS,
  toRiyalString,
} from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
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
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/** The shared rules' first message code per field, for the form to show in the current language. */
export function validateBranch(
  values: BranchFormValues,
): Partial<Record<keyof BranchFormValues, MessageCode>> {
  const parsed = BranchInput.safeParse(bodyOf(values));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof BranchFormValues, MessageCode>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof BranchFormValues;
    if (!(field in EMPTY) || errors[field]) continue;
    errors[field] = isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
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
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<BranchFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(branch),
    validate: validateBranch,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const region = findRegion(form.values.region);

  const field = (name: keyof BranchFormValues) => {
    const props = form.getInputProps(name);
    const code = form.errors[name];
    return {
      ...props,
      error: typeof code === 'string' && isMessageCode(code) ? message(code) : undefined,
    };
  };

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await onSubmit(bodyOf(values));
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(error.fields);
          const first = Object.keys(error.fields)[0];
          if (first) form.getInputNode(first)?.focus();
        }
      } finally {
        sending.current = false;
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

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
