import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { HOLD_MINUTES } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useConfirmWireMutation, useRejectWireMutation } from '../api.ts';

/**
 * Finance's decision on a wire transfer waiting for it: confirm it (paid, invoiced), or reject it
 * with a reason told to the payer, asked in a dialog that is its confirmation.
 */
export function WireDecision({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('payments');
  const { message, errorMessage } = useMessages();
  const confirm = useConfirmWireMutation();
  const reject = useRejectWireMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const busy = confirm.isPending || reject.isPending;

  const done = (result: { message: string }) => notifySuccess(result.message);
  const failed = (error: unknown) => notifyError(errorMessage(error));

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    if (reject.isPending) return;
    if (!reason.trim()) {
      setReasonError(message('ENTER_REASON'));
      document.getElementById('wire-reject-reason')?.focus();
      return;
    }
    reject.mutateAsync({ id: paymentId, reason: reason.trim() }).then((result) => {
      setRejecting(false);
      done(result);
    }, failed);
  };

  return (
    <>
      <Button
        loading={confirm.isPending}
        disabled={busy}
        onClick={() => confirm.mutateAsync(paymentId).then(done, failed)}
      >
        {t('details.confirmWire')}
      </Button>
      <Button
        variant="outline"
        color="red.9"
        disabled={busy}
        onClick={() => {
          setReason('');
          setReasonError(undefined);
          setRejecting(true);
        }}
      >
        {t('details.rejectWire')}
      </Button>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('details.rejectTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('details.rejectKeep') }}
      >
        <form onSubmit={submitReject} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('details.rejectIntro', { minutes: HOLD_MINUTES })}</Text>
            <Textarea
              id="wire-reject-reason"
              label={t('details.rejectReason')}
              required
              autosize
              minRows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(undefined);
              }}
              error={reasonError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                {t('details.rejectKeep')}
              </Button>
              <Button type="submit" color="red.9" loading={reject.isPending}>
                {t('details.rejectWire')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
