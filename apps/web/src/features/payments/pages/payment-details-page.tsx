import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
import { centreDateTimeFormat, formatSar, nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { RefundRequestDialog } from '../../refunds/components/refund-request-dialog.tsx';
import { downloadInvoice, paymentQuery } from '../api.ts';
import { SummaryRow } from '../components/summary-row.tsx';
import { WireDecision } from '../components/wire-decision.tsx';

/** Finance's `all-payments/{id}`: one payment with its parts, its method's details and its invoice. */
export function PaymentDetailsPage() {
  const { t } = useTranslation(['payments', 'refunds', 'messages']);
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(paymentQuery(id));
  const [refunding, setRefunding] = useState(false);
  const when = centreDateTimeFormat(language);

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('payments:details.title')}
      </Title>
      <QueryView query={query} notFoundText={t('payments:checkout.notFound')}>
        {(payment) => (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Stack component="dl" gap={6} m={0}>
                <SummaryRow
                  label={t('payments:list.description')}
                  value={language === 'ar' ? payment.descriptionAr : payment.descriptionEn}
                />
                <SummaryRow
                  label={t('payments:list.payer')}
                  value={nameInOrOther({ nameEn: payment.payerName, nameAr: payment.payerNameAr }, language)}
                />
                <SummaryRow
                  label={t('payments:list.date')}
                  value={when.format(new Date(payment.createdAt))}
                />
                <SummaryRow
                  label={t('payments:list.method')}
                  value={t(`payments:method.${payment.method}`)}
                />
                <SummaryRow
                  label={t('payments:list.status')}
                  value={t(`payments:status.${payment.status}`)}
                />
                <SummaryRow
                  label={t('payments:summary.subtotal')}
                  value={formatSar(payment.subtotal, language)}
                />
                <SummaryRow
                  label={t('payments:summary.amana')}
                  value={formatSar(payment.amanaFee, language)}
                />
                <SummaryRow label={t('payments:summary.vat')} value={formatSar(payment.vat, language)} />
                <SummaryRow
                  label={t('payments:summary.total')}
                  value={formatSar(payment.amount, language)}
                  strong
                />
                {payment.posReference ? (
                  <SummaryRow label={t('payments:checkout.posReference')} value={payment.posReference} />
                ) : null}
                {payment.iban ? <SummaryRow label={t('payments:wire.iban')} value={payment.iban} /> : null}
                {payment.bankName ? (
                  <SummaryRow label={t('payments:wire.bankName')} value={payment.bankName} />
                ) : null}
                {payment.failureReason ? (
                  <SummaryRow label={t('payments:details.failureReason')} value={payment.failureReason} />
                ) : null}
              </Stack>
              <Group>
                {payment.abilities.confirmWire || payment.abilities.rejectWire ? (
                  <WireDecision paymentId={payment.id} />
                ) : null}
                {payment.invoiceId && payment.invoiceNumber ? (
                  <Button
                    variant="light"
                    onClick={() => void downloadInvoice(payment.invoiceId ?? 0, payment.invoiceNumber ?? '')}
                  >
                    {t('payments:list.download', { number: payment.invoiceNumber })}
                  </Button>
                ) : null}
                {payment.abilities.refund ? (
                  <Button variant="outline" onClick={() => setRefunding(true)}>
                    {t('refunds:request')}
                  </Button>
                ) : null}
              </Group>
              <RefundRequestDialog
                opened={refunding}
                onClose={() => setRefunding(false)}
                paymentId={payment.id}
                method={payment.method}
              />
            </Stack>
          </Paper>
        )}
      </QueryView>
    </Stack>
  );
}
