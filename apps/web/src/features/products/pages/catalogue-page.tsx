import { Input, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_TYPES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/list/list-filters.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type CatalogueParams, catalogueCountQuery, catalogueQuery } from '../catalogue-api.ts';
import { ProductCard } from '../components/product-card.tsx';
import { PublicFrame } from '../components/public-frame.tsx';

const PAGE_SIZE = 12;
/**
 * The room the cards' place keeps while they load: a screen's height, so that the footer starts
 * below the screen and does not jump down when they come (the page is painted from HTML before
 * its data, decision 0010; a phone folds the filters, so one card's height was not enough).
 */
const CARDS_ROOM = '100vh';
type Filters = Pick<CatalogueParams, 'type' | 'sort'>;

/** `/products` (public, spec §2): the active products as cards, searched, filtered by type and paged on the server. */
export function CataloguePage() {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const { sort } = byName(language);
  const list = useListState<Filters>({ type: '', sort }, PAGE_SIZE);
  // The cards follow the names being read: another language sorts them anew, from the first page.
  if (list.filters.sort !== sort) list.setFilter('sort', sort);
  const query = useQuery(catalogueQuery(list.params));
  const count = useQuery(catalogueCountQuery(list.params));

  return (
    <PublicFrame>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('catalogue.title')}</Title>
          <Text c="gray.7" mt={4}>
            {t('catalogue.intro')}
          </Text>
        </div>
        <ListFilters
          list={list}
          columns={2}
          search={{ label: t('catalogue.search'), hint: t('catalogue.searchHint') }}
        >
          <Input.Wrapper label={t('catalogue.type')} labelElement="div" id="catalogue-type">
            <SegmentedControl
              // Mantine places the indicator by measuring; a new direction needs a fresh measure.
              key={language}
              fullWidth
              aria-labelledby="catalogue-type-label"
              value={list.filters.type}
              onChange={(value) => list.setFilter('type', PRODUCT_TYPES.find((type) => type === value) ?? '')}
              data={[
                { value: '', label: t('catalogue.allTypes') },
                ...PRODUCT_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
              ]}
            />
          </Input.Wrapper>
        </ListFilters>
        <ListResults
          query={query}
          count={count}
          list={list}
          totalText={(count, total) => t('catalogue.count', { count, total })}
          noneText={t('catalogue.none')}
          noMatchText={t('catalogue.noMatch')}
          pagesLabel={t('catalogue.pages')}
          totalTestId="catalogue-total"
          loadingHeight={CARDS_ROOM}
        >
          {(items) => (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {items.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </SimpleGrid>
          )}
        </ListResults>
      </Stack>
    </PublicFrame>
  );
}
