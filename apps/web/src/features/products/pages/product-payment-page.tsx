import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { readStoredType } from '../../auth/session.ts';
import { usePayMutation } from '../../payments/api.ts';
import { GatewayResult } from '../../payments/components/gateway-result.tsx';
import { publicProductQuery } from '../catalogue-api.ts';
import { BackLink } from '../components/back-link.tsx';
import { PublicFrame } from '../components/public-frame.tsx';

/**
 * `/product-payment/:id` (public): a logged-in student or corporate buys the product by card on
 * the gateway's hosted page (`POST /api/payments` with `productId`); the result shows on return.
 */
export function ProductPaymentPage() {
  const { t } = useTranslation(['products', 'payments', 'messages']);
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const query = useQuery(publicProductQuery(id));
  const pay = usePayMutation();
  const [quantity, setQuantity] = useState(1);
  const type = readStoredType();
  const canBuy = type === 'student' || type === 'corporate';
  const result = search.get('result');
  const buy = () =>
    pay.mutate(
      { productId: Number(id), quantity, method: 'card' },
      { onSuccess: (created) => created.redirectUrl && window.location.assign(created.redirectUrl) },
    );

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
                <GatewayResult result={result} />
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
                {canBuy ? (
                  <Group align="end">
                    <NumberInput
                      label={t('payments:product.quantity')}
                      min={1}
                      max={100}
                      value={quantity}
                      onChange={(value) => setQuantity(typeof value === 'number' ? value : 1)}
                      w={120}
                    />
                    <Button onClick={buy} loading={pay.isPending}>
                      {t('payments:product.payByCard')}
                    </Button>
                  </Group>
                ) : (
                  <Alert color="brand" role="status">
                    <Link to="/">{t('payments:product.loginFirst')}</Link>
                  </Alert>
                )}
                {pay.error ? <Alert color="red">{pay.error.message}</Alert> : null}
              </Stack>
            </Paper>
          )}
        </QueryView>
      </Stack>
    </PublicFrame>
  );
}
