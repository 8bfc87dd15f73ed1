import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS, type Payment } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayRangeFilter } from '../../../components/list/date-filter.tsx';
import { ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { centreDateTimeFormat, formatSar, nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { BranchFilter } from '../../students/components/branch-filter.tsx';
import { type PaymentListParams, paymentCountQuery, paymentListQuery } from '../api.ts';
import { InvoiceDownload, PaymentStatusBadge } from '../components/payment-cells.tsx';
import { PaymentMethodFilter, PaymentStatusFilter } from '../components/payment-filters.tsx';

type Filters = Omit<PaymentListParams, 'cursor' | 'limit' | 'search'>;

/**
 * A payer's `payments` (its own, with invoice download) and finance's `all-payments` (those it may
 * see, searched by payer and filtered by date, method, status and branch; each row opens
 * all-payments/{id}).
 */
export function PaymentsListPage({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation(['payments', 'messages']);
  const list = useListState<Filters>({ from: '', to: '', method: '', status: '', branchId: '' });
  const query = useQuery(paymentListQuery(list.params));
  const count = useQuery(paymentCountQuery(list.params));
  const title = t(admin ? 'payments:list.adminTitle' : 'payments:list.title');

  return (
    <Stack gap="md">
      <ListHeader title={title} />
      <ListFilters
        list={list}
        columns={admin ? 4 : 3}
        search={
          admin ? { label: t('payments:list.payerSearch'), hint: t('payments:list.payerHint') } : undefined
        }
      >
        <DayRangeFilter
          list={list}
          fromLabel={t('payments:filters.from')}
          toLabel={t('payments:filters.to')}
        />
        <PaymentMethodFilter
          list={list}
          methods={PAYMENT_METHODS}
          label={t('payments:filters.method')}
          allLabel={t('payments:filters.allMethods')}
        />
        <PaymentStatusFilter
          list={list}
          label={t('payments:filters.status')}
          allLabel={t('payments:filters.allStatuses')}
        />
        {/* Finance's only; left out when the branches cannot be read or there is one. */}
        <BranchFilter
          list={list}
          enabled={admin}
          label={t('payments:filters.branch')}
          allLabel={t('payments:filters.allBranches')}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('payments:list.count', { count, total })}
        noneText={t('payments:list.none')}
        noMatchText={t('messages:NO_PAYMENTS_FOUND')}
        pagesLabel={t('payments:list.pages')}
        totalTestId="payment-total-count"
      >
        {(items) => <PaymentTable caption={title} items={items} admin={admin} />}
      </ListResults>
    </Stack>
  );
}

const COLUMNS = ['date', 'description', 'payer', 'method', 'amount', 'status', 'invoice'] as const;

/** The rows of a page of payments; finance's name the payer and open the payment. */
function PaymentTable({ caption, items, admin }: { caption: string; items: Payment[]; admin: boolean }) {
  const { t } = useTranslation('payments');
  const { language } = useLanguage();
  const when = centreDateTimeFormat(language);
  const columns = COLUMNS.filter((column) => admin || column !== 'payer').map((column) =>
    t(`list.${column}`),
  );
  return (
    <ListTable caption={caption} minWidth={720} columns={columns}>
      {items.map((payment) => {
        const description = language === 'ar' ? payment.descriptionAr : payment.descriptionEn;
        return (
          <Table.Tr key={payment.id} data-testid={`payment-${payment.id}`}>
            <Table.Td>{when.format(new Date(payment.paidAt ?? payment.createdAt))}</Table.Td>
            <Table.Td data-user-data>
              {admin ? (
                <Anchor component={Link} to={`/admin/all-payments/${payment.id}`}>
                  {description}
                </Anchor>
              ) : (
                description
              )}
            </Table.Td>
            {admin && (
              <Table.Td data-user-data>
                {nameInOrOther({ nameEn: payment.payerName, nameAr: payment.payerNameAr }, language)}
              </Table.Td>
            )}
            <Table.Td>{t(`method.${payment.method}`)}</Table.Td>
            <Table.Td>{formatSar(payment.amount, language)}</Table.Td>
            <Table.Td>
              <PaymentStatusBadge status={payment.status} />
            </Table.Td>
            <Table.Td>
              <InvoiceDownload
                invoiceId={payment.invoiceId}
                invoiceNumber={payment.invoiceNumber}
                label={(number) => t('list.download', { number })}
              />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

export function AllPaymentsPage() {
  return <PaymentsListPage admin />;
}
