import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AMANA_INVOICE_STATUSES, type AmanaInvoice } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateFilter } from '../../../components/list/date-filter.tsx';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { dateTimeFormat, formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { branchOptionsQuery } from '../../students/api.ts';
import { type AmanaInvoiceListParams, amanaInvoiceCountQuery, amanaInvoiceListQuery } from '../api.ts';
import { AmanaStatusBadge, IssueInvoiceForm, periodText } from '../components.tsx';

type Filters = Omit<AmanaInvoiceListParams, 'cursor' | 'limit' | 'search'>;

/**
 * `amana-invoice` (read_10 or read_18): the Amanah's invoices, searched by number and filtered by
 * branch, period and status; finance (create_10 or create_18) issues one above the list.
 */
export function AmanaInvoiceListPage() {
  const { t } = useTranslation(['amana-invoices', 'messages']);
  const { language } = useLanguage();
  const canIssue = useAbility('amana-invoices', 'issue');
  const canReadBranches = useAbility('amana-invoices', 'filterByBranch');
  const list = useListState<Filters>({ branchId: '', from: '', to: '', status: '' });
  const query = useQuery(amanaInvoiceListQuery(list.params));
  const count = useQuery(amanaInvoiceCountQuery(list.params));
  const branches = useQuery({ ...branchOptionsQuery, enabled: canReadBranches });
  const title = t('amana-invoices:list.title');

  return (
    <Stack gap="md">
      <ListHeader title={title} intro={t('amana-invoices:list.intro')} />
      {canIssue ? <IssueInvoiceForm /> : null}
      <ListFilters list={list} columns={4} search={{ label: t('amana-invoices:list.search') }}>
        {branches.isSuccess && branches.data.length > 1 && (
          <ChoiceFilter
            label={t('amana-invoices:list.branch')}
            allLabel={t('amana-invoices:list.allBranches')}
            options={branches.data.map((branch) => ({
              value: String(branch.id),
              label: nameIn(branch, language),
            }))}
            value={list.filters.branchId}
            onChange={(value) => list.setFilter('branchId', value)}
          />
        )}
        <DateFilter
          label={t('amana-invoices:list.from')}
          value={list.filters.from}
          onChange={(value) => list.setFilter('from', value)}
        />
        <DateFilter
          label={t('amana-invoices:list.to')}
          value={list.filters.to}
          onChange={(value) => list.setFilter('to', value)}
        />
        <ChoiceFilter
          label={t('amana-invoices:list.status')}
          allLabel={t('amana-invoices:list.allStatuses')}
          options={AMANA_INVOICE_STATUSES.map((value) => ({
            value,
            label: t(`amana-invoices:status.${value}`),
          }))}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('amana-invoices:list.count', { count, total })}
        noneText={t('amana-invoices:list.none')}
        noMatchText={t('amana-invoices:list.noMatch')}
        pagesLabel={t('amana-invoices:list.pages')}
        totalTestId="amana-invoice-total-count"
      >
        {(items) => <InvoiceTable caption={title} items={items} />}
      </ListResults>
    </Stack>
  );
}

const COLUMNS = ['number', 'branch', 'period', 'lines', 'amount', 'status', 'issuedAt'] as const;

function InvoiceTable({ caption, items }: { caption: string; items: AmanaInvoice[] }) {
  const { t } = useTranslation('amana-invoices');
  const { language } = useLanguage();
  const when = dateTimeFormat(language, {
    dateStyle: 'medium',
    timeZone: 'Asia/Riyadh',
    calendar: 'gregory',
  });
  return (
    <ListTable caption={caption} minWidth={760} columns={COLUMNS.map((column) => t(`list.${column}`))}>
      {items.map((invoice) => (
        <Table.Tr key={invoice.id} data-testid={`amana-invoice-${invoice.id}`}>
          <Table.Td>
            <Anchor component={Link} to={`/admin/amana-invoice/${invoice.id}`}>
              <bdi data-user-data>{invoice.number}</bdi>
            </Anchor>
          </Table.Td>
          <Table.Td data-user-data>
            {nameIn({ nameEn: invoice.branchNameEn, nameAr: invoice.branchNameAr }, language)}
          </Table.Td>
          <Table.Td>{periodText(invoice, language)}</Table.Td>
          <Table.Td>
            {t('list.verifiedOf', {
              verified: formatNumber(invoice.verifiedCount, language),
              total: formatNumber(invoice.lineCount, language),
            })}
          </Table.Td>
          <Table.Td>{formatSar(invoice.amount, language)}</Table.Td>
          <Table.Td>
            <AmanaStatusBadge status={invoice.status} />
          </Table.Td>
          <Table.Td>{when.format(new Date(invoice.issuedAt))}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
