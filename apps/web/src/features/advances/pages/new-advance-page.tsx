import { Alert, Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AdvanceMethod, type PayerOption, parseRiyals } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { downloadInvoice } from '../../payments/api.ts';
import { MethodDetailFields, useMethodDetails } from '../../payments/components/method-details.tsx';
import { branchOptionsQuery } from '../../students/api.ts';
import { useAdvanceMutation } from '../api.ts';
import { PayerLookup } from '../components/payer-lookup.tsx';

/** What finance records at the counter or from a transfer: cash, POS with its reference, a wire with its copy. */
const METHODS: AdvanceMethod[] = ['cash', 'pos', 'wire'];

/**
 * `advanced-payment/new` (create_10): finance finds the payer (a student by ID number or name, a
 * corporate by name or CR), the branch that took the money (decision 0021), the method and the
 * amount in SAR; cash and POS credit the balance at
 * once with a receipt, a wire waits for its confirmation.
 */
export function NewAdvancePage() {
  const { t } = useTranslation(['advances', 'payments', 'messages']);
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const [payer, setPayer] = useState<PayerOption | null>(null);
  const [method, setMethod] = useState<AdvanceMethod>('cash');
  const [amount, setAmount] = useState('');
  const [amountInvalid, setAmountInvalid] = useState(false);
  const [payerMissing, setPayerMissing] = useState(false);
  // Head office chooses the branch the money came into; staff of a branch have only theirs.
  const branches = useQuery(branchOptionsQuery);
  const [branchId, setBranchId] = useState('');
  const onlyBranch = branches.data?.length === 1 ? String(branches.data[0]?.id) : '';
  const branch = branchId || onlyBranch;
  const [branchMissing, setBranchMissing] = useState(false);
  const details = useMethodDetails();
  const [done, setDone] = useState<{ message: string; invoiceId: number | null } | null>(null);
  const save = useAdvanceMutation();
  const fieldError = (field: string) =>
    save.error instanceof ApiError && save.error.fields?.[field]
      ? t(`messages:${save.error.fields[field]}`)
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const halalas = parseRiyals(amount);
    setAmountInvalid(!halalas);
    setPayerMissing(!payer);
    setBranchMissing(!branch);
    if (!halalas || !payer || !branch) return;
    const body = details.bodyOf(method, {
      branchId: Number(branch),
      payerKind: payer.payerKind,
      payerId: payer.payerId,
      method,
      amount: halalas,
    });
    setDone(null);
    save.mutate(body, {
      onSuccess: (created) => {
        setDone({ message: created.message ?? t('new.done'), invoiceId: created.invoiceId });
        // Ready for the next payer.
        setPayer(null);
        setSearch('');
        setAmount('');
        details.reset();
      },
    });
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('new.title')}
      </Title>
      {done ? (
        <Alert color="green" role="status" data-testid="advance-result">
          <Stack gap="xs">
            <Text>{done.message}</Text>
            <Group>
              {done.invoiceId ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void downloadInvoice(done.invoiceId ?? 0, 'receipt')}
                >
                  {t('new.receipt')}
                </Button>
              ) : null}
              <Button size="xs" variant="subtle" component={Link} to="/admin/advanced-payment">
                {t('new.backToList')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PayerLookup
              search={search}
              onSearchChange={setSearch}
              payer={payer}
              onChange={setPayer}
              error={payerMissing ? t('messages:REQUIRED') : fieldError('payerId')}
            />
            <Select
              required
              label={t('new.branch')}
              description={t('new.branchHint')}
              data={(branches.data ?? []).map((option) => ({
                value: String(option.id),
                label: nameIn(option, language),
              }))}
              value={branch || null}
              onChange={(value) => setBranchId(value ?? '')}
              error={branchMissing ? t('messages:REQUIRED') : fieldError('branchId')}
            />
            <Radio.Group
              label={t('payments:checkout.method')}
              value={method}
              onChange={(value) => setMethod(value as AdvanceMethod)}
            >
              <Group gap="md" mt={6}>
                {METHODS.map((option) => (
                  <Radio key={option} value={option} label={t(`payments:method.${option}`)} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              required
              dir="ltr"
              inputMode="decimal"
              label={t('new.amount')}
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={amountInvalid ? t('messages:INVALID_VALUE') : fieldError('amount')}
              description={parseRiyals(amount) ? formatSar(parseRiyals(amount) ?? 0, language) : undefined}
            />
            <MethodDetailFields method={method} details={details} fieldError={fieldError} />
            {save.error && !(save.error instanceof ApiError && save.error.fields) ? (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('new.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
