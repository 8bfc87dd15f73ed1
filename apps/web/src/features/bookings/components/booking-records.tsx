import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BookingDetail, BookingDocument, BookingPayment } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page-states.tsx';
import { formatCentreDateTime, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { downloadInvoice } from '../../payments/api.ts';

function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A button that downloads an invoice's or credit note's PDF (the API decides who may). */
function DownloadButton({ id, number }: { id: number; number: string }) {
  const { t } = useTranslation('payments');
  return (
    <Button variant="subtle" size="compact-sm" onClick={() => void downloadInvoice(id, number)}>
      {t('list.download', { number })}
    </Button>
  );
}

/** The booking's payments: method, status, amount, when paid, and the invoice each produced. */
export function PaymentsSection({ payments }: { payments: BookingPayment[] }) {
  const { t } = useTranslation(['bookings', 'payments']);
  const { language } = useLanguage();
  return (
    <RecordSection title={t('bookings:details.payments')}>
      {payments.length === 0 ? (
        <EmptyState>{t('bookings:details.noPayments')}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments:list.method')}</Table.Th>
                <Table.Th>{t('payments:list.status')}</Table.Th>
                <Table.Th>{t('payments:list.amount')}</Table.Th>
                <Table.Th>{t('bookings:details.paidAt')}</Table.Th>
                <Table.Th>{t('payments:list.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{t(`payments:method.${payment.method}`)}</Table.Td>
                  <Table.Td>{t(`payments:status.${payment.status}`)}</Table.Td>
                  <Table.Td data-user-data>{formatSar(payment.amount, language)}</Table.Td>
                  <Table.Td>{payment.paidAt ? formatCentreDateTime(payment.paidAt, language) : '—'}</Table.Td>
                  <Table.Td>
                    {payment.invoiceId !== null && payment.invoiceNumber !== null ? (
                      <DownloadButton id={payment.invoiceId} number={payment.invoiceNumber} />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </RecordSection>
  );
}

/** The invoices and credit notes of the booking's payments, each downloadable. */
export function DocumentsSection({ documents }: { documents: BookingDocument[] }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  return (
    <RecordSection title={t('details.documents')}>
      {documents.length === 0 ? (
        <EmptyState>{t('details.noDocuments')}</EmptyState>
      ) : (
        <Stack gap="xs">
          {documents.map((document) => (
            <Text key={document.id} component="div">
              {t(`documentKinds.${document.kind}`)} <bdi data-user-data>{document.number}</bdi> ·{' '}
              {formatCentreDateTime(document.issuedAt, language)} ·{' '}
              <span data-user-data>{formatSar(document.total, language)}</span>{' '}
              <DownloadButton id={document.id} number={document.number} />
            </Text>
          ))}
        </Stack>
      )}
    </RecordSection>
  );
}

/** What happened to the booking, when and by whom, oldest first. */
export function HistorySection({ history }: { history: BookingDetail['history'] }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  return (
    <RecordSection title={t('details.history')}>
      {history.length === 0 ? (
        <EmptyState>{t('details.noHistory')}</EmptyState>
      ) : (
        <Stack component="ol" gap="xs" m={0} ps="md">
          {history.map((entry) => (
            <li key={`${entry.action}-${entry.at}`}>
              {t(`events.${entry.event}`)} — {formatCentreDateTime(entry.at, language)}
              {entry.by ? (
                <>
                  {' '}
                  · {t('details.by')} <span data-user-data>{nameIn(entry.by, language)}</span>
                </>
              ) : (
                ` · ${t('details.bySystem')}`
              )}
            </li>
          ))}
        </Stack>
      )}
    </RecordSection>
  );
}
