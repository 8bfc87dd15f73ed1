import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { CORPORATE_TYPES, REGIONS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { CorporateListParams } from '../api.ts';

export type CorporateFilters = Omit<CorporateListParams, 'cursor' | 'limit' | 'search'>;
const SORTS = ['nameEn', 'nameAr', 'crNumber', 'createdAt'] as const;

interface CorporateListFiltersProps {
  search: string;
  onSearch: (search: string) => void;
  filters: CorporateFilters;
  onChange: (update: (current: CorporateFilters) => CorporateFilters) => void;
}

/** The search box, filters and sort of the corporate list; every choice is applied by the server. */
export function CorporateListFilters({ search, onSearch, filters, onChange }: CorporateListFiltersProps) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const set = <K extends keyof CorporateFilters>(key: K, value: CorporateFilters[K]) =>
    onChange((current) => ({ ...current, [key]: value }));

  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Select
          label={t('list.type')}
          data={[
            { value: '', label: t('list.allTypes') },
            ...CORPORATE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
          value={filters.type}
          onChange={(value) => set('type', CORPORATE_TYPES.find((type) => type === value) ?? '')}
          allowDeselect={false}
        />
        <Select
          label={t('list.region')}
          data={[
            { value: '', label: t('list.allRegions') },
            ...REGIONS.map((region) => ({ value: region.code, label: region[language] })),
          ]}
          value={filters.region}
          onChange={(value) => set('region', value ?? '')}
          allowDeselect={false}
          searchable
        />
        <Select
          label={t('list.sort')}
          data={SORTS.map((sort) => ({ value: sort, label: t(`list.sortBy.${sort}`) }))}
          value={filters.sort}
          onChange={(value) => set('sort', SORTS.find((sort) => sort === value) ?? 'nameEn')}
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
  );
}
