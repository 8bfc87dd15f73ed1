import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { userTypeSlug } from '@tasreeh/shared';
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
import { type UserListParams, userFormOptionsQuery, userListQuery } from '../api.ts';
import { nameIn, profilePathOf, statusTone } from '../components/user-labels.ts';
import { type UserFilters, UserListFilters } from '../components/user-list-filters.tsx';

const PAGE_SIZE = 20;

/** `/admin/user-management` (read_1): the staff accounts in the user's scope, searched and paged on the server. */
export function UserListPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const canCreate = useCan('create_1');
  const options = useQuery(userFormOptionsQuery);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<UserFilters>({
    type: '',
    branchId: '',
    permissionGroupId: '',
    status: '',
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const params: UserListParams = {
    ...filters,
    search: debouncedSearch,
    cursor: pages.cursor,
    limit: PAGE_SIZE,
  };
  const query = useQuery(userListQuery(params));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button component={Link} to="/admin/add-user" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('list.add')}
          </Button>
        )}
      </Group>

      <UserListFilters
        search={search}
        onSearch={setSearch}
        filters={filters}
        onChange={setFilters}
        options={options.data}
      />

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="user-total">
            {t('list.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('list.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.columns.name')}</Table.Th>
                    <Table.Th>{t('list.columns.username')}</Table.Th>
                    <Table.Th>{t('list.columns.type')}</Table.Th>
                    <Table.Th>{t('list.columns.branch')}</Table.Th>
                    <Table.Th>{t('list.columns.group')}</Table.Th>
                    <Table.Th>{t('list.columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((user) => (
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
                        <StatusBadge tone={statusTone(user.status)}>
                          {t(`statuses.${user.status}`)}
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
