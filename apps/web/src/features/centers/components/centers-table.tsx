import { Anchor, Table, Text } from '@mantine/core';
import type { Center } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatDate, formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { CenterStatusBadge, centerName, placeOf } from './center-labels.tsx';
import type { CenterList } from './use-center-list.ts';

export type CenterColumn = 'kind' | 'crNumber' | 'licence' | 'place' | 'status' | 'submitted' | 'reviewed';

/** Where a centre's profile is, by its kind (spec §2 training-center/profile/{id}, medical-center/profile/{id}). */
export function profilePathOf(center: Pick<Center, 'id' | 'kind'>): string {
  return `/admin/${center.kind}-center/profile/${center.id}`;
}

/** A centres list's result: loading, error, empty, or the table with the chosen columns and the pager. */
export function CentersTable({
  list,
  columns,
  caption,
  empty,
  actions,
}: {
  list: CenterList;
  columns: readonly CenterColumn[];
  caption: string;
  empty: string;
  /** A last column of buttons per row (user approval). */
  actions?: (center: Center) => ReactNode;
}) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { query, pages } = list;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
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

  return (
    <>
      <Text c="gray.7" aria-live="polite" data-testid="center-total">
        {t('list.total', { total: formatNumber(query.data.total, language) })}
      </Text>
      {query.data.items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover withTableBorder>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.columns.name')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column}>{t(`list.columns.${column}`)}</Table.Th>
                ))}
                {actions && <Table.Th>{t('list.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((center) => (
                <Table.Tr key={center.id}>
                  <Table.Td>
                    <Anchor component={Link} to={profilePathOf(center)} data-user-data>
                      {centerName(center, language)}
                    </Anchor>
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column}>{cells[column](center)}</Table.Td>
                  ))}
                  {actions && <Table.Td>{actions(center)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        pages={pages}
        nextCursor={query.data.nextCursor}
        isFetching={query.isFetching}
        label={t('list.pages')}
      />
    </>
  );
}
