import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BookingDetail } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCancelBookingMutation, useMoveBookingMutation } from '../api.ts';
import { SessionPicker } from './session-picker.tsx';

/**
 * Cancel, behind a dialog stating the rule first: before the session starts; unpaid, the seat is
 * freed; paid, the amount becomes a credit in the payer's balance (refunds come with finance).
 */
export function CancelBooking({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const [opened, setOpened] = useState(false);
  const cancel = useCancelBookingMutation(booking.id);
  const paid = booking.amountPaid > 0;
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setOpened(false);
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    });
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        {t('cancel.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('cancel.title', { number: booking.number })}
      >
        <Stack gap="md">
          <Alert color="blue" role="note" title={t('cancelRule.title')}>
            <Text size="sm">{t('cancel.beforeStart')}</Text>
            <Text size="sm">
              {paid
                ? t('cancel.paid', { amount: formatSar(booking.amountPaid, language) })
                : t('cancel.unpaid')}
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('cancel.keep')}
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={confirm}>
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Move to another upcoming session of the same course and kind with a free seat, picked in a dialog. */
export function MoveBooking({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('bookings');
  const { errorMessage } = useMessages();
  const [opened, setOpened] = useState(false);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const move = useMoveBookingMutation(booking.id);
  const close = () => {
    setOpened(false);
    setSessionId(null);
  };
  const confirm = () => {
    if (sessionId === null) return;
    move.mutate(sessionId, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        close();
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    });
  };
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        {t('move.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('move.title', { number: booking.number })}>
        <Stack gap="md">
          <Text size="sm">{t('move.rule')}</Text>
          {opened && (
            <SessionPicker
              courseId={booking.session.courseId}
              sessionId={sessionId}
              onChange={setSessionId}
              offers={(session) => session.id !== booking.sessionId && session.kind === booking.session.kind}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('move.keep')}
            </Button>
            <Button loading={move.isPending} disabled={sessionId === null} onClick={confirm}>
              {t('move.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
