import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_TYPES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter, ListFilters, ListStatusFilter } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { ActiveBadge } from '../../../components/status-badge.tsx';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { type ProductListParams, productCountQuery, productListQuery } from '../api.ts';

const COLUMNS = ['name', 'code', 'type', 'price', 'status'] as const;
type Filters = Omit<ProductListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/product` (read_16): the centre's products, searched, filtered and paged on the server. */
export function ProductListPage() {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const canCreate = useAbility('products', 'create');
  const list = useListState<Filters>({
    ...byName(language),
    type: '',
    status: '',
  });
  const query = useQuery(productListQuery(list.params));
  const count = useQuery(productCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/product-add', allowed: canCreate };

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <ListFilters list={list} columns={3} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
        <ChoiceFilter
          label={t('list.type')}
          allLabel={t('list.allTypes')}
          options={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={list.filters.type}
          onChange={(value) => list.setFilter('type', value)}
        />
        <ListStatusFilter list={list} />
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
        totalTestId="product-total-count"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={640}
            columns={columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), {
              name: byName(language).sort,
              code: 'code',
              price: 'price',
            })}
            sort={tableSortOf(list)}
          >
            {items.map((product) => (
              <Table.Tr key={product.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/edit-product/${product.id}`} data-user-data>
                    {nameIn(product, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <bdi data-user-data>{product.code}</bdi>
                </Table.Td>
                <Table.Td>{t(`types.${product.type}`)}</Table.Td>
                <Table.Td>{formatSar(product.total, language)}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={product.status === 'active'} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
