import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { REGIONS } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { type BranchListParams, branchListQuery } from '../api.ts';
import { branchName, cityName, regionName } from '../components/branch-labels.ts';

const PAGE_SIZE = 20;
const SORTS = ['nameEn', 'nameAr', 'code', 'createdAt'] as const;
type Filters = Omit<BranchListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/branch-management` (read_2): the branches in the user's scope, searched and paged on the server. */
export function BranchListPage() {
  const { t } = useTranslation('branches');
  const { language } = useLanguage();
  const canCreate = useCan('create_2');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<Filters>({
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
    region: '',
    status: '',
  });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    branchListQuery({ ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button component={Link} to="/admin/add-branch" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('list.add')}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <TextInput
            type="search"
            label={t('list.search')}
            placeholder={t('list.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          <Select
            label={t('list.region')}
            data={[
              { value: '', label: t('list.allRegions') },
              ...REGIONS.map((region) => ({ value: region.code, label: region[language] })),
            ]}
            value={filters.region}
            onChange={(value) => setFilter('region', value ?? '')}
            allowDeselect={false}
          />
          <Select
            label={t('list.status')}
            data={[
              { value: '', label: t('list.allStatuses') },
              { value: 'active', label: t('statuses.active') },
              { value: 'inactive', label: t('statuses.inactive') },
            ]}
            value={filters.status}
            onChange={(value) => setFilter('status', (value ?? '') as Filters['status'])}
            allowDeselect={false}
          />
          <Select
            label={t('list.sort')}
            data={SORTS.map((sort) => ({ value: sort, label: t(`list.sortBy.${sort}`) }))}
            value={filters.sort}
            onChange={(value) => setFilter('sort', (value ?? 'nameEn') as Filters['sort'])}
            allowDeselect={false}
          />
          <Select
            label={t('list.order')}
            data={[
              { value: 'asc', label: t('list.orders.asc') },
              { value: 'desc', label: t('list.orders.desc') },
            ]}
            value={filters.order}
            onChange={(value) => setFilter('order', value === 'desc' ? 'desc' : 'asc')}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="branch-total">
            {t('list.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('list.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.columns.name')}</Table.Th>
                    <Table.Th>{t('list.columns.code')}</Table.Th>
                    <Table.Th>{t('list.columns.type')}</Table.Th>
                    <Table.Th>{t('list.columns.place')}</Table.Th>
                    <Table.Th>{t('list.columns.status')}</Table.Th>
                    <Table.Th>{t('list.columns.rooms')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((branch) => (
                    <Table.Tr key={branch.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/branches/profile/${branch.id}`} data-user-data>
                          {branchName(branch, language)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <bdi data-user-data>{branch.code}</bdi>
                      </Table.Td>
                      <Table.Td>{t(`types.${branch.type}`)}</Table.Td>
                      <Table.Td>
                        {regionName(branch.region, language)} —{' '}
                        {cityName(branch.region, branch.city, language)}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge tone={branch.status === 'active' ? 'positive' : 'neutral'}>
                          {t(`statuses.${branch.status}`)}
                        </StatusBadge>
                      </Table.Td>
                      <Table.Td>
                        {formatNumber(branch.classroomCount, language)} /{' '}
                        {formatNumber(branch.seatCount, language)}
                      </Table.Td>
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
