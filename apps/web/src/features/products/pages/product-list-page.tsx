import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_SORTS, PRODUCT_TYPES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ChoiceFilter,
  ListFilters,
  ListSearchField,
  ListSortFields,
  ListStatusFilter,
} from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { ActiveBadge } from '../../../components/status-badge.tsx';
import { formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { type ProductListParams, productListQuery } from '../api.ts';

const COLUMNS = ['name', 'code', 'type', 'price', 'status'] as const;
type Filters = Omit<ProductListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/product` (read_16): the centre's products, searched, filtered and paged on the server. */
export function ProductListPage() {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const canCreate = useCan('create_16');
  const list = useListState<Filters>({
    ...byName(language),
    type: '',
    status: '',
  });
  const query = useQuery(productListQuery(list.params));

  return (
    <Stack gap="md">
      <ListHeader
        title={t('list.title')}
        add={{ label: t('list.add'), to: '/admin/product-add', allowed: canCreate }}
      />
      <ListFilters>
        <ListSearchField list={list} label={t('list.search')} hint={t('list.searchHint')} />
        <ChoiceFilter
          label={t('list.type')}
          allLabel={t('list.allTypes')}
          options={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={list.filters.type}
          onChange={(value) => list.setFilter('type', value)}
        />
        <ListStatusFilter list={list} />
        <ListSortFields list={list} sorts={PRODUCT_SORTS} labelOf={(sort) => t(`list.sortBy.${sort}`)} />
      </ListFilters>
      <ListResults
        query={query}
        pages={list.pages}
        totalText={(total) => t('list.total', { total: formatNumber(total, language) })}
        emptyText={t('list.empty')}
        pagesLabel={t('list.pages')}
        totalTestId="product-total-count"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={640}
            columns={COLUMNS.map((column) => t(`list.columns.${column}`))}
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
