import { CORPORATE_TYPES, REGIONS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import {
  ChoiceFilter,
  ListFilters,
  ListSortFields,
  SearchField,
} from '../../../components/list/list-filters.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { CorporateListParams } from '../api.ts';

export type CorporateFilters = Omit<CorporateListParams, 'cursor' | 'limit' | 'search'>;
const SORTS = ['nameEn', 'nameAr', 'crNumber', 'createdAt'] as const;

/** The search box, filters and sort of the corporate list; every choice is applied by the server. */
export function CorporateListFilters({ list }: { list: ListState<CorporateFilters> }) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const { filters, setFilter } = list;

  return (
    <ListFilters>
      <SearchField
        label={t('list.search')}
        hint={t('list.searchHint')}
        value={list.search}
        onChange={list.setSearch}
      />
      <ChoiceFilter
        label={t('list.type')}
        allLabel={t('list.allTypes')}
        options={CORPORATE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        value={filters.type}
        onChange={(value) => setFilter('type', value)}
      />
      <ChoiceFilter
        label={t('list.region')}
        allLabel={t('list.allRegions')}
        options={REGIONS.map((region) => ({ value: region.code, label: region[language] }))}
        value={filters.region}
        onChange={(value) => setFilter('region', value)}
        searchable
      />
      <ListSortFields list={list} sorts={SORTS} labelOf={(sort) => t(`list.sortBy.${sort}`)} />
    </ListFilters>
  );
}
