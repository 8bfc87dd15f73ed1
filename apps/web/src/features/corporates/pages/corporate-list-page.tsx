import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { cityName, regionName } from '../../branches/components/branch-labels.ts';
import { corporateListQuery } from '../api.ts';
import { corporatePaths } from '../components/corporate-labels.ts';
import { type CorporateFilters, CorporateListFilters } from '../components/corporate-list-filters.tsx';

const COLUMNS = ['name', 'cr', 'vat', 'type', 'place', 'representative', 'students'] as const;

/** `/admin/corporate` (read_4): corporates searched by names, CR or VAT, filtered and paged on the server. */
export function CorporateListPage() {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const canCreate = useCan('create_4');
  const list = useListState<CorporateFilters>({
    type: '',
    region: '',
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const query = useQuery(corporateListQuery(list.params));

  return (
    <Stack gap="md">
      <ListHeader
        title={t('list.title')}
        add={{ label: t('list.add'), to: corporatePaths.add, allowed: canCreate }}
      />
      <CorporateListFilters list={list} />
      <ListResults
        query={query}
        pages={list.pages}
        totalText={(total) => t('list.total', { total: formatNumber(total, language) })}
        emptyText={t('list.empty')}
        pagesLabel={t('list.pages')}
        totalTestId="corporate-total"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={760}
            columns={COLUMNS.map((column) => t(`list.columns.${column}`))}
          >
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
