import { Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod, RefundPayout } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
 * The "Request refund" dialog: the amount (prefilled with what is left to refund), the reason
 * (required) and how it is paid back (by the original method, or into the payer's balance).
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

function RequestForm({ paymentId, method, onClose }: Omit<RefundRequestDialogProps, 'opened'>) {
  const { t } = useTranslation('refunds');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const refundable = useQuery(refundableQuery(paymentId));
  const mutation = useRequestRefundMutation();
  const left = refundable.data?.refundable;
  const [amount, setAmount] = useState<number | string | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [payout, setPayout] = useState<RefundPayout>('balance');
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
      (error: unknown) => notifyError(errorMessage(error)),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {left !== undefined && (
          <Text size="sm">{t('dialog.left', { amount: formatSar(left, language) })}</Text>
        )}
        <NumberInput
          label={t('dialog.amount')}
          value={shown}
          onChange={setAmount}
          min={0}
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
            <Radio value="balance" label={t('payout.balance')} />
            <Radio value="original" label={t(`payout.original_${method}`)} disabled={method === 'balance'} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={refundable.isPending}>
            {t('dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
