import { Button, Group, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AmanaInvoiceStatus } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { DateFilter } from '../../components/list/date-filter.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDayFigures, nameIn } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useMessages } from '../../i18n/use-messages.ts';
import { branchOptionsQuery } from '../students/api.ts';
import { useIssueAmanaInvoiceMutation } from './api.ts';

const STATUS_TONE = { issued: 'warning', partly_verified: 'neutral', verified: 'positive' } as const;

export function AmanaStatusBadge({ status }: { status: AmanaInvoiceStatus }) {
  const { t } = useTranslation('amana-invoices');
  return <StatusBadge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</StatusBadge>;
}

/** "ID 2000000006" / "CR 1010123456": the payer's reference as the Amanah checks it, the number as written. */
export function PayerReference({ line }: { line: { studentId: number | null; reference: string } }) {
  const { t } = useTranslation('amana-invoices');
  return (
    <>
      {t(line.studentId !== null ? 'lines.studentId' : 'lines.cr')}{' '}
      <bdi data-user-data dir="ltr">
        {line.reference}
      </bdi>
    </>
  );
}

/** "01/03/2026 – 31/03/2026": an invoice's period in figures. */
export function periodText(invoice: { periodFrom: string; periodTo: string }, language: 'en' | 'ar') {
  return `${formatDayFigures(invoice.periodFrom, language)} – ${formatDayFigures(invoice.periodTo, language)}`;
}

/**
 * Finance's form above the list: a branch and a period, issued into one invoice of the Amanah fees
 * of that branch's paid payments not yet invoiced; on success it opens the invoice.
 */
export function IssueInvoiceForm() {
  const { t } = useTranslation(['amana-invoices', 'messages']);
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const navigate = useNavigate();
  const branches = useQuery(branchOptionsQuery);
  const issue = useIssueAmanaInvoiceMutation();
  const [branchId, setBranchId] = useState<string | null>(null);
  const [periodFrom, setFrom] = useState('');
  const [periodTo, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const missing: Record<string, string> = {};
    if (!branchId) missing.branchId = message('SELECT_BRANCH');
    if (!periodFrom) missing.periodFrom = t('amana-invoices:issue.choosePeriod');
    if (!periodTo) missing.periodTo = t('amana-invoices:issue.choosePeriod');
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !branchId) return;
    issue.mutate(
      { branchId: Number(branchId), periodFrom, periodTo },
      {
        onSuccess: (issued) => {
          notifySuccess(issued.message);
          void navigate(`/admin/amana-invoice/${issued.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            setErrors(
              Object.fromEntries(Object.entries(error.fields).map(([field, code]) => [field, message(code)])),
            );
          }
          notifyError(errorMessage(error));
        },
      },
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="amana-issue-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="amana-issue-title">
          {t('amana-invoices:issue.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('amana-invoices:issue.branch')}
            data-testid="amana-issue-branch"
            data={(branches.data ?? []).map((branch) => ({
              value: String(branch.id),
              label: nameIn(branch, language),
            }))}
            value={branchId}
            onChange={setBranchId}
            error={errors.branchId}
            searchable
          />
          <DateFilter label={t('amana-invoices:issue.from')} value={periodFrom} onChange={setFrom} />
          <DateFilter label={t('amana-invoices:issue.to')} value={periodTo} onChange={setTo} />
        </SimpleGrid>
        {errors.periodFrom || errors.periodTo ? (
          <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
            {errors.periodTo ?? errors.periodFrom}
          </div>
        ) : null}
        <Group>
          <Button onClick={submit} loading={issue.isPending} data-testid="amana-issue">
            {t('amana-invoices:issue.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
