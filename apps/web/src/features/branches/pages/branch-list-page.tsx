import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REGIONS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { type BranchListParams, branchCountQuery, branchListQuery } from '../api.ts';
import { cityName, regionName } from '../components/branch-labels.ts';

const STATUSES = ['active', 'inactive'] as const;
type Filters = Omit<BranchListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/branch-management` (read_2): the branches in the user's scope, searched and paged on the server. */
export function BranchListPage() {
  const { t } = useTranslation('branches');
  const { language } = useLanguage();
  const canCreate = useAbility('branches', 'create');
  const list = useListState<Filters>({
    ...byName(language),
    region: '',
    status: '',
  });
  const query = useQuery(branchListQuery(list.params));
  const count = useQuery(branchCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/add-branch', allowed: canCreate };

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <ListFilters list={list} columns={3} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
        <ChoiceFilter
          label={t('list.region')}
          allLabel={t('list.allRegions')}
          options={REGIONS.map((region) => ({ value: region.code, label: region[language] }))}
          value={list.filters.region}
          onChange={(value) => list.setFilter('region', value)}
        />
        <ChoiceFilter
          label={t('list.status')}
          allLabel={t('list.allStatuses')}
          options={STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="branch-total"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            sort={tableSortOf(list)}
            columns={[
              { label: t('list.columns.name'), sort: byName(language).sort },
              { label: t('list.columns.code'), sort: 'code' },
              t('list.columns.type'),
              t('list.columns.place'),
              t('list.columns.status'),
              t('list.columns.rooms'),
            ]}
            minWidth={640}
          >
            {items.map((branch) => (
              <Table.Tr key={branch.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/branches/profile/${branch.id}`} data-user-data>
                    {nameIn(branch, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <bdi data-user-data>{branch.code}</bdi>
                </Table.Td>
                <Table.Td>{t(`types.${branch.type}`)}</Table.Td>
                <Table.Td>
                  {regionName(branch.region, language)} — {cityName(branch.region, branch.city, language)}
                </Table.Td>
                <Table.Td>
                  <StatusBadge tone={branch.status === 'active' ? 'positive' : 'neutral'}>
                    {t(`statuses.${branch.status}`)}
                  </StatusBadge>
                </Table.Td>
                <Table.Td>
                  {formatNumber(branch.classroomCount, language)} / {formatNumber(branch.seatCount, language)}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
