import { Group, Progress, Text } from '@mantine/core';
import { FINGERPRINT_CAPTURES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

/** "Capture 2 of 4": the four captures of an enrolment, as a labelled progress bar. */
export function CaptureProgress({ taken }: { taken: number }) {
  const { t } = useTranslation('fingerprints');
  const { language } = useLanguage();
  const label = t('progress', {
    taken: formatNumber(taken, language),
    total: formatNumber(FINGERPRINT_CAPTURES, language),
  });
  return (
    <Group gap="sm" wrap="nowrap" w="100%">
      <Progress value={(taken / FINGERPRINT_CAPTURES) * 100} aria-label={label} style={{ flex: 1 }} />
      <Text size="sm" aria-live="polite" data-testid="capture-progress">
        {label}
      </Text>
    </Group>
  );
}
