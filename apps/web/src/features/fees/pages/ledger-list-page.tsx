import { Anchor, Modal, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { useAbility } from '../../auth/use-ability.ts';
import {
  type LedgerListParams,
  ledgerCountQuery,
  ledgerListQuery,
  useSaveLedgerAccountMutation,
} from '../api.ts';
import { LEDGER_FIELDS, LedgerForm } from '../components/ledger-form.tsx';

type Filters = Pick<LedgerListParams, 'sort' | 'order'>;

/** The columns the API sorts ledger accounts by. */
const SORT_OF = {
  mainAccount: 'mainAccount',
  naturalAccount: 'naturalAccount',
  department: 'department',
} as const;

/** `/admin/ledger-setup` (read_10): the ledger accounts, searched and paged on the server; added in a dialog. */
export function LedgerListPage() {
  const { t } = useTranslation('fees');
  const { t: common } = useTranslation('common');
  const canCreate = useAbility('fees', 'create');
  const [adding, setAdding] = useState(false);
  const list = useListState<Filters>({ sort: 'mainAccount', order: 'asc' });
  const query = useQuery(ledgerListQuery(list.params));
  const count = useQuery(ledgerCountQuery(list.params));
  const add = { label: t('ledger.add'), onClick: () => setAdding(true), allowed: canCreate };
  const save = useSaveLedgerAccountMutation(undefined);

  const saveNew = useSaveThen(save.mutateAsync, () => setAdding(false));

  return (
    <Stack gap="md">
      <ListHeader title={t('ledger.title')} add={add} />
      <ListFilters
        list={list}
        columns={1}
        search={{ label: t('ledger.search'), hint: t('ledger.searchHint') }}
      />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('ledger.count', { count, total })}
        noneText={t('ledger.none')}
        noMatchText={t('ledger.noMatch')}
        add={add}
        pagesLabel={t('ledger.pages')}
        totalTestId="ledger-total"
      >
        {(items) => (
          <ListTable
            caption={t('ledger.caption')}
            minWidth={860}
            columns={[
              ...columnsOf(LEDGER_FIELDS, (name) => t(`ledger.fields.${name}`), SORT_OF),
              t('ledger.fields.role'),
            ]}
            sort={tableSortOf(list)}
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
                <Table.Td>{account.role ? t(`ledger.roles.${account.role}`) : '—'}</Table.Td>
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
          <LedgerForm submitting={save.isPending} onCancel={() => setAdding(false)} onSubmit={saveNew} />
        )}
      </Modal>
    </Stack>
  );
}
