import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FEE_SERVICES, type FeeSetup } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { ActiveBadge } from '../../../components/status-badge.tsx';
import { formatPercent, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { type FeeListParams, feeCountQuery, feeListQuery } from '../api.ts';

const COLUMNS = ['name', 'service', 'original', 'amana', 'vat', 'total', 'status'] as const;
type Filters = Omit<FeeListParams, 'cursor' | 'limit' | 'search'>;

/** What VAT is charged on, as a `fees:` key. */
function vatOnKey(setup: FeeSetup): string {
  if (setup.vatOnOriginal && setup.vatOnAmana) return 'list.vatOnBoth';
  if (setup.vatOnOriginal) return 'list.vatOnOriginal';
  return setup.vatOnAmana ? 'list.vatOnAmana' : 'list.vatOnNone';
}

/** One fee setup's row: its parts, what VAT is charged on, and the total. */
function FeeRow({ setup }: { setup: FeeSetup }) {
  const { t } = useTranslation('fees');
  const { language } = useLanguage();
  const name = nameIn(setup, language);
  const amana =
    setup.amanaFeeKind === 'percent'
      ? t('list.amanaPercent', {
          rate: formatPercent(setup.amanaFee, language),
          amount: formatSar(setup.breakdown.amanaFee, language),
        })
      : formatSar(setup.amanaFee, language);
  return (
    <Table.Tr>
      <Table.Td data-user-data>
        {setup.abilities.update ? (
          <Anchor component={Link} to={`/admin/edit-fees/${setup.id}`}>
            {name}
          </Anchor>
        ) : (
          name
        )}
      </Table.Td>
      <Table.Td>{t(`services.${setup.service}`)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSar(setup.originalFee, language)}</Table.Td>
      <Table.Td>{amana}</Table.Td>
      <Table.Td>
        {formatPercent(setup.vatRate, language)} — {t(vatOnKey(setup))}
        <Text span display="block" size="sm" c="gray.7">
          {formatSar(setup.breakdown.vat, language)}
        </Text>
      </Table.Td>
      <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }}>
        {formatSar(setup.breakdown.total, language)}
      </Table.Td>
      <Table.Td style={{ minWidth: 104 }}>
        <ActiveBadge active={setup.active} />
      </Table.Td>
    </Table.Tr>
  );
}

/** `/admin/fees-setup` (read_10): what each service costs, with its total, searched and paged on the server. */
export function FeeListPage() {
  const { t } = useTranslation('fees');
  const { language } = useLanguage();
  const canCreate = useAbility('fees', 'create');
  const list = useListState<Filters>({
    service: '',
    ...byName(language),
  });
  const query = useQuery(feeListQuery(list.params));
  const count = useQuery(feeCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/add-fees-setup', allowed: canCreate };

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <ListFilters list={list} columns={2} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
        <ChoiceFilter
          label={t('list.service')}
          allLabel={t('list.allServices')}
          options={FEE_SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) }))}
          value={list.filters.service}
          onChange={(value) => list.setFilter('service', value)}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="fee-list-total"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={860}
            columns={columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), {
              name: byName(language).sort,
            })}
            sort={tableSortOf(list)}
          >
            {items.map((setup) => (
              <FeeRow key={setup.id} setup={setup} />
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
