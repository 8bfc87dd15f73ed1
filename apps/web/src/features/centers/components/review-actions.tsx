import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Center } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type CenterDecision, useReviewCenterMutation } from '../api.ts';

/**
 * Approve (after a confirmation) or reject (with a reason, which is its confirmation) a pending
 * registration. Buttons are disabled while a decision is on its way.
 */
export function ReviewActions({ center, compact = false }: { center: Center; compact?: boolean }) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const review = useReviewCenterMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const name = nameIn(center, language);
  const size = compact ? 'xs' : 'sm';

  /**
   * Sends the decision. The answer is taken from `mutateAsync`'s promise, not from `mutate`'s
   * callbacks: the refetch after a decision removes this row (and these buttons) from the list,
   * and a `mutate` callback is dropped once its component is gone (decision 0012).
   */
  const decide = (decision: CenterDecision) =>
    review.mutateAsync(decision).then(
      (result) => {
        notifySuccess(result.message);
        setRejecting(false);
      },
      (error: unknown) => notifyError(errorMessage(error)),
    );

  const confirmApprove = () =>
    modals.openConfirmModal({
      title: t('review.approveTitle'),
      children: <Text size="sm">{t('review.approveBody', { name })}</Text>,
      labels: { confirm: t('review.approve'), cancel: t('review.cancel') },
      closeButtonProps: { 'aria-label': t('review.cancel') },
      onConfirm: () => void decide({ id: center.id, action: 'approve' }),
    });

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    if (review.isPending) return;
    if (!reason.trim()) {
      setReasonError(message('ENTER_REASON'));
      document.getElementById(`reject-reason-${center.id}`)?.focus();
      return;
    }
    void decide({ id: center.id, action: 'reject', reason: reason.trim() });
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap" role="group" aria-label={t('review.actionsFor', { name })}>
        <Button
          size={size}
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={confirmApprove}
          disabled={review.isPending}
        >
          {t('review.approve')}
        </Button>
        <Button
          size={size}
          variant="outline"
          color="red.9"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => {
            setReason('');
            setReasonError(undefined);
            setRejecting(true);
          }}
          disabled={review.isPending}
        >
          {t('review.reject')}
        </Button>
      </Group>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('review.rejectTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('review.cancel') }}
      >
        <form onSubmit={submitReject} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('review.rejectBody', { name })}</Text>
            <Textarea
              id={`reject-reason-${center.id}`}
              label={t('review.reason')}
              description={t('review.reasonHint')}
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
                {t('review.cancel')}
              </Button>
              <Button type="submit" color="red.9" loading={review.isPending} disabled={review.isPending}>
                {t('review.confirmReject')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
