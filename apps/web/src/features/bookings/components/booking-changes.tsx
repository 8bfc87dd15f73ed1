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

/** What the cancel dialog says becomes of the money: nothing paid, all of it credited, the rest after refunds, or nothing left. */
function CancelMoney({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  if (booking.amountPaid <= 0) return <Text size="sm">{t('cancel.unpaid')}</Text>;
  const sar = (amount: number) => formatSar(amount, language);
  const left = booking.leftToGiveBack;
  const rule =
    booking.givenBack === 0
      ? t('cancel.paid', { amount: sar(left) })
      : left > 0
        ? t('cancel.paidRest', {
            paid: sar(booking.amountPaid),
            givenBack: sar(booking.givenBack),
            left: sar(left),
          })
        : t('cancel.nothingLeft', { paid: sar(booking.amountPaid) });
  return (
    <>
      <Text size="sm">{rule}</Text>
      <Text size="sm" fw={600}>
        {t('cancel.left', { amount: sar(left) })}
      </Text>
    </>
  );
}

/**
 * Cancel, behind a dialog stating the rule first: before the session starts; unpaid, the seat is
 * freed; paid, what is left to give back (paid − what refunds already gave back) becomes a credit
 * in the payer's balance.
 */
export function CancelBooking({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('bookings');
  const { errorMessage } = useMessages();
  const [opened, setOpened] = useState(false);
  const cancel = useCancelBookingMutation(booking.id);
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
        closeButtonProps={{ 'aria-label': t('cancel.keep') }}
      >
        <Stack gap="md">
          <Alert color="blue" role="note" title={t('cancelRule.title')}>
            <Text size="sm">{t('cancel.beforeStart')}</Text>
            <CancelMoney booking={booking} />
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
      <Modal
        opened={opened}
        onClose={close}
        title={t('move.title', { number: booking.number })}
        closeButtonProps={{ 'aria-label': t('move.keep') }}
      >
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
