import { Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod, RefundPayout } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { refundableQuery, useRequestRefundMutation } from '../api.ts';

export interface RefundRequestDialogProps {
  opened: boolean;
  onClose: () => void;
  paymentId: number;
  method: PaymentMethod;
}

/**
 * The "Request refund" dialog: what is left to refund (paid − given back − awaiting approval), the
 * amount (prefilled with it, at most it), the reason (required) and how it is paid back (by the
 * original method, or into the payer's balance — never for an advance, which is in the balance
 * already and goes back only as far as the balance still holds it). A 409 because less is left by
 * now (a cancellation, another refund or a spend of the balance meanwhile) is shown at the amount,
 * and what is left read again.
 */
export function RefundRequestDialog({ opened, onClose, ...form }: RefundRequestDialogProps) {
  const { t } = useTranslation('refunds');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dialog.title')}
      centered
      closeButtonProps={{ 'aria-label': t('dialog.cancel') }}
    >
      {/* Mounted only while open: each opening starts from what is left to refund. */}
      <RequestForm {...form} onClose={onClose} />
    </Modal>
  );
}

/** A refusal because the payment has less left to give back than asked (a cancellation, another refund or a spend got there first). */
const isBeyondRemaining = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'REFUND_EXCEEDS_REMAINING' ||
    error.code === 'NOTHING_LEFT_TO_REFUND' ||
    error.code === 'REFUND_ADVANCE_SPENT');

function RequestForm({ paymentId, method, onClose }: Omit<RefundRequestDialogProps, 'opened'>) {
  const { t } = useTranslation('refunds');
  const { language } = useLanguage();
  const { errorMessage, message } = useMessages();
  const refundable = useQuery(refundableQuery(paymentId));
  const mutation = useRequestRefundMutation();
  const left = refundable.data?.refundable;
  const nothingLeft = left === 0;
  /** For an advance, what the payer's balance still holds of it; null for any other payment. */
  const inBalance = refundable.data?.advanceInBalance ?? null;
  const [amount, setAmount] = useState<number | string | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [chosenPayout, setPayout] = useState<RefundPayout>('balance');
  const payout: RefundPayout = inBalance === null ? chosenPayout : 'original';
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const shown = amount ?? (left !== undefined ? left / 100 : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const riyals = typeof shown === 'number' ? shown : Number(shown);
    const halalas = Math.round(riyals * 100);
    const found: typeof errors = {};
    if (!Number.isFinite(riyals) || halalas <= 0) found.amount = t('dialog.amountRequired');
    else if (left !== undefined && halalas > left)
      found.amount = t('dialog.amountTooHigh', { amount: formatSar(left, language) });
    if (!reason.trim()) found.reason = t('dialog.reasonRequired');
    setErrors(found);
    if (found.amount || found.reason) return;
    mutation.mutateAsync({ paymentId, amount: halalas, reason: reason.trim(), payout }).then(
      (result) => {
        notifySuccess(result.message);
        onClose();
      },
      (error: unknown) => {
        if (!isBeyondRemaining(error)) return notifyError(errorMessage(error));
        // Told at the amount, and what is left read again.
        setErrors({ amount: errorMessage(error) });
        void refundable.refetch();
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refundable.data && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('dialog.left', { amount: formatSar(refundable.data.refundable, language) })}
            </Text>
            {(refundable.data.givenBack > 0 || refundable.data.pending > 0) && (
              <Text size="sm" c="dimmed">
                {t('dialog.breakdown', {
                  paid: formatSar(refundable.data.paid, language),
                  givenBack: formatSar(refundable.data.givenBack, language),
                  pending: formatSar(refundable.data.pending, language),
                })}
              </Text>
            )}
            {inBalance !== null && (
              <Text size="sm" c="dimmed">
                {t('dialog.advance', { amount: formatSar(inBalance, language) })}
              </Text>
            )}
            {nothingLeft && (
              <Text size="sm" c="red">
                {inBalance === null
                  ? message('NOTHING_LEFT_TO_REFUND')
                  : message('REFUND_ADVANCE_SPENT', { amount: '0.00' })}
              </Text>
            )}
          </Stack>
        )}
        <NumberInput
          label={t('dialog.amount')}
          value={shown}
          onChange={setAmount}
          min={0}
          max={left !== undefined ? left / 100 : undefined}
          decimalScale={2}
          required
          error={errors.amount}
        />
        <Textarea
          label={t('dialog.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          required
          autosize
          minRows={2}
          maxLength={500}
          error={errors.reason}
        />
        <Radio.Group
          label={t('dialog.payout')}
          value={payout}
          onChange={(value) => setPayout(value as RefundPayout)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="balance" label={t('payout.balance')} disabled={inBalance !== null} />
            <Radio value="original" label={t(`payout.original_${method}`)} disabled={method === 'balance'} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={refundable.isPending || nothingLeft}>
            {t('dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
