import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { STAFF_TYPES, type StaffUserFormOptions, userTypeSlug } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { UserListParams } from '../api.ts';
import { nameIn } from './user-labels.ts';

export type UserFilters = Omit<UserListParams, 'cursor' | 'limit' | 'search'>;
const SORTS = ['nameEn', 'nameAr', 'username', 'createdAt'] as const;

interface UserListFiltersProps {
  search: string;
  onSearch: (search: string) => void;
  filters: UserFilters;
  onChange: (update: (current: UserFilters) => UserFilters) => void;
  /** The branches and groups to filter by (until they load, only "all"). */
  options: StaffUserFormOptions | undefined;
}

/** The search box, filters and sort of the user list; every choice is applied by the server. */
export function UserListFilters({ search, onSearch, filters, onChange, options }: UserListFiltersProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) =>
    onChange((current) => ({ ...current, [key]: value }));
  // Branch staff see their own branch only: a branch filter would offer nothing to choose.
  const showBranches = Boolean(options?.headOffice);

  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
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
            ...STAFF_TYPES.map((type) => ({ value: type, label: tc(`userTypes.${userTypeSlug(type)}`) })),
          ]}
          value={filters.type}
          onChange={(value) => set('type', value ?? '')}
          allowDeselect={false}
          searchable
        />
        {showBranches && (
          <Select
            label={t('list.branch')}
            data={[
              { value: '', label: t('list.allBranches') },
              ...(options?.branches ?? []).map((branch) => ({
                value: String(branch.id),
                label: nameIn(branch, language),
              })),
            ]}
            value={filters.branchId}
            onChange={(value) => set('branchId', value ?? '')}
            allowDeselect={false}
            searchable
          />
        )}
        <Select
          label={t('list.group')}
          data={[
            { value: '', label: t('list.allGroups') },
            ...(options?.permissionGroups ?? []).map((group) => ({
              value: String(group.id),
              label: nameIn(group, language),
            })),
          ]}
          value={filters.permissionGroupId}
          onChange={(value) => set('permissionGroupId', value ?? '')}
          allowDeselect={false}
          searchable
        />
        <Select
          label={t('list.status')}
          data={[
            { value: '', label: t('list.allStatuses') },
            { value: 'active', label: t('statuses.active') },
            { value: 'inactive', label: t('statuses.inactive') },
          ]}
          value={filters.status}
          onChange={(value) => set('status', value === 'active' || value === 'inactive' ? value : '')}
          allowDeselect={false}
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
