import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { cityName, regionName } from '../../branches/components/branch-labels.ts';
import { corporateListQuery } from '../api.ts';
import { corporateName, corporatePaths } from '../components/corporate-labels.ts';
import { type CorporateFilters, CorporateListFilters } from '../components/corporate-list-filters.tsx';

const PAGE_SIZE = 20;

/** `/admin/corporate` (read_4): corporates searched by names, CR or VAT, filtered and paged on the server. */
export function CorporateListPage() {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const canCreate = useCan('create_4');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<CorporateFilters>({
    type: '',
    region: '',
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    corporateListQuery({ ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button component={Link} to={corporatePaths.add} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('list.add')}
          </Button>
        )}
      </Group>

      <CorporateListFilters search={search} onSearch={setSearch} filters={filters} onChange={setFilters} />

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="corporate-total">
            {t('list.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('list.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.columns.name')}</Table.Th>
                    <Table.Th>{t('list.columns.cr')}</Table.Th>
                    <Table.Th>{t('list.columns.vat')}</Table.Th>
                    <Table.Th>{t('list.columns.type')}</Table.Th>
                    <Table.Th>{t('list.columns.place')}</Table.Th>
                    <Table.Th>{t('list.columns.representative')}</Table.Th>
                    <Table.Th>{t('list.columns.students')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((corporate) => (
                    <Table.Tr key={corporate.id}>
                      <Table.Td>
                        <Anchor component={Link} to={corporatePaths.profile(corporate.id)} data-user-data>
                          {corporateName(corporate, language)}
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
      )}
    </Stack>
  );
}
