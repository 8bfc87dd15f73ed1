import { Alert, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  NewPermissionGroupInput,
  type PermissionGroup,
  type PermissionGroupFormOptions,
  PermissionGroupInput,
  type Privilege,
} from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { GroupBody } from '../api.ts';
import { PrivilegeGrid } from './privilege-grid.tsx';
import { fullGrid, grantedOnly } from './privilege-grid-model.ts';

interface GroupFormValues {
  nameEn: string;
  nameAr: string;
  privileges: Privilege[];
  /** A new group's owner: '' head office, or a branch id. */
  branchId: string;
}

interface GroupFormProps {
  group?: PermissionGroup;
  /** Whom a new group may belong to (the server's choice for the editing user); unused on an edit. */
  owners?: PermissionGroupFormOptions;
  /** What the editing user holds. */
  editor: readonly Privilege[];
  submitting: boolean;
  onSubmit: (body: GroupBody) => Promise<unknown>;
}

/** The body the API takes: only the resources with a right; a new group also names its owner. */
const bodyOf = (values: GroupFormValues, isNew: boolean): GroupBody => {
  const body = { nameEn: values.nameEn, nameAr: values.nameAr, privileges: grantedOnly(values.privileges) };
  return isNew ? { ...body, branchId: values.branchId ? Number(values.branchId) : null } : body;
};

/** A new group starts in head office when the user works there, otherwise in their one branch. */
function firstOwnerOf(owners: PermissionGroupFormOptions | undefined): string {
  if (!owners || owners.headOffice) return '';
  return String(owners.branches[0]?.id ?? '');
}

/**
 * A permission group's names, owner (head office or one branch, chosen once) and its resources ×
 * actions grid; the API refuses rights the editor lacks.
 */
export function GroupForm({ group, owners, editor, submitting, onSubmit }: GroupFormProps) {
  const { t } = useTranslation('users');
  const { language } = useLanguage();
  const isNew = !group;
  const form = useForm<GroupFormValues>({
    mode: 'controlled',
    initialValues: {
      nameEn: group?.nameEn ?? '',
      nameAr: group?.nameAr ?? '',
      privileges: fullGrid(group?.privileges ?? []),
      branchId: firstOwnerOf(owners),
    },
    validate: (values) =>
      firstIssueCodes(isNew ? NewPermissionGroupInput : PermissionGroupInput, bodyOf(values, isNew), values),
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const { field, errorOf, submit } = useFormSubmit(form, (values) => bodyOf(values, isNew), onSubmit);
  const gridError = errorOf('privileges');
  const ownerChoices = [
    ...(owners?.headOffice ? [{ value: '', label: t('headOffice') }] : []),
    ...(owners?.branches ?? []).map((branch) => ({
      value: String(branch.id),
      label: nameIn(branch, language),
    })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection legend={t('groups.columns.name')}>
          <TextInput label={t('groups.nameEn')} required dir="ltr" lang="en" {...field('nameEn')} />
          <TextInput label={t('groups.nameAr')} required dir="rtl" lang="ar" {...field('nameAr')} />
          {isNew ? (
            <Select
              label={t('groups.owner')}
              description={t('groups.ownerHint')}
              data={ownerChoices}
              allowDeselect={false}
              disabled={ownerChoices.length < 2}
              id="group-branchId"
              {...field('branchId')}
            />
          ) : (
            <TextInput
              label={t('groups.owner')}
              description={t('groups.ownerHint')}
              readOnly
              value={group.branch ? nameIn(group.branch, language) : t('headOffice')}
            />
          )}
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
