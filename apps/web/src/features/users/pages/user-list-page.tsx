import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { userTypeSlug } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { userCountQuery, userFormOptionsQuery, userListQuery } from '../api.ts';
import { profilePathOf, statusTone } from '../components/user-labels.ts';
import { type UserFilters, UserListFilters } from '../components/user-list-filters.tsx';

const COLUMNS = ['name', 'username', 'type', 'branch', 'group', 'status'] as const;

/** `/admin/user-management` (read_1): the staff accounts in the user's scope, searched and paged on the server. */
export function UserListPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const canCreate = useAbility('users', 'create');
  const options = useQuery(userFormOptionsQuery);
  const list = useListState<UserFilters>({
    type: '',
    branchId: '',
    permissionGroupId: '',
    status: '',
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const query = useQuery(userListQuery(list.params));
  const count = useQuery(userCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/add-user', allowed: canCreate };

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <UserListFilters list={list} options={options.data} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="user-total"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={720}
            columns={columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), {
              name: byName(language).sort,
              username: 'username',
            })}
            sort={tableSortOf(list)}
          >
            {items.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Anchor component={Link} to={profilePathOf(user)} data-user-data>
                    {nameIn(user, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <bdi data-user-data>{user.username}</bdi>
                </Table.Td>
                <Table.Td>{tc(`userTypes.${userTypeSlug(user.type)}`)}</Table.Td>
                <Table.Td>
                  {user.branch ? (
                    <span data-user-data>{nameIn(user.branch, language)}</span>
                  ) : (
                    t('headOffice')
                  )}
                </Table.Td>
                <Table.Td>
                  {user.permissionGroup && (
                    <span data-user-data>{nameIn(user.permissionGroup, language)}</span>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge tone={statusTone(user.status)}>{t(`statuses.${user.status}`)}</StatusBadge>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
