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
import { FEE_SERVICES, type FeeSetup } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { type FeeListParams, feeListQuery } from '../api.ts';
import { feeName, formatPercent } from '../components/fee-labels.ts';

const PAGE_SIZE = 20;
type Filters = Omit<FeeListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/fees-setup` (read_10): what each service costs, with its total, searched and paged on the server. */
export function FeeListPage() {
  const { t } = useTranslation('fees');
  const { language } = useLanguage();
  const canCreate = useCan('create_10');
  const canEdit = useCan('edit_10');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<Filters>({
    service: '',
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    feeListQuery({ ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  const amana = (setup: FeeSetup) =>
    setup.amanaFeeKind === 'percent'
      ? t('list.amanaPercent', {
          rate: formatPercent(setup.amanaFee, language),
          amount: formatSar(setup.breakdown.amanaFee, language),
        })
      : formatSar(setup.amanaFee, language);
  const vatParts = (setup: FeeSetup) => {
    if (setup.vatOnOriginal && setup.vatOnAmana) return t('list.vatOnBoth');
    if (setup.vatOnOriginal) return t('list.vatOnOriginal');
    return setup.vatOnAmana ? t('list.vatOnAmana') : t('list.vatOnNone');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button
            component={Link}
            to="/admin/add-fees-setup"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('list.add')}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            type="search"
            label={t('list.search')}
            placeholder={t('list.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          <Select
            label={t('list.service')}
            data={[
              { value: '', label: t('list.allServices') },
              ...FEE_SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) })),
            ]}
            value={filters.service}
            onChange={(value) => set('service', FEE_SERVICES.find((service) => service === value) ?? '')}
            allowDeselect={false}
          />
          <Select
            label={t('list.sort')}
            data={[
              { value: 'nameEn', label: t('list.sortBy.nameEn') },
              { value: 'nameAr', label: t('list.sortBy.nameAr') },
            ]}
            value={filters.sort}
            onChange={(value) => set('sort', value === 'nameAr' ? 'nameAr' : 'nameEn')}
            allowDeselect={false}
          />
          <Select
            label={t('list.order')}
            data={[
              { value: 'asc', label: t('list.orders.asc') },
              { value: 'desc', label: t('list.orders.desc') },
            ]}
            value={filters.order}
            onChange={(value) => set('order', value === 'desc' ? 'desc' : 'asc')}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="fee-list-total">
            {t('list.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('list.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.columns.name')}</Table.Th>
                    <Table.Th>{t('list.columns.service')}</Table.Th>
                    <Table.Th>{t('list.columns.original')}</Table.Th>
                    <Table.Th>{t('list.columns.amana')}</Table.Th>
                    <Table.Th>{t('list.columns.vat')}</Table.Th>
                    <Table.Th>{t('list.columns.total')}</Table.Th>
                    <Table.Th>{t('list.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((setup) => (
                    <Table.Tr key={setup.id}>
                      <Table.Td data-user-data>
                        {canEdit ? (
                          <Anchor component={Link} to={`/admin/edit-fees/${setup.id}`}>
                            {feeName(setup, language)}
                          </Anchor>
                        ) : (
                          feeName(setup, language)
                        )}
                      </Table.Td>
                      <Table.Td>{t(`services.${setup.service}`)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatSar(setup.originalFee, language)}
                      </Table.Td>
                      <Table.Td>{amana(setup)}</Table.Td>
                      <Table.Td>
                        {formatPercent(setup.vatRate, language)} — {vatParts(setup)}
                        <Text span display="block" size="sm" c="gray.7">
                          {formatSar(setup.breakdown.vat, language)}
                        </Text>
                      </Table.Td>
                      <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {formatSar(setup.breakdown.total, language)}
                      </Table.Td>
                      <Table.Td style={{ minWidth: 104 }}>
                        <StatusBadge tone={setup.active ? 'positive' : 'neutral'}>
                          {t(setup.active ? 'statuses.active' : 'statuses.inactive')}
                        </StatusBadge>
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
