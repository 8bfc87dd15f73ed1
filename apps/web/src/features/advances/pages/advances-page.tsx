import { Anchor, Button, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ADVANCE_METHODS,
  type AdvancePayment,
  PAYER_KINDS,
  type PayerBalance,
  type PayerKind,
} from '@tasreeh/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../components/list/date-filter.tsx';
import { ListChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { type ListState, useListState } from '../../../components/list/use-list-state.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { centreDateTimeFormat, formatSar, nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { InvoiceDownload, PaymentStatusBadge } from '../../payments/components/payment-cells.tsx';
import { PaymentMethodFilter, PaymentStatusFilter } from '../../payments/components/payment-filters.tsx';
import {
  type AdvanceListParams,
  advanceCountQuery,
  advanceListQuery,
  type BalanceListParams,
  balanceCountQuery,
  balanceListQuery,
  payerBalanceQuery,
} from '../api.ts';

function useWhen() {
  const { language } = useLanguage();
  return centreDateTimeFormat(language);
}

/**
 * `advanced-payment` (read_10): the payers' balances, each opening its movements, and the advance
 * payments taken, both searched, filtered and paged; finance with create_10 records a new one.
 */
export function AdvancesPage() {
  const { t } = useTranslation('advances');
  const canCreate = useAbility('advances', 'create');
  const [tab, setTab] = useState<string | null>('balances');
  return (
    <Stack gap="md">
      <ListHeader
        title={t('title')}
        intro={t('intro')}
        add={{ label: t('add'), to: '/admin/advanced-payment/new', allowed: canCreate }}
      />
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="balances">{t('tabs.balances')}</Tabs.Tab>
          <Tabs.Tab value="advances">{t('tabs.advances')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="balances" pt="md">
          <BalancesList />
        </Tabs.Panel>
        <Tabs.Panel value="advances" pt="md">
          <AdvancesList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** A tab's list (balances, advance payments): filtered by the payer searched and the payer's type. */
type PayerList = Pick<
  ListState<{ payerKind: PayerKind | '' }>,
  'activeFilterCount' | 'search' | 'setSearch' | 'filters' | 'setFilter'
>;

/** The filter bar of both tabs: the payer's search and type first, then the tab's own filters. */
function PayerFilters({
  list,
  columns,
  children,
}: {
  list: PayerList;
  columns: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('advances');
  return (
    <ListFilters
      list={list}
      columns={columns}
      search={{ label: t('filters.payer'), hint: t('filters.payerHint') }}
    >
      <ListChoiceFilter
        list={list}
        name="payerKind"
        label={t('filters.payerKind')}
        allLabel={t('filters.allPayers')}
        options={PAYER_KINDS.map((value) => ({ value, label: t(`payerKind.${value}`) }))}
      />
      {children}
    </ListFilters>
  );
}

function BalancesList() {
  const { t } = useTranslation(['advances', 'messages']);
  const { language } = useLanguage();
  const when = useWhen();
  const list = useListState<Omit<BalanceListParams, 'search' | 'cursor' | 'limit'>>({ payerKind: '' });
  const query = useQuery(balanceListQuery(list.params));
  const count = useQuery(balanceCountQuery(list.params));
  const [open, setOpen] = useState<{ kind: PayerKind; id: number } | null>(null);
  const columns = ['payer', 'kind', 'number', 'balance', 'last'].map((column) => t(`balances.${column}`));
  return (
    <Stack gap="md">
      <PayerFilters list={list} columns={2} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('balances.count', { count: shown, total })}
        noneText={t('balances.none')}
        noMatchText={t('balances.noMatch')}
        pagesLabel={t('balances.pages')}
      >
        {(items: PayerBalance[]) => (
          <ListTable caption={t('tabs.balances')} minWidth={640} columns={columns}>
            {items.map((row) => (
              <Table.Tr
                key={`${row.payerKind}-${row.payerId}`}
                data-testid={`balance-${row.payerKind}-${row.payerId}`}
              >
                <Table.Td data-user-data>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setOpen({ kind: row.payerKind, id: row.payerId })}
                  >
                    {nameInOrOther({ nameEn: row.payerName, nameAr: row.payerNameAr }, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`payerKind.${row.payerKind}`)}</Table.Td>
                <Table.Td dir="ltr" data-user-data>
                  {row.payerNumber ?? '—'}
                </Table.Td>
                <Table.Td>{formatSar(row.balance, language)}</Table.Td>
                <Table.Td>{row.lastMovementAt ? when.format(new Date(row.lastMovementAt)) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
      {open ? <Movements kind={open.kind} id={open.id} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

/** A payer's balance and its movements, newest first. */
function Movements({ kind, id, onClose }: { kind: PayerKind; id: number; onClose(): void }) {
  const { t } = useTranslation('advances');
  const { language } = useLanguage();
  const when = useWhen();
  const query = useQuery(payerBalanceQuery(kind, id));
  return (
    <Paper withBorder p="md" data-testid="movements">
      <QueryView query={query} notFoundText={t('movements.notFound')}>
        {(detail) => (
          <Stack gap="sm">
            <Title order={2} size="h4">
              <span data-user-data>
                {nameInOrOther({ nameEn: detail.payerName, nameAr: detail.payerNameAr }, language)}
              </span>{' '}
              · {formatSar(detail.balance, language)}
            </Title>
            {detail.movements.length === 0 ? (
              <Text c="dimmed">{t('movements.none')}</Text>
            ) : (
              <ListTable
                caption={t('movements.title')}
                minWidth={480}
                columns={['date', 'kind', 'amount'].map((column) => t(`movements.${column}`))}
              >
                {detail.movements.map((movement) => (
                  <Table.Tr key={movement.id}>
                    <Table.Td>{when.format(new Date(movement.createdAt))}</Table.Td>
                    <Table.Td>{t(`entryKind.${movement.kind}`)}</Table.Td>
                    <Table.Td dir="ltr">{formatSar(movement.amount, language)}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            )}
            <div>
              <Button variant="subtle" onClick={onClose}>
                {t('movements.close')}
              </Button>
            </div>
          </Stack>
        )}
      </QueryView>
    </Paper>
  );
}

function AdvancesList() {
  const { t } = useTranslation(['advances', 'payments', 'messages']);
  const { language } = useLanguage();
  const when = useWhen();
  const list = useListState<Omit<AdvanceListParams, 'search' | 'cursor' | 'limit'>>({
    payerKind: '',
    method: '',
    status: '',
    from: '',
    to: '',
  });
  const query = useQuery(advanceListQuery(list.params));
  const count = useQuery(advanceCountQuery(list.params));
  const columns = ['date', 'payer', 'method', 'amount', 'status', 'receipt'].map((column) =>
    t(`advances:list.${column}`),
  );
  return (
    <Stack gap="md">
      <PayerFilters list={list} columns={3}>
        <PaymentMethodFilter
          list={list}
          methods={ADVANCE_METHODS}
          label={t('filters.method')}
          allLabel={t('filters.allMethods')}
        />
        <PaymentStatusFilter list={list} label={t('filters.status')} allLabel={t('filters.allStatuses')} />
        <DayRangeFilter list={list} fromLabel={t('filters.from')} toLabel={t('filters.to')} />
      </PayerFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('advances:list.count', { count: shown, total })}
        noneText={t('advances:list.none')}
        noMatchText={t('advances:list.noMatch')}
        pagesLabel={t('advances:list.pages')}
        totalTestId="advance-total-count"
      >
        {(items: AdvancePayment[]) => (
          <ListTable caption={t('advances:tabs.advances')} minWidth={720} columns={columns}>
            {items.map((advance) => (
              <Table.Tr key={advance.id} data-testid={`advance-${advance.id}`}>
                <Table.Td>{when.format(new Date(advance.paidAt ?? advance.createdAt))}</Table.Td>
                <Table.Td data-user-data>
                  {nameInOrOther({ nameEn: advance.payerName, nameAr: advance.payerNameAr }, language)}
                </Table.Td>
                <Table.Td>{t(`payments:method.${advance.method}`)}</Table.Td>
                <Table.Td>{formatSar(advance.amount, language)}</Table.Td>
                <Table.Td>
                  <PaymentStatusBadge status={advance.status} />
                </Table.Td>
                <Table.Td>
                  <InvoiceDownload
                    invoiceId={advance.invoiceId}
                    invoiceNumber={advance.invoiceNumber}
                    label={(number) => number}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
