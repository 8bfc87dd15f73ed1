import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Center } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListAdd } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, type ListState } from '../../../components/list/use-list-state.ts';
import { formatDate, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { centerCountQuery, centerListQuery } from '../api.ts';
import type { CenterFilters } from './center-filters.tsx';
import { CenterStatusBadge, placeOf } from './center-labels.tsx';

export type CenterColumn = 'kind' | 'crNumber' | 'licence' | 'place' | 'status' | 'submitted' | 'reviewed';

/** Where a centre's profile is, by its kind (spec §2 training-center/profile/{id}, medical-center/profile/{id}). */
export function profilePathOf(center: Pick<Center, 'id' | 'kind'>): string {
  return `/admin/${center.kind}-center/profile/${center.id}`;
}

/** A centres list's result: loading, error, count, empty, or the table with the chosen columns, and the pager. */
export function CentersTable({
  list,
  columns,
  caption,
  noneText,
  noMatchText,
  add,
  actions,
}: {
  list: ListState<CenterFilters>;
  columns: readonly CenterColumn[];
  caption: string;
  /** There are none at all yet. */
  noneText: string;
  /** None matches the search and filters. */
  noMatchText: string;
  /** The add action offered while there are none. */
  add?: ListAdd;
  /** A last column of buttons per row (user approval). */
  actions?: (center: Center) => ReactNode;
}) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const query = useQuery(centerListQuery(list.params));
  const count = useQuery(centerCountQuery(list.params));
  const cells: Record<CenterColumn, (center: Center) => ReactNode> = {
    kind: (center) => t(`kinds.${center.kind}`),
    crNumber: (center) => (
      <bdi data-user-data style={{ whiteSpace: 'nowrap' }}>
        {center.crNumber}
      </bdi>
    ),
    licence: (center) => (
      <bdi data-user-data style={{ whiteSpace: 'nowrap' }}>
        {center.licenceNumber}
      </bdi>
    ),
    place: (center) => placeOf(center, language),
    status: (center) => <CenterStatusBadge status={center.status} />,
    submitted: (center) => formatDate(center.createdAt, language),
    reviewed: (center) =>
      center.reviewedAt ? formatDate(center.reviewedAt, language) : t('requests.notReviewed'),
  };

  const headers = [
    ...columnsOf(['name', ...columns], (column) => t(`list.columns.${column}`), {
      name: byName(language).sort,
      crNumber: 'crNumber',
      submitted: 'createdAt',
    }),
    ...(actions ? [t('list.columns.actions')] : []),
  ];

  return (
    <ListResults
      query={query}
      count={count}
      list={list}
      totalText={(count, total) => t('list.count', { count, total })}
      noneText={noneText}
      noMatchText={noMatchText}
      add={add}
      pagesLabel={t('list.pages')}
      totalTestId="center-total"
    >
      {(items) => (
        <ListTable caption={caption} minWidth={720} columns={headers} sort={tableSortOf(list)}>
          {items.map((center) => (
            <Table.Tr key={center.id}>
              <Table.Td>
                <Anchor component={Link} to={profilePathOf(center)} data-user-data>
                  {nameIn(center, language)}
                </Anchor>
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column}>{cells[column](center)}</Table.Td>
              ))}
              {actions && <Table.Td>{actions(center)}</Table.Td>}
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListResults>
  );
}
