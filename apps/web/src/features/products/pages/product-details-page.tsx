import { Badge, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { publicProductQuery } from '../api.ts';
import { BackLink } from '../components/back-link.tsx';
import { PriceSummary } from '../components/price-summary.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { productDescription, productName } from '../components/product-labels.ts';
import { PublicFrame } from '../components/public-frame.tsx';

/** `/product-details/:id` (public): one active product with its price, VAT and total; a way to buy it. */
export function ProductDetailsPage() {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(publicProductQuery(id));

  if (query.isPending)
    return (
      <PublicFrame>
        <LoadingState />
      </PublicFrame>
    );
  if (query.isError)
    return (
      <PublicFrame>
        <Stack gap="md">
          <BackLink to="/products" label={t('details.back')} />
          <ErrorState
            error={query.error}
            onRetry={() => void query.refetch()}
            notFoundText={t('details.notAvailable')}
          />
        </Stack>
      </PublicFrame>
    );

  const product = query.data;
  const name = productName(product, language);
  const otherName = language === 'ar' ? product.nameEn : product.nameAr;
  const description = productDescription(product, language);
  return (
    <PublicFrame>
      <Stack gap="md">
        <BackLink to="/products" label={t('details.back')} />
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
      </Stack>
    </PublicFrame>
  );
}
