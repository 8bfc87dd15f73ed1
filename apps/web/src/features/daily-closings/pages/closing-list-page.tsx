import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLOSING_STATUSES, type DailyClosing } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayRangeFilter } from '../../../components/list/date-filter.tsx';
import { ListChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { BranchFilter } from '../../students/components/branch-filter.tsx';
import { type ClosingListParams, closingCountQuery, closingListQuery } from '../api.ts';
import { ClosingDay } from '../components/closing-day.tsx';

export const STATUS_TONE = { open: 'warning', uploaded: 'neutral', finished: 'positive' } as const;
type Filters = Omit<ClosingListParams, 'cursor' | 'limit' | 'search'>;

/**
 * `daily-closing` (read_10 or read_17): the closings the caller may see, newest day first, each
 * with the system's cash, the counted cash and the difference (a shortfall or excess stands out);
 * searched by branch and filtered by day range, status and branch. A closer adds a closing here.
 */
export function ClosingListPage() {
  const { t } = useTranslation(['daily-closings', 'messages']);
  const add = {
    label: t('daily-closings:list.add'),
    to: '/admin/daily-closing/add-closing',
    allowed: useAbility('daily-closings', 'create'),
  };
  const list = useListState<Filters>({ from: '', to: '', status: '', branchId: '' });
  const query = useQuery(closingListQuery(list.params));
  const count = useQuery(closingCountQuery(list.params));
  const title = t('daily-closings:list.title');
  return (
    <Stack gap="md">
      <ListHeader title={title} add={add} />
      <ListFilters
        list={list}
        columns={4}
        search={{ label: t('daily-closings:list.search'), hint: t('daily-closings:list.searchHint') }}
      >
        <DayRangeFilter
          list={list}
          fromLabel={t('daily-closings:filters.from')}
          toLabel={t('daily-closings:filters.to')}
        />
        <ListChoiceFilter
          list={list}
          name="status"
          label={t('daily-closings:filters.status')}
          allLabel={t('daily-closings:filters.allStatuses')}
          options={CLOSING_STATUSES.map((value) => ({ value, label: t(`daily-closings:status.${value}`) }))}
        />
        <BranchFilter
          list={list}
          label={t('daily-closings:filters.branch')}
          allLabel={t('daily-closings:filters.allBranches')}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('daily-closings:list.count', { count: shown, total })}
        noneText={t('daily-closings:list.none')}
        noMatchText={t('daily-closings:list.noMatch')}
        pagesLabel={t('daily-closings:list.pages')}
        totalTestId="closing-total-count"
        add={add}
      >
        {(items) => <ClosingTable caption={title} items={items} />}
      </ListResults>
    </Stack>
  );
}

const COLUMNS = [
  'day',
  'branch',
  'systemCash',
  'systemTotal',
  'cashAmount',
  'difference',
  'deposit',
  'status',
] as const;

/** A signed difference: red for a shortfall, blue for an excess, as it is when none. */
export function differenceTone(difference: number): string | undefined {
  if (difference < 0) return 'red.9';
  if (difference > 0) return 'blue.9';
  return undefined;
}

function ClosingTable({ caption, items }: { caption: string; items: DailyClosing[] }) {
  const { t } = useTranslation('daily-closings');
  const { language } = useLanguage();
  return (
    <ListTable caption={caption} minWidth={900} columns={COLUMNS.map((column) => t(`list.${column}`))}>
      {items.map((closing) => (
        <Table.Tr key={closing.id} data-testid={`closing-${closing.id}`}>
          <Table.Td>
            <Anchor component={Link} to={`/admin/daily-closing/${closing.id}`}>
              <ClosingDay day={closing.day} />
            </Anchor>
          </Table.Td>
          <Table.Td>
            {nameIn({ nameEn: closing.branchNameEn, nameAr: closing.branchNameAr }, language)}
          </Table.Td>
          <Table.Td>{formatSar(closing.system.cash, language)}</Table.Td>
          <Table.Td>{formatSar(closing.system.total, language)}</Table.Td>
          <Table.Td>{formatSar(closing.cashAmount, language)}</Table.Td>
          <Table.Td data-testid={`closing-difference-${closing.id}`}>
            <Text size="sm" fw={closing.difference === 0 ? 400 : 700} c={differenceTone(closing.difference)}>
              {closing.difference === 0
                ? formatSar(0, language)
                : t(closing.difference < 0 ? 'list.shortfall' : 'list.excess', {
                    amount: formatSar(Math.abs(closing.difference), language),
                  })}
            </Text>
          </Table.Td>
          <Table.Td>{formatSar(closing.depositAmount, language)}</Table.Td>
          <Table.Td>
            <StatusBadge tone={STATUS_TONE[closing.status]}>{t(`status.${closing.status}`)}</StatusBadge>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
