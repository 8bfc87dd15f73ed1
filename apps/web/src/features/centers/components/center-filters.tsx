import { CENTER_KINDS, CENTER_STATUSES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import type { CenterListParams } from '../api.ts';

export type CenterFilters = Omit<CenterListParams, 'cursor' | 'limit' | 'search'>;

/** Search, and the kind and status filters a list offers (the table's headers sort it). */
export function CenterFilterBar({
  list,
  showKind = false,
  showStatus = true,
}: {
  list: ListState<CenterFilters>;
  showKind?: boolean;
  showStatus?: boolean;
}) {
  const { t } = useTranslation('centers');
  const { filters, setFilter } = list;
  return (
    <ListFilters
      list={list}
      columns={1 + Number(showKind) + Number(showStatus)}
      search={{ label: t('list.search'), hint: t('list.searchHint') }}
    >
      {showKind && (
        <ChoiceFilter
          label={t('approval.kind')}
          allLabel={t('approval.allKinds')}
          options={CENTER_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          value={filters.kind}
          onChange={(value) => setFilter('kind', value)}
        />
      )}
      {showStatus && (
        <ChoiceFilter
          label={t('list.status')}
          allLabel={t('list.allStatuses')}
          options={CENTER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          value={filters.status}
          onChange={(value) => setFilter('status', value)}
        />
      )}
    </ListFilters>
  );
}
