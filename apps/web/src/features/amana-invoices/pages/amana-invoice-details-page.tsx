import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Detail, DetailSection } from '../../../components/details.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { notifyError } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { centreDateTimeFormat, formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { amanaInvoiceQuery, downloadAmanaInvoicePdf } from '../api.ts';
import { AmanaStatusBadge, PayerReference, periodText } from '../components.tsx';

/** `amana-invoice/{id}`: the invoice and its lines — each payer with its student ID or corporate CR, amount and batch. */
export function AmanaInvoiceDetailsPage() {
  const { t } = useTranslation(['amana-invoices', 'messages']);
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(amanaInvoiceQuery(id));
  const when = centreDateTimeFormat(language);

  return (
    <Stack gap="md">
      <QueryView query={query} notFoundText={t('amana-invoices:details.notFound')}>
        {(invoice) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-end">
              <Title order={1} size="h2">
                {t('amana-invoices:details.title')} <bdi data-user-data>{invoice.number}</bdi>
              </Title>
              <Group gap="sm">
                <DownloadPdfButton invoice={invoice} />
                {invoice.abilities.verify ? (
                  <Button component={Link} to={`/admin/amana-invoice-verification?invoice=${invoice.id}`}>
                    {t('amana-invoices:details.verify')}
                  </Button>
                ) : null}
              </Group>
            </Group>
            <DetailSection title={t('amana-invoices:details.summary')}>
              <Detail label={t('amana-invoices:list.branch')}>
                <span data-user-data>
                  {nameIn({ nameEn: invoice.branchNameEn, nameAr: invoice.branchNameAr }, language)}
                </span>
              </Detail>
              <Detail label={t('amana-invoices:list.period')}>{periodText(invoice, language)}</Detail>
              <Detail label={t('amana-invoices:list.amount')}>{formatSar(invoice.amount, language)}</Detail>
              <Detail label={t('amana-invoices:list.status')}>
                <AmanaStatusBadge status={invoice.status} />
              </Detail>
              <Detail label={t('amana-invoices:list.lines')}>
                {t('amana-invoices:list.verifiedOf', {
                  verified: formatNumber(invoice.verifiedCount, language),
                  total: formatNumber(invoice.lineCount, language),
                })}
              </Detail>
              <Detail label={t('amana-invoices:list.issuedAt')}>
                {when.format(new Date(invoice.issuedAt))}
              </Detail>
            </DetailSection>
            <ListTable
              caption={t('amana-invoices:details.lines')}
              minWidth={720}
              columns={[
                t('amana-invoices:lines.payer'),
                t('amana-invoices:lines.reference'),
                t('amana-invoices:lines.paidAt'),
                t('amana-invoices:lines.amount'),
                t('amana-invoices:lines.batch'),
              ]}
            >
              {invoice.lines.map((line) => (
                <Table.Tr key={line.id} data-testid={`amana-line-${line.id}`}>
                  <Table.Td data-user-data>
                    {nameIn({ nameEn: line.payerNameEn, nameAr: line.payerNameAr }, language)}
                  </Table.Td>
                  <Table.Td>
                    <PayerReference line={line} />
                  </Table.Td>
                  <Table.Td>{line.paidAt ? when.format(new Date(line.paidAt)) : '—'}</Table.Td>
                  <Table.Td>{formatSar(line.amount, language)}</Table.Td>
                  <Table.Td data-user-data={line.batchNumber ? true : undefined}>
                    {line.batchNumber ?? t('amana-invoices:lines.unverified')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** Saves the invoice's bilingual PDF; a failure is told in a toast. */
function DownloadPdfButton({ invoice }: { invoice: { id: number; number: string } }) {
  const { t } = useTranslation('amana-invoices');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      loading={busy}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => {
        setBusy(true);
        downloadAmanaInvoicePdf(invoice)
          .catch(() => notifyError(t('details.downloadFailed')))
          .finally(() => setBusy(false));
      }}
    >
      {t('details.downloadPdf')}
    </Button>
  );
}
