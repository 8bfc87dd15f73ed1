import { Badge, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { publicProductQuery } from '../catalogue-api.ts';
import { BackLink } from '../components/back-link.tsx';
import { PriceSummary } from '../components/price-summary.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { productDescription } from '../components/product-labels.ts';
import { PublicFrame } from '../components/public-frame.tsx';

function ProductDetails({ product }: { product: PublicProduct }) {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const name = nameIn(product, language);
  const otherName = language === 'ar' ? product.nameEn : product.nameAr;
  const description = productDescription(product, language);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <ProductImage fileId={product.imageFileId} alt={name} height={360} />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <div>
            <Badge variant="filled" color="brand.9" tt="none" mb="xs">
              {t(`types.${product.type}`)}
            </Badge>
            <Title order={1} data-user-data>
              {name}
            </Title>
            <Text c="gray.7" data-user-data lang={language === 'ar' ? 'en' : 'ar'} dir="auto">
              {otherName}
            </Text>
            <Text size="sm" c="gray.7" mt={4}>
              {t('details.code')}: <bdi data-user-data>{product.code}</bdi>
            </Text>
          </div>
          <div>
            <Title order={2} size="h4" mb={4}>
              {t('details.description')}
            </Title>
            {description ? (
              <Text style={{ whiteSpace: 'pre-line' }} data-user-data lang={description.lang} dir="auto">
                {description.text}
              </Text>
            ) : (
              <Text c="gray.7">{t('details.noDescription')}</Text>
            )}
          </div>
          <Paper withBorder p="md" bg="white">
            <PriceSummary parts={product} namespaceKey="details" />
          </Paper>
          <Button
            component={Link}
            to={`/product-payment/${product.id}`}
            size="md"
            leftSection={<IconShoppingCart size={20} aria-hidden />}
          >
            {t('details.buy')}
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** `/product-details/:id` (public): one active product with its price, VAT and total; a way to buy it. */
export function ProductDetailsPage() {
  const { t } = useTranslation('products');
  const { id = '' } = useParams();
  const query = useQuery(publicProductQuery(id));
  return (
    <PublicFrame>
      <Stack gap="md">
        <BackLink to="/products" label={t('details.back')} />
        <QueryView query={query} notFoundText={t('details.notAvailable')}>
          {(product) => <ProductDetails product={product} />}
        </QueryView>
      </Stack>
    </PublicFrame>
  );
}
