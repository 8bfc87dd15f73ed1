import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicProduct } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { ProductImage } from './product-image.tsx';

/** One product in the public catalogue: picture, name, type and the price a buyer pays. */
export function ProductCard({ product }: { product: PublicProduct }) {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const name = nameIn(product, language);
  const nameId = `product-${product.id}-name`;
  const to = `/product-details/${product.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={nameId}>
      <Card.Section>
        <ProductImage fileId={product.imageFileId} alt={name} height={180} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flexGrow: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={nameId}>
            <Anchor component={Link} to={to} inherit data-user-data>
              {name}
            </Anchor>
          </Title>
          <Badge variant="filled" color="brand.9" tt="none" style={{ flexShrink: 0 }}>
            {t(`types.${product.type}`)}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {t('catalogue.priceWithVat')}
        </Text>
        <Text fw={700} size="xl" data-testid="catalogue-price">
          {formatSar(product.total, language)}
        </Text>
      </Stack>
      <Button component={Link} to={to} variant="light" mt="md" fullWidth aria-describedby={nameId}>
        {t('catalogue.details')}
      </Button>
    </Card>
  );
}
