import { CORPORATE_TYPES, REGIONS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { CorporateListParams } from '../api.ts';

export type CorporateFilters = Omit<CorporateListParams, 'cursor' | 'limit' | 'search'>;

/** The search box and filters of the corporate list (its headers sort it); the server applies every choice. */
export function CorporateListFilters({ list }: { list: ListState<CorporateFilters> }) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const { filters, setFilter } = list;

  return (
    <ListFilters list={list} columns={3} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
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
    </ListFilters>
  );
}
