import { Input, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_TYPES } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type CatalogueParams, catalogueQuery } from '../api.ts';
import { ProductCard } from '../components/product-card.tsx';
import { PublicFrame } from '../components/public-frame.tsx';

const PAGE_SIZE = 12;

/** `/products` (public, spec §2): the active products as cards, searched, filtered by type and paged on the server. */
export function CataloguePage() {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [type, setType] = useState<CatalogueParams['type']>('');
  const sort = language === 'ar' ? 'nameAr' : 'nameEn';
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, type, sort]));
  const query = useQuery(
    catalogueQuery({ search: debouncedSearch, type, sort, cursor: pages.cursor, limit: PAGE_SIZE }),
  );

  return (
    <PublicFrame>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('catalogue.title')}</Title>
          <Text c="gray.7" mt={4}>
            {t('catalogue.intro')}
          </Text>
        </div>
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="search"
              label={t('catalogue.search')}
              placeholder={t('catalogue.searchHint')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            <Input.Wrapper label={t('catalogue.type')} labelElement="div" id="catalogue-type">
              <SegmentedControl
                // Mantine places the indicator by measuring; a new direction needs a fresh measure.
                key={language}
                fullWidth
                aria-labelledby="catalogue-type-label"
                value={type}
                onChange={(value) => setType(value === 'physical' || value === 'online' ? value : '')}
                data={[
                  { value: '', label: t('catalogue.allTypes') },
                  ...PRODUCT_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
                ]}
              />
            </Input.Wrapper>
          </SimpleGrid>
        </Paper>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Text c="gray.7" aria-live="polite" data-testid="catalogue-total">
              {t('catalogue.total', { total: formatNumber(query.data.total, language) })}
            </Text>
            {query.data.items.length === 0 ? (
              <EmptyState>{t('catalogue.empty')}</EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {query.data.items.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </SimpleGrid>
            )}
            <ListPager
              pages={pages}
              nextCursor={query.data.nextCursor}
              isFetching={query.isFetching}
              label={t('catalogue.pages')}
            />
          </>
        )}
      </Stack>
    </PublicFrame>
  );
}
