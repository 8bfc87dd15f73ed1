import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AttemptOutcome } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { downloadCertificate } from '../../certificates/api.ts';

/** Downloads a certificate's PDF (it needs the bearer token, so it is fetched, then saved). */
export function CertificateButton({ certificateId, size = 'lg' }: { certificateId: number; size?: string }) {
  const { t } = useTranslation('exam-attempts');
  const { errorMessage } = useMessages();
  const [pending, setPending] = useState(false);
  return (
    <Button
      size={size}
      loading={pending}
      onClick={() => {
        setPending(true);
        downloadCertificate(certificateId)
          .catch((error: unknown) => notifyError(errorMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      {t('outcome.certificate')}
    </Button>
  );
}

/** An attempt's outcome in large type: the score, Passed or Failed, and the certificate. */
export function OutcomeCard({ outcome }: { outcome: AttemptOutcome }) {
  const { t } = useTranslation('exam-attempts');
  const { language } = useLanguage();
  return (
    <Paper withBorder p="lg" data-testid="exam-outcome">
      <Stack gap="md">
        {outcome.score !== null && (
          <Text fz={32} fw={700}>
            {t('outcome.score', { score: formatNumber(outcome.score, language) })}
          </Text>
        )}
        {outcome.result !== null ? (
          <Group>
            <StatusBadge tone={outcome.result === 'Passed' ? 'positive' : 'negative'}>
              <Text fz="xl" fw={700} span>
                {t(`result.${outcome.result}`)}
              </Text>
            </StatusBadge>
          </Group>
        ) : (
          <Text fz="lg">{outcome.score === null ? t('outcome.hidden') : t('outcome.pending')}</Text>
        )}
        {outcome.certificateId !== null && <CertificateButton certificateId={outcome.certificateId} />}
      </Stack>
    </Paper>
  );
}
