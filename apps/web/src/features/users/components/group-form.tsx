import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  isMessageCode,
  type MessageCode,
  type PermissionGroup,
  PermissionGroupInput,
  type Privilege,
} from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { PrivilegeGrid } from './privilege-grid.tsx';
import { fullGrid, grantedOnly } from './privilege-grid-model.ts';

interface GroupFormValues {
  nameEn: string;
  nameAr: string;
  privileges: Privilege[];
}
type GroupField = keyof GroupFormValues;

interface GroupFormProps {
  group?: PermissionGroup;
  /** What the editing user holds. */
  editor: readonly Privilege[];
  submitting: boolean;
  onSubmit: (body: PermissionGroupInput) => Promise<unknown>;
}

function validateGroup(values: GroupFormValues): Partial<Record<GroupField, MessageCode>> {
  const parsed = PermissionGroupInput.safeParse({ ...values, privileges: grantedOnly(values.privileges) });
  const errors: Partial<Record<GroupField, MessageCode>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'nameEn' || field === 'nameAr' || field === 'privileges') && !errors[field]) {
      errors[field] = isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
    }
  }
  return errors;
}

/** A permission group's names and its resources × actions grid; the API refuses rights the editor lacks. */
export function GroupForm({ group, editor, submitting, onSubmit }: GroupFormProps) {
  const { t } = useTranslation('users');
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<GroupFormValues>({
    mode: 'controlled',
    initialValues: {
      nameEn: group?.nameEn ?? '',
      nameAr: group?.nameAr ?? '',
      privileges: fullGrid(group?.privileges ?? []),
    },
    validate: validateGroup,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const errorOf = (name: GroupField) => {
    const code = form.errors[name];
    return typeof code === 'string' && isMessageCode(code) ? message(code) : undefined;
  };
  const gridError = errorOf('privileges');

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await onSubmit({ ...values, privileges: grantedOnly(values.privileges) });
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(error.fields);
          if (error.fields.nameEn) form.getInputNode('nameEn')?.focus();
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
        <Fieldset legend={t('groups.columns.name')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('groups.nameEn')}
              required
              dir="ltr"
              lang="en"
              {...form.getInputProps('nameEn')}
              error={errorOf('nameEn')}
            />
            <TextInput
              label={t('groups.nameAr')}
              required
              dir="rtl"
              lang="ar"
              {...form.getInputProps('nameAr')}
              error={errorOf('nameAr')}
            />
          </SimpleGrid>
        </Fieldset>
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
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/admin/user-group">
            {t('groups.cancel')}
          </Button>
          <Button type="submit" loading={submitting} disabled={submitting}>
            {t('groups.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
