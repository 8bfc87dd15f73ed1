import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isMessageCode, type LedgerAccount, LedgerAccountInput, type MessageCode } from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { LedgerBody } from '../api.ts';

export const LEDGER_FIELDS = [
  'mainAccount',
  'naturalAccount',
  'department',
  'businessUnit',
  'organization',
] as const;
type LedgerField = (typeof LEDGER_FIELDS)[number];
type LedgerValues = Record<LedgerField, string>;

function isLedgerField(name: string): name is LedgerField {
  return (LEDGER_FIELDS as readonly string[]).includes(name);
}

function valuesOf(account: LedgerAccount | undefined): LedgerValues {
  return {
    mainAccount: account?.mainAccount ?? '',
    naturalAccount: account?.naturalAccount ?? '',
    department: account?.department ?? '',
    businessUnit: account?.businessUnit ?? '',
    organization: account?.organization ?? '',
  };
}

function validateLedger(values: LedgerValues): Partial<Record<LedgerField, MessageCode>> {
  const parsed = LedgerAccountInput.safeParse(values);
  const errors: Partial<Record<LedgerField, MessageCode>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!isLedgerField(field) || errors[field]) continue;
    errors[field] = isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
}

interface LedgerFormProps {
  account?: LedgerAccount;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (body: LedgerBody) => Promise<unknown>;
  onCancel?: () => void;
}

/** Add or edit a ledger account: its five segments, each required (spec §3 Ledger account). */
export function LedgerForm({ account, submitting, submitLabel, onSubmit, onCancel }: LedgerFormProps) {
  const { t } = useTranslation('fees');
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<LedgerValues>({
    mode: 'controlled',
    initialValues: valuesOf(account),
    validate: validateLedger,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  /** Focuses the first field, in the form's order, that has an error. */
  const focusFirst = (errors: Record<string, unknown>) => {
    const first = LEDGER_FIELDS.find((name) => errors[name]);
    if (first) document.getElementById(`ledger-${first}`)?.focus();
  };

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await onSubmit(Object.fromEntries(LEDGER_FIELDS.map((name) => [name, values[name].trim()])));
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          form.setErrors(error.fields);
          focusFirst(error.fields);
        }
      } finally {
        sending.current = false;
      }
    },
    (errors) => focusFirst(errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LEDGER_FIELDS.map((name) => {
            const code = form.errors[name];
            return (
              <TextInput
                key={name}
                id={`ledger-${name}`}
                label={t(`ledger.fields.${name}`)}
                required
                maxLength={60}
                {...form.getInputProps(name)}
                error={typeof code === 'string' && isMessageCode(code) ? message(code) : undefined}
              />
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting} disabled={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
