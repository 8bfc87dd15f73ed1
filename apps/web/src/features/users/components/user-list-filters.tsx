import { type Language, STAFF_TYPES, type StaffUserFormOptions, userTypeSlug } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, ListFilters, ListStatusFilter } from '../../../components/list/list-filters.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { UserListParams } from '../api.ts';

export type UserFilters = Omit<UserListParams, 'cursor' | 'limit' | 'search'>;

/** A branch or a group as a filter choice, named in the UI language. */
const choiceOf = (language: Language) => (item: { id: number; nameEn: string; nameAr: string }) => ({
  value: String(item.id),
  label: nameIn(item, language),
});

/** The search box and filters of the user list (its headers sort it); the server applies every choice. */
export function UserListFilters({
  list,
  options,
}: {
  list: ListState<UserFilters>;
  /** The branches and groups to filter by (until they load, only "all"). */
  options: StaffUserFormOptions | undefined;
}) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const { filters, setFilter } = list;

  return (
    <ListFilters list={list} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
      <ChoiceFilter
        label={t('list.type')}
        allLabel={t('list.allTypes')}
        options={STAFF_TYPES.map((type) => ({ value: type, label: tc(`userTypes.${userTypeSlug(type)}`) }))}
        value={filters.type}
        onChange={(value) => setFilter('type', value)}
        searchable
      />
      {/* Branch staff see their own branch only: a branch filter would offer nothing to choose. */}
      {options?.headOffice && (
        <ChoiceFilter
          label={t('list.branch')}
          allLabel={t('list.allBranches')}
          options={options.branches.map(choiceOf(language))}
          value={filters.branchId}
          onChange={(value) => setFilter('branchId', value)}
          searchable
        />
      )}
      <ChoiceFilter
        label={t('list.group')}
        allLabel={t('list.allGroups')}
        options={(options?.permissionGroups ?? []).map(choiceOf(language))}
        value={filters.permissionGroupId}
        onChange={(value) => setFilter('permissionGroupId', value)}
        searchable
      />
      <ListStatusFilter list={list} />
    </ListFilters>
  );
}
