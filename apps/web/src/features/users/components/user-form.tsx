import { Box, Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMPLOYEE_TYPES,
  ID_TYPES,
  type StaffUser,
  type StaffUserFormOptions,
  userTypeSlug,
} from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { DatePartsField } from '../../registration/components/date-parts-field.tsx';
import type { UserBody } from '../api.ts';
import {
  bodyOf,
  formFieldOf,
  type UserField,
  type UserFormValues,
  validateUser,
  valuesOf,
} from './user-form-model.ts';

interface UserFormProps {
  user?: StaffUser;
  options: StaffUserFormOptions;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: UserBody) => Promise<unknown>;
}

/** The id of a field's element (the e2e tests and the date parts use it). */
const fieldId = (name: UserField) => `user-${name}`;

/** Add and edit a staff account (spec §3 User), checked by the shared rules before it is sent. */
export function UserForm({ user, options, submitting, cancelTo, onSubmit }: UserFormProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { t: tr } = useTranslation('registration');
  const { language } = useLanguage();
  const isNew = !user;
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(user, options),
    validate: (values) => validateUser(values, isNew),
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const {
    field: input,
    errorOf,
    submit,
  } = useFormSubmit(form, (values) => bodyOf(values, isNew), onSubmit, {
    fieldOf: formFieldOf,
    // A date is typed in parts: its first part, the day, takes the focus.
    inputOf: (name) => document.getElementById(`user-${name}-day`),
  });
  const field = (name: UserField) => ({ ...input(name), id: fieldId(name) });

  /** An optional choice: nothing chosen is null to the select (so it offers no clear button), '' to the form. */
  const optional = (name: 'employeeType' | 'idType') => ({
    ...field(name),
    clearable: true,
    value: form.values[name] || null,
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });

  const name = (item: { nameEn: string; nameAr: string }) => nameIn(item, language);
  // A head-office group fits any account; a branch's group only that branch's accounts.
  const groupChoices = options.permissionGroups.filter(
    (group) => group.branchId === null || String(group.branchId) === form.values.branchId,
  );
  const typeChoices = [...options.types];
  if (user && !typeChoices.includes(user.type)) typeChoices.push(user.type);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection legend={t('form.names')}>
          <TextInput label={t('form.nameEn')} required dir="ltr" lang="en" {...field('nameEn')} />
          <TextInput label={t('form.nameAr')} required dir="rtl" lang="ar" {...field('nameAr')} />
        </FormSection>
        <FormSection legend={t('form.account')} cols={3}>
          <TextInput
            label={t('form.email')}
            required
            type="email"
            dir="ltr"
            autoComplete="off"
            {...field('email')}
          />
          <TextInput
            label={t('form.username')}
            description={t('form.usernameHint')}
            required
            dir="ltr"
            autoComplete="off"
            maxLength={30}
            {...field('username')}
          />
          <TextInput
            label={t('form.phone')}
            description={t('form.phoneHint')}
            required
            type="tel"
            dir="ltr"
            {...field('phone')}
          />
        </FormSection>
        <FormSection legend={t('form.work')}>
          <Select
            label={t('form.type')}
            required
            searchable
            data={typeChoices.map((type) => ({
              value: type,
              label: tc(`userTypes.${userTypeSlug(type)}`),
            }))}
            {...field('type')}
          />
          <Select
            label={t('form.employeeType')}
            data={EMPLOYEE_TYPES.map((type) => ({ value: type, label: t(`employeeTypes.${type}`) }))}
            {...optional('employeeType')}
          />
          <Select
            label={t('form.group')}
            description={t('form.groupHint')}
            searchable
            data={[
              { value: '', label: t('form.noGroup') },
              ...groupChoices.map((group) => ({ value: String(group.id), label: name(group) })),
            ]}
            allowDeselect={false}
            {...field('permissionGroupId')}
          />
          <Select
            label={t('form.branch')}
            required={!options.headOffice}
            searchable
            data={[
              ...(options.headOffice ? [{ value: '', label: t('headOffice') }] : []),
              ...options.branches.map((branch) => ({ value: String(branch.id), label: name(branch) })),
            ]}
            allowDeselect={false}
            {...field('branchId')}
          />
        </FormSection>
        <Fieldset legend={t('form.identity')}>
          <Stack gap="md">
            <DatePartsField
              id={fieldId('dateOfBirth')}
              label={t('form.dateOfBirth')}
              value={form.values.dateOfBirth}
              onChange={(value) => form.setFieldValue('dateOfBirth', value)}
              error={errorOf('dateOfBirth')}
              yearPlaceholder={{ gregorian: '1990', hijri: '1410' }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('form.idType')}
                data={ID_TYPES.map((type) => ({ value: type, label: tr(`idTypes.${type}`) }))}
                {...optional('idType')}
              />
              <TextInput label={t('form.idNumber')} dir="ltr" maxLength={20} {...field('idNumber')} />
            </SimpleGrid>
            <DatePartsField
              id={fieldId('idExpiry')}
              label={t('form.idExpiry')}
              value={form.values.idExpiry}
              onChange={(value) => form.setFieldValue('idExpiry', value)}
              error={errorOf('idExpiry')}
              yearPlaceholder={{ gregorian: '2030', hijri: '1452' }}
            />
          </Stack>
        </Fieldset>
        {isNew && (
          <FormSection
            legend={t('form.passwordLegend')}
            footer={
              <Box mt="sm">
                <PasswordChecklist
                  id="user-password-rules"
                  password={form.values.password}
                  rePassword={form.values.rePassword}
                />
              </Box>
            }
          >
            <PasswordField
              label={t('form.password')}
              required
              autoComplete="new-password"
              aria-describedby="user-password-rules"
              {...field('password')}
            />
            <PasswordField
              label={t('form.rePassword')}
              required
              autoComplete="new-password"
              {...field('rePassword')}
            />
          </FormSection>
        )}
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
