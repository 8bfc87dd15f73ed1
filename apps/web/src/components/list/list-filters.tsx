import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from './use-list-state.ts';

/** The box above a list holding its search, filters and sort, in a grid that wraps on a phone. */
export function ListFilters({ children, columns = 5 }: { children: ReactNode; columns?: number }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: columns }}>{children}</SimpleGrid>
    </Paper>
  );
}

/** The free-text search of a list (a `searchbox` to screen readers). */
export function SearchField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={hint}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
    />
  );
}

/** The free-text search of a list, read from and written to the list's state. */
export function ListSearchField({
  list,
  label,
  hint,
}: {
  list: Pick<ListState<unknown>, 'search' | 'setSearch'>;
  label: string;
  hint?: string;
}) {
  return <SearchField label={label} hint={hint} value={list.search} onChange={list.setSearch} />;
}

/**
 * A filter with an "all" choice first: `''` stands for all. `options` are the other choices
 * with their labels already translated.
 */
export function ChoiceFilter<Value extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
  searchable,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  value: Value | '';
  onChange(value: Value | ''): void;
  searchable?: boolean;
}) {
  return (
    <Select
      label={label}
      data={[{ value: '', label: allLabel }, ...options]}
      value={value}
      onChange={(next) => onChange(options.find((option) => option.value === next)?.value ?? '')}
      allowDeselect={false}
      searchable={searchable}
    />
  );
}

/** The sort key and the order of a list; `labelOf` names each sort key in the current language. */
export function SortFields<Sort extends string>({
  sorts,
  labelOf,
  sort,
  order,
  onSort,
  onOrder,
}: {
  sorts: readonly Sort[];
  labelOf(sort: Sort): string;
  sort: Sort;
  order: 'asc' | 'desc';
  onSort(sort: Sort): void;
  onOrder(order: 'asc' | 'desc'): void;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <Select
        label={t('list.sort')}
        data={sorts.map((key) => ({ value: key, label: labelOf(key) }))}
        value={sort}
        onChange={(next) => onSort(sorts.find((key) => key === next) ?? sort)}
        allowDeselect={false}
      />
      <Select
        label={t('list.order')}
        data={[
          { value: 'asc', label: t('list.orders.asc') },
          { value: 'desc', label: t('list.orders.desc') },
        ]}
        value={order}
        onChange={(next) => onOrder(next === 'desc' ? 'desc' : 'asc')}
        allowDeselect={false}
      />
    </>
  );
}

/** A list whose filters hold its sort key and order. */
type SortedList<Sort extends string> = Pick<
  ListState<{ sort: Sort; order: 'asc' | 'desc' }>,
  'filters' | 'setFilter'
>;

/** The sort key and order of a list, read from and written to the list's state. */
export function ListSortFields<Sort extends string>({
  list,
  sorts,
  labelOf,
}: {
  list: SortedList<Sort>;
  sorts: readonly Sort[];
  labelOf(sort: Sort): string;
}) {
  return (
    <SortFields
      sorts={sorts}
      labelOf={labelOf}
      sort={list.filters.sort}
      order={list.filters.order}
      onSort={(sort) => list.setFilter('sort', sort)}
      onOrder={(order) => list.setFilter('order', order)}
    />
  );
}

const ACTIVE_STATUSES = ['active', 'inactive'] as const;

/** A list whose filters hold an active or inactive status ('' for all). */
type StatusList = Pick<ListState<{ status: '' | (typeof ACTIVE_STATUSES)[number] }>, 'filters' | 'setFilter'>;

/** The common Status filter of records that are active or inactive, "All statuses" first, bound to the list. */
export function ListStatusFilter({ list }: { list: StatusList }) {
  const { t } = useTranslation('common');
  return (
    <ChoiceFilter
      label={t('list.status')}
      allLabel={t('list.allStatuses')}
      options={ACTIVE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      value={list.filters.status}
      onChange={(value) => list.setFilter('status', value)}
    />
  );
}
