import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { CENTER_KINDS, CENTER_SORTS, CENTER_STATUSES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import type { CenterFilters, CenterList } from './use-center-list.ts';

/** Search, the kind and status filters a list offers, sort and order. */
export function CenterFilterBar({
  list,
  showKind = false,
  showStatus = true,
}: {
  list: CenterList;
  showKind?: boolean;
  showStatus?: boolean;
}) {
  const { t } = useTranslation('centers');
  const { filters, setFilter } = list;
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 + Number(showKind) + Number(showStatus) }}>
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        {showKind && (
          <Select
            label={t('approval.kind')}
            data={[
              { value: '', label: t('approval.allKinds') },
              ...CENTER_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            ]}
            value={filters.kind}
            onChange={(value) => setFilter('kind', (value ?? '') as CenterFilters['kind'])}
            allowDeselect={false}
          />
        )}
        {showStatus && (
          <Select
            label={t('list.status')}
            data={[
              { value: '', label: t('list.allStatuses') },
              ...CENTER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
            ]}
            value={filters.status}
            onChange={(value) => setFilter('status', (value ?? '') as CenterFilters['status'])}
            allowDeselect={false}
          />
        )}
        <Select
          label={t('list.sort')}
          data={CENTER_SORTS.map((sort) => ({ value: sort, label: t(`list.sortBy.${sort}`) }))}
          value={filters.sort}
          onChange={(value) => setFilter('sort', (value ?? 'createdAt') as CenterFilters['sort'])}
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
  );
}
