import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { publicProductQuery } from '../catalogue-api.ts';
import { BackLink } from '../components/back-link.tsx';
import { PublicFrame } from '../components/public-frame.tsx';

/**
 * `/product-payment/:id` (public): online payment is a later piece of work, so this page says
 * so plainly and takes no payment of any kind.
 */
export function ProductPaymentPage() {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(publicProductQuery(id));

  return (
    <PublicFrame>
      <Stack gap="md" maw={640} mx="auto">
        <BackLink to={`/product-details/${id}`} label={t('payment.back')} />
        <QueryView query={query} notFoundText={t('details.notAvailable')}>
          {(product) => (
            <Paper withBorder p="lg" radius="md">
              <Stack gap="md">
                <Title order={1} size="h2">
                  {t('payment.title')}
                </Title>
                <Alert color="brand" icon={<IconClockHour4 size={20} aria-hidden />} role="status">
                  {t('payment.body')}
                </Alert>
                <Stack component="dl" gap={6} m={0}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text component="dt">{t('payment.product')}</Text>
                    <Text component="dd" m={0} fw={600} data-user-data>
                      {nameIn(product, language)}
                    </Text>
                  </Group>
                  <Group justify="space-between" wrap="nowrap">
                    <Text component="dt">{t('payment.total')}</Text>
                    <Text component="dd" m={0} fw={700}>
                      {formatSar(product.total, language)}
                    </Text>
                  </Group>
                </Stack>
              </Stack>
            </Paper>
          )}
        </QueryView>
      </Stack>
    </PublicFrame>
  );
}
