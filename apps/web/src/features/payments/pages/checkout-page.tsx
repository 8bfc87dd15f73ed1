import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type PaymentMethod, parseRiyals } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { checkoutQuery, downloadInvoice, usePayMutation } from '../api.ts';
import { GatewayResult } from '../components/gateway-result.tsx';
import { MethodDetailFields, useMethodDetails } from '../components/method-details.tsx';
import { SummaryRow } from '../components/summary-row.tsx';

/**
 * `payments/check-out/:id` (student and corporate) and the teller's `/admin/payments/check-out/:id`:
 * the booking's order summary, then Pay Now by the methods this user may use. Card sends the
 * payer to the gateway's hosted page; the result is shown on the way back (`?result=`).
 */
export function CheckoutPage({ counter = false }: { counter?: boolean }) {
  const { t } = useTranslation(['payments', 'messages']);
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const query = useQuery(checkoutQuery(id));
  const pay = usePayMutation();
  const methods: PaymentMethod[] = counter ? ['cash', 'pos'] : ['card', 'balance', 'wire'];
  const [method, setMethod] = useState<PaymentMethod>(methods[0] ?? 'card');
  const details = useMethodDetails();
  const [partAmount, setPartAmount] = useState('');
  const [amountInvalid, setAmountInvalid] = useState(false);
  const [done, setDone] = useState<{ message: string; invoiceId: number | null } | null>(null);
  const result = search.get('result');
  const fieldError = (field: string) =>
    pay.error instanceof ApiError && pay.error.fields?.[field]
      ? t(`messages:${pay.error.fields[field]}`)
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = partAmount.trim() ? parseRiyals(partAmount) : undefined;
    // A typed amount that is not one is never taken as "all of it".
    setAmountInvalid(partAmount.trim() !== '' && !amount);
    if (partAmount.trim() !== '' && !amount) return;
    const body = details.bodyOf(method, {
      bookingId: Number(id),
      method,
      ...(amount === undefined ? {} : { amount }),
    });
    pay.mutate(body, {
      onSuccess: (created) => {
        if (created.redirectUrl) {
          window.location.assign(created.redirectUrl);
          return;
        }
        setDone({ message: created.message ?? t('payments:checkout.done'), invoiceId: created.invoiceId });
        void query.refetch();
      },
    });
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('payments:checkout.title')}
      </Title>
      <GatewayResult result={result} />
      {done ? (
        <Alert color="green" role="status" data-testid="payment-result">
          {done.message}
        </Alert>
      ) : null}
      <QueryView query={query} notFoundText={t('payments:checkout.notFound')}>
        {(summary) => (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Text fw={600} data-user-data>
                {nameIn({ nameEn: summary.courseNameEn, nameAr: summary.courseNameAr }, language)} ·{' '}
                {summary.bookingNumber}
              </Text>
              <Stack component="dl" gap={6} m={0}>
                <SummaryRow
                  label={t('payments:summary.subtotal')}
                  value={formatSar(summary.subtotal, language)}
                />
                <SummaryRow
                  label={t('payments:summary.amana')}
                  value={formatSar(summary.amanaFee, language)}
                />
                <SummaryRow label={t('payments:summary.vat')} value={formatSar(summary.vat, language)} />
                <SummaryRow
                  label={t('payments:summary.total')}
                  value={formatSar(summary.total, language)}
                  strong
                />
                {summary.amountPaid > 0 ? (
                  <SummaryRow
                    label={t('payments:summary.paid')}
                    value={formatSar(summary.amountPaid, language)}
                  />
                ) : null}
                <SummaryRow
                  label={t('payments:summary.status')}
                  value={t(`payments:bookingStatus.${summary.status.replace(/\s+/g, '')}`, {
                    defaultValue: summary.status,
                  })}
                />
              </Stack>
              {summary.payable ? (
                <form onSubmit={submit}>
                  <Stack gap="sm">
                    <Radio.Group
                      label={t('payments:checkout.method')}
                      value={method}
                      onChange={(value) => setMethod(value as PaymentMethod)}
                    >
                      <Stack gap={6} mt={6}>
                        {methods.map((option) => (
                          <Radio
                            key={option}
                            value={option}
                            disabled={option === 'balance' && summary.balance < summary.remaining}
                            label={
                              option === 'balance'
                                ? t('payments:method.balanceWith', {
                                    amount: formatSar(summary.balance, language),
                                  })
                                : t(`payments:method.${option}`)
                            }
                          />
                        ))}
                      </Stack>
                    </Radio.Group>
                    {summary.partialAllowed ? (
                      <TextInput
                        dir="ltr"
                        inputMode="decimal"
                        label={t('payments:checkout.partAmount', {
                          amount: formatSar(summary.remaining, language),
                        })}
                        value={partAmount}
                        onChange={(event) => setPartAmount(event.currentTarget.value)}
                        error={amountInvalid ? t('messages:PAYMENT_AMOUNT_INVALID') : fieldError('amount')}
                      />
                    ) : null}
                    <MethodDetailFields method={method} details={details} fieldError={fieldError} />
                    {pay.error && !(pay.error instanceof ApiError && pay.error.fields) ? (
                      <Alert color="red" role="alert">
                        {pay.error.message}
                      </Alert>
                    ) : null}
                    <Group>
                      <Button type="submit" loading={pay.isPending}>
                        {t('payments:checkout.payNow', { amount: formatSar(summary.remaining, language) })}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              ) : done?.invoiceId ? (
                <Group>
                  <Button
                    variant="light"
                    onClick={() => void downloadInvoice(done.invoiceId ?? 0, 'invoice')}
                  >
                    {t('payments:list.invoice')}
                  </Button>
                </Group>
              ) : (
                <Text c="dimmed">{t('payments:checkout.notPayable')}</Text>
              )}
            </Stack>
          </Paper>
        )}
      </QueryView>
    </Stack>
  );
}

export function CounterCheckoutPage() {
  return <CheckoutPage counter />;
}
