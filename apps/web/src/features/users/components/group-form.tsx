import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type PermissionGroup, PermissionGroupInput, type Privilege } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { PrivilegeGrid } from './privilege-grid.tsx';
import { fullGrid, grantedOnly } from './privilege-grid-model.ts';

interface GroupFormValues {
  nameEn: string;
  nameAr: string;
  privileges: Privilege[];
}

interface GroupFormProps {
  group?: PermissionGroup;
  /** What the editing user holds. */
  editor: readonly Privilege[];
  submitting: boolean;
  onSubmit: (body: PermissionGroupInput) => Promise<unknown>;
}

/** The body the API takes: only the resources with a right. */
const bodyOf = (values: GroupFormValues): PermissionGroupInput => ({
  ...values,
  privileges: grantedOnly(values.privileges),
});

/** A permission group's names and its resources × actions grid; the API refuses rights the editor lacks. */
export function GroupForm({ group, editor, submitting, onSubmit }: GroupFormProps) {
  const { t } = useTranslation('users');
  const form = useForm<GroupFormValues>({
    mode: 'controlled',
    initialValues: {
      nameEn: group?.nameEn ?? '',
      nameAr: group?.nameAr ?? '',
      privileges: fullGrid(group?.privileges ?? []),
    },
    validate: (values) => firstIssueCodes(PermissionGroupInput, bodyOf(values), values),
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const { field, errorOf, submit } = useFormSubmit(form, bodyOf, onSubmit);
  const gridError = errorOf('privileges');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection legend={t('groups.columns.name')}>
          <TextInput label={t('groups.nameEn')} required dir="ltr" lang="en" {...field('nameEn')} />
          <TextInput label={t('groups.nameAr')} required dir="rtl" lang="ar" {...field('nameAr')} />
        </FormSection>
        <Stack gap="xs">
          <Text size="sm" c="gray.7" id="group-grid-hint">
            {t('groups.gridHint')}
          </Text>
          {gridError && (
            <Alert color="red" role="alert" id="group-grid-error" data-testid="group-grid-error">
              {gridError}
            </Alert>
          )}
          <PrivilegeGrid
            value={form.values.privileges}
            onChange={(grid) => {
              form.setFieldValue('privileges', grid);
              form.clearFieldError('privileges');
            }}
            editor={editor}
            describedBy={gridError ? 'group-grid-hint group-grid-error' : 'group-grid-hint'}
          />
        </Stack>
        <FormActions cancelTo="/admin/user-group" submitting={submitting} />
      </Stack>
    </form>
  );
}
