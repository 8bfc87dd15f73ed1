import { ActionIcon, Anchor, Stack, Table } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type GroupListParams, groupCountQuery, groupListQuery } from '../api.ts';
import { grantedOnly } from '../components/privilege-grid-model.ts';

type GroupFilters = Pick<GroupListParams, 'sort' | 'order'>;

const COLUMNS = ['name', 'owner', 'members', 'resources', 'actions'] as const;

/**
 * `/admin/user-group` (super admin or branch admin, spec §2): the permission groups the user may see
 * (a branch admin: its branch's), each with its owner, each opening its grid.
 */
export function GroupListPage() {
  const { t } = useTranslation('users');
  const { language } = useLanguage();
  // Groups are listed by their name in the UI language, from the first page again when it changes.
  const sort = language === 'ar' ? 'nameAr' : 'nameEn';
  const list = useListState<GroupFilters>({ sort, order: 'asc' });
  if (list.filters.sort !== sort) list.setFilter('sort', sort);
  const query = useQuery(groupListQuery(list.params));
  const count = useQuery(groupCountQuery(list.params));
  const add = { label: t('groups.add'), to: '/admin/user-group/add', allowed: true };
  const num = (value: number) => formatNumber(value, language);

  return (
    <Stack gap="md" maw={960}>
      <ListHeader title={t('groups.title')} add={add} />
      <ListFilters list={list} columns={2} search={{ label: t('groups.search') }} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('groups.count', { count, total })}
        noneText={t('groups.none')}
        noMatchText={t('groups.noMatch')}
        add={add}
        pagesLabel={t('groups.pages')}
        totalTestId="group-total"
      >
        {(items) => (
          <ListTable
            caption={t('groups.caption')}
            minWidth={640}
            columns={columnsOf(COLUMNS, (column) => t(`groups.columns.${column}`), {
              name: byName(language).sort,
            })}
            sort={tableSortOf(list)}
          >
            {items.map((group) => {
              const name = nameIn(group, language);
              const edit = `/admin/user-group/edit/${group.id}`;
              return (
                <Table.Tr key={group.id}>
                  <Table.Td>
                    <Anchor component={Link} to={edit} data-user-data>
                      {name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{group.branch ? nameIn(group.branch, language) : t('headOffice')}</Table.Td>
                  <Table.Td>{num(group.memberCount)}</Table.Td>
                  <Table.Td>{num(grantedOnly(group.privileges).length)}</Table.Td>
                  <Table.Td>
                    {group.abilities.updateGroup && (
                      <ActionIcon
                        component={Link}
                        to={edit}
                        variant="subtle"
                        aria-label={t('groups.edit', { name })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
