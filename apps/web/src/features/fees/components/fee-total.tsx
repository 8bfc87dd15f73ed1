import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FeeBreakdown } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

interface FeeTotalProps {
  breakdown: FeeBreakdown | undefined;
  /** Basis points, when the rate typed is a valid one. */
  vatRate: number | undefined;
}

function Line({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 600}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** The total of what is typed, worked out as the user types: each part and the total in SAR. */
export function FeeTotal({ breakdown, vatRate }: FeeTotalProps) {
  const { t } = useTranslation('fees');
  const { language } = useLanguage();
  return (
    <Paper withBorder p="md" bg="gray.0" aria-labelledby="fee-total-title">
      <Title order={2} size="h4" mb="sm" id="fee-total-title">
        {t('total.title')}
      </Title>
      <div aria-live="polite">
        {breakdown ? (
          <Stack gap={6}>
            <Line
              label={t('total.original')}
              value={formatSar(breakdown.originalFee, language)}
              testId="fee-original"
            />
            <Line
              label={t('total.amana')}
              value={formatSar(breakdown.amanaFee, language)}
              testId="fee-amana"
            />
            <Line
              label={
                vatRate === undefined
                  ? t('total.vat')
                  : t('total.vatAt', { rate: formatPercent(vatRate, language) })
              }
              value={formatSar(breakdown.vat, language)}
              testId="fee-vat"
            />
            <Divider />
            <Line
              label={t('total.total')}
              value={formatSar(breakdown.total, language)}
              testId="fee-total"
              strong
            />
          </Stack>
        ) : (
          <Text size="sm" c="gray.7" data-testid="fee-total-pending">
            {t('total.pending')}
          </Text>
        )}
      </div>
    </Paper>
  );
}
