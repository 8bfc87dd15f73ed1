import { Alert, Button, Checkbox, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AmanaInvoiceDetail } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { amanaInvoiceQuery, openAmanaInvoicesQuery, useVerifyAmanaBatchMutation } from '../api.ts';
import { PayerReference, periodText } from '../components.tsx';

/**
 * `amana-invoice-verification` (the Amanah, edit_18): choose an invoice waiting for verification,
 * tick its students (select all at once), enter the batch number, verify. Each ticked line goes
 * with the student ID or corporate CR shown beside it; the server checks they are the line's.
 */
export function AmanaVerificationPage() {
  const { t } = useTranslation(['amana-invoices', 'messages']);
  const { language } = useLanguage();
  const [search, setSearch] = useSearchParams();
  const invoiceId = search.get('invoice') ?? '';
  const open = useQuery(openAmanaInvoicesQuery);
  const invoice = useQuery({ ...amanaInvoiceQuery(invoiceId), enabled: invoiceId !== '' });

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('amana-invoices:verify.title')}
      </Title>
      <Text c="gray.7">{t('amana-invoices:verify.intro')}</Text>
      {open.isPending ? (
        <LoadingState />
      ) : open.isError ? (
        <ErrorState error={open.error} onRetry={() => void open.refetch()} />
      ) : (
        <Select
          label={t('amana-invoices:verify.invoice')}
          placeholder={t('amana-invoices:verify.chooseInvoice')}
          data-testid="amana-verify-invoice"
          data={open.data.map((row) => ({
            value: String(row.id),
            label: `${row.number} — ${nameIn({ nameEn: row.branchNameEn, nameAr: row.branchNameAr }, language)} — ${periodText(row, language)}`,
          }))}
          value={invoiceId || null}
          onChange={(value) => setSearch(value ? { invoice: value } : {}, { replace: true })}
          renderOption={({ option }) => {
            const [number, ...rest] = option.label.split(' — ');
            return (
              <span>
                <bdi data-user-data>{number}</bdi> — {rest.join(' — ')}
              </span>
            );
          }}
          nothingFoundMessage={t('amana-invoices:verify.noneOpen')}
          maw={560}
        />
      )}
      {invoiceId === '' ? (
        open.isSuccess && open.data.length === 0 ? (
          <EmptyState>{t('amana-invoices:verify.noneOpen')}</EmptyState>
        ) : null
      ) : invoice.isPending ? (
        <LoadingState />
      ) : invoice.isError ? (
        <ErrorState error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        <BatchForm key={invoice.data.id} invoice={invoice.data} />
      )}
    </Stack>
  );
}

function BatchForm({ invoice }: { invoice: AmanaInvoiceDetail }) {
  const { t } = useTranslation(['amana-invoices', 'messages']);
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const verify = useVerifyAmanaBatchMutation();
  const open = invoice.lines.filter((line) => line.batchNumber === null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [batchNumber, setBatchNumber] = useState('');
  const [errors, setErrors] = useState<{ lines?: string; batchNumber?: string; form?: string }>({});
  const allTicked = open.length > 0 && open.every((line) => ticked.has(line.id));
  const someTicked = open.some((line) => ticked.has(line.id));

  function toggle(id: number, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function submit() {
    const missing: typeof errors = {};
    if (!someTicked) missing.lines = message('SELECT_STUDENTS');
    if (batchNumber.trim() === '') missing.batchNumber = message('ENTER_BATCH_NUMBER');
    setErrors(missing);
    if (missing.lines || missing.batchNumber) return;
    const lines = open
      .filter((line) => ticked.has(line.id))
      .map((line) => ({ lineId: line.id, reference: line.reference }));
    verify.mutate(
      { id: invoice.id, batchNumber: batchNumber.trim(), lines },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          setTicked(new Set());
          setBatchNumber('');
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          setErrors({
            lines: fields?.lines ? message(fields.lines) : undefined,
            batchNumber: fields?.batchNumber ? message(fields.batchNumber) : undefined,
            form: fields ? undefined : errorMessage(error),
          });
        },
      },
    );
  }

  if (open.length === 0) return <EmptyState>{t('amana-invoices:verify.allVerified')}</EmptyState>;

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('amana-invoices:verify.students', { number: invoice.number })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <Checkbox
                    aria-label={t('amana-invoices:verify.selectAll')}
                    data-testid="amana-select-all"
                    checked={allTicked}
                    indeterminate={someTicked && !allTicked}
                    onChange={(event) =>
                      setTicked(
                        event.currentTarget.checked ? new Set(open.map((line) => line.id)) : new Set(),
                      )
                    }
                  />
                </Table.Th>
                <Table.Th>{t('amana-invoices:lines.payer')}</Table.Th>
                <Table.Th>{t('amana-invoices:lines.reference')}</Table.Th>
                <Table.Th>{t('amana-invoices:lines.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {open.map((line) => {
                const name = nameIn({ nameEn: line.payerNameEn, nameAr: line.payerNameAr }, language);
                return (
                  <Table.Tr key={line.id} data-testid={`amana-verify-line-${line.id}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('amana-invoices:verify.select', { name })}
                        checked={ticked.has(line.id)}
                        onChange={(event) => toggle(line.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td data-user-data>{name}</Table.Td>
                    <Table.Td>
                      <PayerReference line={line} />
                    </Table.Td>
                    <Table.Td>{formatSar(line.amount, language)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {errors.lines ? (
          <Text c="red.8" role="alert" data-testid="amana-lines-error">
            {errors.lines}
          </Text>
        ) : null}
        <TextInput
          label={t('amana-invoices:verify.batchNumber')}
          value={batchNumber}
          onChange={(event) => setBatchNumber(event.currentTarget.value)}
          error={errors.batchNumber}
          maxLength={50}
          maw={320}
          data-testid="amana-batch-number"
        />
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Button onClick={submit} loading={verify.isPending} data-testid="amana-verify" maw={200}>
          {t('amana-invoices:verify.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
