import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Center } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
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
  const { errorMessage } = useMessages();
  const review = useReviewCenterMutation();
  const [rejecting, setRejecting] = useState(false);
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
          onClick={() => setRejecting(true)}
          disabled={review.isPending}
        >
          {t('review.reject')}
        </Button>
      </Group>
      <ReasonDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('review.rejectTitle')}
        intro={t('review.rejectBody', { name })}
        reasonLabel={t('review.reason')}
        reasonHint={t('review.reasonHint')}
        keepLabel={t('review.cancel')}
        submitLabel={t('review.confirmReject')}
        pending={review.isPending}
        onSubmit={(reason) => void decide({ id: center.id, action: 'reject', reason })}
      />
    </>
  );
}
