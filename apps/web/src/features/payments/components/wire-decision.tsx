import { Button } from '@mantine/core';
import { HOLD_MINUTES } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useConfirmWireMutation, useRejectWireMutation } from '../api.ts';

/**
 * Finance's decision on a wire transfer waiting for it: confirm it (paid, invoiced), or reject it
 * with a reason told to the payer, asked in a dialog that is its confirmation.
 */
export function WireDecision({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('payments');
  const { errorMessage } = useMessages();
  const confirm = useConfirmWireMutation();
  const reject = useRejectWireMutation();
  const [rejecting, setRejecting] = useState(false);
  const busy = confirm.isPending || reject.isPending;

  const done = (result: { message: string }) => notifySuccess(result.message);
  const failed = (error: unknown) => notifyError(errorMessage(error));

  const submitReject = (reason: string) =>
    reject.mutateAsync({ id: paymentId, reason }).then((result) => {
      setRejecting(false);
      done(result);
    }, failed);

  return (
    <>
      <Button
        loading={confirm.isPending}
        disabled={busy}
        onClick={() => confirm.mutateAsync(paymentId).then(done, failed)}
      >
        {t('details.confirmWire')}
      </Button>
      <Button variant="outline" color="red.9" disabled={busy} onClick={() => setRejecting(true)}>
        {t('details.rejectWire')}
      </Button>
      <ReasonDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('details.rejectTitle')}
        intro={t('details.rejectIntro', { minutes: HOLD_MINUTES })}
        reasonLabel={t('details.rejectReason')}
        keepLabel={t('details.rejectKeep')}
        submitLabel={t('details.rejectWire')}
        pending={reject.isPending}
        onSubmit={(reason) => void submitReject(reason)}
      />
    </>
  );
}
