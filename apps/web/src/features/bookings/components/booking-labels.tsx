import { Alert, Text } from '@mantine/core';
import type { BookingStatus } from '@tasreeh/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.tsx';

const TONES: Record<BookingStatus, StatusTone> = {
  'Pending Payment': 'warning',
  Pending: 'warning',
  Booked: 'positive',
  Attended: 'positive',
  Absent: 'negative',
  Cancelled: 'neutral',
  Expired: 'neutral',
};

/** A status's translation key: its words without spaces (`Pending Payment` → `PendingPayment`). */
export function statusKey(status: BookingStatus): string {
  return `statuses.${status.replace(' ', '')}`;
}

/** A booking's status in the reader's language. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('bookings');
  return <StatusBadge tone={TONES[status]}>{t(statusKey(status))}</StatusBadge>;
}

function remainingOf(until: string): number {
  return Math.max(0, new Date(until).getTime() - Date.now());
}

/** The minutes and seconds left of a seat's hold, ticking; the server releases it, not this. */
export function HoldCountdown({ until }: { until: string }) {
  const { t } = useTranslation('bookings');
  const [left, setLeft] = useState(() => remainingOf(until));
  useEffect(() => {
    const timer = setInterval(() => setLeft(remainingOf(until)), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return (
    <Text role="timer" data-testid="hold-countdown">
      {left > 0 ? t('hold.left', { time: `${minutes}:${String(seconds).padStart(2, '0')}` }) : t('hold.over')}
    </Text>
  );
}

/** The rule for cancelling, stated where a booking is made and shown. */
export function CancelRule() {
  const { t } = useTranslation('bookings');
  return (
    <Alert color="blue" role="note" title={t('cancelRule.title')}>
      {t('cancelRule.text')}
    </Alert>
  );
}
