import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type Payment } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { dateTimeFormat, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { downloadInvoice, type PaymentFilters, paymentListQuery } from '../api.ts';

const STATUS_COLOR = { paid: 'green', pending: 'yellow', failed: 'red', cancelled: 'gray' } as const;

/**
 * A payer's `payments` (its own, with invoice download) and finance's `all-payments` (every
 * payment, filtered by date, method and status; each row opens all-payments/{id}).
 */
export function PaymentsListPage({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation(['payments', 'messages']);
  const { language } = useLanguage();
  const [filters, setFilters] = useState<PaymentFilters>({ from: '', to: '', method: '', status: '' });
  const query = useInfiniteQuery(paymentListQuery(filters));
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });
  const rows: Payment[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (key: keyof PaymentFilters) => (value: string | null) =>
    setFilters({ ...filters, [key]: value ?? '' });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(admin ? 'payments:list.adminTitle' : 'payments:list.title')}
      </Title>
      <Group gap="sm" align="end">
        <TextInput
          type="date"
          label={t('payments:filters.from')}
          value={filters.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('payments:filters.to')}
          value={filters.to}
          onChange={(event) => set('to')(event.currentTarget.value)}
        />
        <Select
          clearable
          label={t('payments:filters.method')}
          value={filters.method || null}
          onChange={set('method')}
          data={PAYMENT_METHODS.map((value) => ({ value, label: t(`payments:method.${value}`) }))}
        />
        <Select
          clearable
          label={t('payments:filters.status')}
          value={filters.status || null}
          onChange={set('status')}
          data={PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments:status.${value}`) }))}
        />
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{t('messages:NO_PAYMENTS_FOUND')}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments:list.date')}</Table.Th>
                <Table.Th>{t('payments:list.description')}</Table.Th>
                {admin ? <Table.Th>{t('payments:list.payer')}</Table.Th> : null}
                <Table.Th>{t('payments:list.method')}</Table.Th>
                <Table.Th>{t('payments:list.amount')}</Table.Th>
                <Table.Th>{t('payments:list.status')}</Table.Th>
                <Table.Th>{t('payments:list.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payment) => (
                <Table.Tr key={payment.id} data-testid={`payment-${payment.id}`}>
                  <Table.Td>{when.format(new Date(payment.paidAt ?? payment.createdAt))}</Table.Td>
                  <Table.Td data-user-data>
                    {admin ? (
                      <Anchor component={Link} to={`/admin/all-payments/${payment.id}`}>
                        {language === 'ar' ? payment.descriptionAr : payment.descriptionEn}
                      </Anchor>
                    ) : language === 'ar' ? (
                      payment.descriptionAr
                    ) : (
                      payment.descriptionEn
                    )}
                  </Table.Td>
                  {admin ? <Table.Td data-user-data>{payment.payerName}</Table.Td> : null}
                  <Table.Td>{t(`payments:method.${payment.method}`)}</Table.Td>
                  <Table.Td>{formatSar(payment.amount, language)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[payment.status]} variant="light">
                      {t(`payments:status.${payment.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {payment.invoiceId && payment.invoiceNumber ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() =>
                          void downloadInvoice(payment.invoiceId ?? 0, payment.invoiceNumber ?? '')
                        }
                      >
                        {t('payments:list.download', { number: payment.invoiceNumber })}
                      </Button>
                    ) : (
                      <Text c="dimmed">—</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.hasNextPage ? (
        <Group>
          <Button
            variant="light"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('payments:list.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export function AllPaymentsPage() {
  return <PaymentsListPage admin />;
}
