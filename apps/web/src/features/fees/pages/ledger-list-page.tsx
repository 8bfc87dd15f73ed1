import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCan } from '../../auth/use-can.ts';
import {
  type LedgerBody,
  type LedgerListParams,
  ledgerListQuery,
  useSaveLedgerAccountMutation,
} from '../api.ts';
import { LedgerForm } from '../components/ledger-form.tsx';

const PAGE_SIZE = 20;
const SORTS = ['mainAccount', 'naturalAccount', 'department'] as const;
type Filters = Pick<LedgerListParams, 'sort' | 'order'>;

/** `/admin/ledger-setup` (read_10): the ledger accounts, searched and paged on the server; added in a dialog. */
export function LedgerListPage() {
  const { t } = useTranslation('fees');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const canCreate = useCan('create_10');
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<Filters>({ sort: 'mainAccount', order: 'asc' });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    ledgerListQuery({ ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const add = useSaveLedgerAccountMutation(undefined);

  const saveNew = async (body: LedgerBody) => {
    try {
      const saved = await add.mutateAsync(body);
      notifySuccess(saved.message);
      setAdding(false);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('ledger.title')}
        </Title>
        {canCreate && (
          <Button onClick={() => setAdding(true)} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('ledger.add')}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="search"
            label={t('ledger.search')}
            placeholder={t('ledger.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          <Select
            label={t('list.sort')}
            data={SORTS.map((sort) => ({ value: sort, label: t(`ledger.fields.${sort}`) }))}
            value={filters.sort}
            onChange={(value) =>
              setFilters((current) => ({
                ...current,
                sort: SORTS.find((sort) => sort === value) ?? 'mainAccount',
              }))
            }
            allowDeselect={false}
          />
          <Select
            label={t('list.order')}
            data={[
              { value: 'asc', label: t('list.orders.asc') },
              { value: 'desc', label: t('list.orders.desc') },
            ]}
            value={filters.order}
            onChange={(value) =>
              setFilters((current) => ({ ...current, order: value === 'desc' ? 'desc' : 'asc' }))
            }
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="ledger-total">
            {t('ledger.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('ledger.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('ledger.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ledger.fields.mainAccount')}</Table.Th>
                    <Table.Th>{t('ledger.fields.naturalAccount')}</Table.Th>
                    <Table.Th>{t('ledger.fields.department')}</Table.Th>
                    <Table.Th>{t('ledger.fields.businessUnit')}</Table.Th>
                    <Table.Th>{t('ledger.fields.organization')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((account) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/ledger-setup/${account.id}`} data-user-data>
                          {account.mainAccount}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <bdi data-user-data>{account.naturalAccount}</bdi>
                      </Table.Td>
                      <Table.Td data-user-data>{account.department}</Table.Td>
                      <Table.Td data-user-data>{account.businessUnit}</Table.Td>
                      <Table.Td data-user-data>{account.organization}</Table.Td>
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
            label={t('ledger.pages')}
          />
        </>
      )}

      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('ledger.addTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('form.cancel') }}
      >
        {adding && (
          <LedgerForm
            submitting={add.isPending}
            submitLabel={t('form.save')}
            onCancel={() => setAdding(false)}
            onSubmit={saveNew}
          />
        )}
      </Modal>
    </Stack>
  );
}
