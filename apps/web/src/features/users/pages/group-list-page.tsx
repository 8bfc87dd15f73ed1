import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { groupListQuery } from '../api.ts';
import { grantedOnly } from '../components/privilege-grid-model.ts';
import { nameIn } from '../components/user-labels.ts';

const PAGE_SIZE = 20;

/** `/admin/user-group` (super admin or branch admin, spec §2): the permission groups, each opening its grid. */
export function GroupListPage() {
  const { t } = useTranslation('users');
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const sort = language === 'ar' ? 'nameAr' : 'nameEn';
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, sort]));
  const query = useQuery(
    groupListQuery({ search: debouncedSearch, sort, order: 'asc', cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const num = (value: number) => formatNumber(value, language);

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('groups.title')}
        </Title>
        <Button component={Link} to="/admin/user-group/add" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('groups.add')}
        </Button>
      </Group>
      <Paper withBorder p="md">
        <TextInput
          type="search"
          label={t('groups.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maw={420}
        />
      </Paper>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="group-total">
            {t('groups.total', { total: num(query.data.total) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('groups.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('groups.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('groups.columns.name')}</Table.Th>
                    <Table.Th>{t('groups.columns.members')}</Table.Th>
                    <Table.Th>{t('groups.columns.resources')}</Table.Th>
                    <Table.Th>{t('groups.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((group) => {
                    const name = nameIn(group, language);
                    const edit = `/admin/user-group/edit/${group.id}`;
                    return (
                      <Table.Tr key={group.id}>
                        <Table.Td>
                          <Anchor component={Link} to={edit} data-user-data>
                            {name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{num(group.memberCount)}</Table.Td>
                        <Table.Td>{num(grantedOnly(group.privileges).length)}</Table.Td>
                        <Table.Td>
                          <ActionIcon
                            component={Link}
                            to={edit}
                            variant="subtle"
                            aria-label={t('groups.edit', { name })}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPager
            pages={pages}
            nextCursor={query.data.nextCursor}
            isFetching={query.isFetching}
            label={t('groups.pages')}
          />
        </>
      )}
    </Stack>
  );
}
