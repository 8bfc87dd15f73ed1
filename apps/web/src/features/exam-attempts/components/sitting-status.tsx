import { Alert, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { QueueState } from '../answer-queue.ts';
import { formatCountdown } from '../exam-clock.ts';

/** Whether the browser is online, kept up to date. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** The countdown, from the server's clock. */
export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation('exam-attempts');
  const low = seconds <= 300;
  return (
    <Paper withBorder px="md" py="xs" bg={low ? 'red.0' : undefined}>
      <Text fz={28} fw={700} c={low ? 'red.9' : undefined} role="timer" aria-label={t('sitting.timeLeft')}>
        <bdi dir="ltr" data-testid="exam-time-left">
          {formatCountdown(seconds)}
        </bdi>
      </Text>
    </Paper>
  );
}

/** Extra time a proctor gave since the sitting opened, said and announced once it is seen. */
export function TimeAdded({ seconds }: { seconds: number }) {
  const { t } = useTranslation('exam-attempts');
  const { language } = useLanguage();
  const minutes = Math.round(seconds / 60);
  return (
    <Alert color="blue" role="status" aria-live="polite" data-testid="exam-time-added">
      <Text fz="lg" fw={600}>
        {t('sitting.timeAdded', { count: minutes, minutes: formatNumber(minutes, language) })}
      </Text>
    </Alert>
  );
}

/** Whether every answer is on the server, said plainly and announced. */
export function SaveStatus({ state, online }: { state: QueueState; online: boolean }) {
  const { t } = useTranslation('exam-attempts');
  const saved = state.pending === 0;
  return (
    <Paper withBorder p="sm" bg={saved ? 'green.0' : 'yellow.1'}>
      <Text fz="lg" fw={600} aria-live="polite" role="status" data-testid="exam-save-status">
        {saved ? t('sitting.allSaved') : t('sitting.unsaved', { count: state.pending })}
      </Text>
      {!online && <Text fz="md">{t('sitting.offline')}</Text>}
    </Paper>
  );
}
