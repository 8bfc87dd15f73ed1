import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Center } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { formatDate, formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { centerListQuery } from '../api.ts';
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
  empty,
  actions,
}: {
  list: ListState<CenterFilters>;
  columns: readonly CenterColumn[];
  caption: string;
  empty: string;
  /** A last column of buttons per row (user approval). */
  actions?: (center: Center) => ReactNode;
}) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const query = useQuery(centerListQuery(list.params));
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
    t('list.columns.name'),
    ...columns.map((column) => t(`list.columns.${column}`)),
    ...(actions ? [t('list.columns.actions')] : []),
  ];

  return (
    <ListResults
      query={query}
      pages={list.pages}
      totalText={(total) => t('list.total', { total: formatNumber(total, language) })}
      emptyText={empty}
      pagesLabel={t('list.pages')}
      totalTestId="center-total"
    >
      {(items) => (
        <ListTable caption={caption} minWidth={720} columns={headers}>
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
