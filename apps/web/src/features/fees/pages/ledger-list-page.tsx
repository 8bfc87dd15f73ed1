import { Anchor, Modal, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { ListFilters, ListSearchField, ListSortFields } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { type LedgerListParams, ledgerListQuery, useSaveLedgerAccountMutation } from '../api.ts';
import { LEDGER_FIELDS, LedgerForm } from '../components/ledger-form.tsx';

const SORTS = ['mainAccount', 'naturalAccount', 'department'] as const;
type Filters = Pick<LedgerListParams, 'sort' | 'order'>;

/** `/admin/ledger-setup` (read_10): the ledger accounts, searched and paged on the server; added in a dialog. */
export function LedgerListPage() {
  const { t } = useTranslation('fees');
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const canCreate = useCan('create_10');
  const [adding, setAdding] = useState(false);
  const list = useListState<Filters>({ sort: 'mainAccount', order: 'asc' });
  const query = useQuery(ledgerListQuery(list.params));
  const add = useSaveLedgerAccountMutation(undefined);

  const saveNew = useSaveThen(add.mutateAsync, () => setAdding(false));

  return (
    <Stack gap="md">
      <ListHeader
        title={t('ledger.title')}
        add={{ label: t('ledger.add'), onClick: () => setAdding(true), allowed: canCreate }}
      />
      <ListFilters columns={3}>
        <ListSearchField list={list} label={t('ledger.search')} hint={t('ledger.searchHint')} />
        <ListSortFields list={list} sorts={SORTS} labelOf={(sort) => t(`ledger.fields.${sort}`)} />
      </ListFilters>
      <ListResults
        query={query}
        pages={list.pages}
        totalText={(total) => t('ledger.total', { total: formatNumber(total, language) })}
        emptyText={t('ledger.empty')}
        pagesLabel={t('ledger.pages')}
        totalTestId="ledger-total"
      >
        {(items) => (
          <ListTable
            caption={t('ledger.caption')}
            minWidth={720}
            columns={LEDGER_FIELDS.map((name) => t(`ledger.fields.${name}`))}
          >
            {items.map((account) => (
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
          </ListTable>
        )}
      </ListResults>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('ledger.addTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': common('form.cancel') }}
      >
        {adding && (
          <LedgerForm submitting={add.isPending} onCancel={() => setAdding(false)} onSubmit={saveNew} />
        )}
      </Modal>
    </Stack>
  );
}
