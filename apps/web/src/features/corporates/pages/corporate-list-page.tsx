import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { cityName, regionName } from '../../branches/components/branch-labels.ts';
import { corporateCountQuery, corporateListQuery } from '../api.ts';
import { corporatePaths } from '../components/corporate-labels.ts';
import { type CorporateFilters, CorporateListFilters } from '../components/corporate-list-filters.tsx';

const COLUMNS = ['name', 'cr', 'vat', 'type', 'place', 'representative', 'students'] as const;

/** `/admin/corporate` (read_4): corporates searched by names, CR or VAT, filtered and paged on the server. */
export function CorporateListPage() {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const canCreate = useAbility('corporates', 'create');
  const list = useListState<CorporateFilters>({
    type: '',
    region: '',
    ...byName(language),
  });
  const query = useQuery(corporateListQuery(list.params));
  const count = useQuery(corporateCountQuery(list.params));
  const add = { label: t('list.add'), to: corporatePaths.add, allowed: canCreate };
  const columns = columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), {
    name: byName(language).sort,
    cr: 'crNumber',
  });

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <CorporateListFilters list={list} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="corporate-total"
      >
        {(items) => (
          <ListTable caption={t('list.caption')} minWidth={760} columns={columns} sort={tableSortOf(list)}>
            {items.map((corporate) => (
              <Table.Tr key={corporate.id}>
                <Table.Td>
                  <Anchor component={Link} to={corporatePaths.profile(corporate.id)} data-user-data>
                    {nameIn(corporate, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <bdi data-user-data>{corporate.crNumber}</bdi>
                </Table.Td>
                <Table.Td>
                  {corporate.vatNumber ? <bdi data-user-data>{corporate.vatNumber}</bdi> : '—'}
                </Table.Td>
                <Table.Td>{corporate.type ? t(`types.${corporate.type}`) : '—'}</Table.Td>
                <Table.Td>
                  {regionName(corporate.headOfficeRegion, language)} —{' '}
                  {cityName(corporate.headOfficeRegion, corporate.headOfficeCity, language)}
                </Table.Td>
                <Table.Td data-user-data>{corporate.representativeName}</Table.Td>
                <Table.Td>{formatNumber(corporate.studentCount, language)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
