import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LEDGER_ROLES, type LedgerAccount, LedgerAccountInput } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import type { LedgerBody } from '../api.ts';

export const LEDGER_FIELDS = [
  'mainAccount',
  'naturalAccount',
  'department',
  'businessUnit',
  'organization',
] as const;
type LedgerValues = Record<(typeof LEDGER_FIELDS)[number], string> & { role: string };

function valuesOf(account: LedgerAccount | undefined): LedgerValues {
  return {
    mainAccount: account?.mainAccount ?? '',
    naturalAccount: account?.naturalAccount ?? '',
    department: account?.department ?? '',
    businessUnit: account?.businessUnit ?? '',
    organization: account?.organization ?? '',
    role: account?.role ?? '',
  };
}

/** The body the API takes: every segment, trimmed, and the role (none: null). */
function bodyOf(values: LedgerValues): LedgerBody {
  return {
    ...Object.fromEntries(LEDGER_FIELDS.map((name) => [name, values[name].trim()])),
    role: values.role || null,
  };
}

interface LedgerFormProps {
  account?: LedgerAccount;
  submitting: boolean;
  onSubmit: (body: LedgerBody) => Promise<unknown>;
  /** Closes the dialog the form is in; without it the form has no Cancel. */
  onCancel?: () => void;
}

/**
 * Add or edit a ledger account: its five segments, each required (spec §3 Ledger account), and
 * its role — what the journal posts to it (one account per role; issue 13).
 */
export function LedgerForm({ account, submitting, onSubmit, onCancel }: LedgerFormProps) {
  const { t } = useTranslation('fees');
  const form = useForm<LedgerValues>({
    mode: 'controlled',
    initialValues: valuesOf(account),
    validate: (values) => firstIssueCodes(LedgerAccountInput, bodyOf(values), values),
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const { field, submit } = useFormSubmit(form, bodyOf, onSubmit);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LEDGER_FIELDS.map((name) => (
            <TextInput
              key={name}
              label={t(`ledger.fields.${name}`)}
              required
              maxLength={60}
              {...field(name)}
            />
          ))}
          <Select
            label={t('ledger.fields.role')}
            description={t('ledger.roleHint')}
            placeholder={t('ledger.noRole')}
            data={LEDGER_ROLES.map((role) => ({ value: role, label: t(`ledger.roles.${role}`) }))}
            clearable
            allowDeselect
            {...field('role')}
          />
        </SimpleGrid>
        <FormActions onCancel={onCancel} submitting={submitting} />
      </Stack>
    </form>
  );
}
