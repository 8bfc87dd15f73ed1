import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

export interface PriceParts {
  /** Halalas before VAT. */
  price: number;
  /** Basis points. */
  vatRate: number;
  vat: number;
  total: number;
}

function Line({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text component="dt" size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Price, VAT and the total a buyer pays, in SAR in the UI language. */
export function PriceSummary({
  parts,
  namespaceKey,
}: {
  parts: PriceParts;
  namespaceKey: 'form' | 'details';
}) {
  const { t } = useTranslation('products');
  const { language } = useLanguage();
  const labels =
    namespaceKey === 'form'
      ? { price: 'form.summaryPrice', vat: 'form.summaryVat', total: 'form.summaryTotal' }
      : { price: 'details.price', vat: 'details.vat', total: 'details.total' };
  return (
    <Stack component="dl" gap={6} m={0}>
      <Line label={t(labels.price)} value={formatSar(parts.price, language)} />
      <Line
        label={t(labels.vat, { rate: formatPercent(parts.vatRate, language) })}
        value={formatSar(parts.vat, language)}
      />
      <Line label={t(labels.total)} value={formatSar(parts.total, language)} strong testId="product-total" />
    </Stack>
  );
}
