import { Button, Stack, Text } from '@mantine/core';
import { isMessageCode, type RefundRequest } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useRetryPayoutMutation } from '../api.ts';

const PAYOUT_TONE = { pending: 'warning', sent: 'positive', failed: 'negative' } as const;

/**
 * An approved card refund's way out through the gateway: pending, sent or failed, with why the
 * last attempt failed, in the reader's language (the server keeps a message code; the gateway's
 * own words stay in its log).
 */
export function CardPayoutStatus({ request }: { request: RefundRequest }) {
  const { t } = useTranslation('refunds');
  const { message } = useMessages();
  if (request.payoutStatus === 'none') return null;
  return (
    <Stack gap={4} align="flex-start" data-testid={`refund-payout-${request.id}`}>
      <StatusBadge tone={PAYOUT_TONE[request.payoutStatus]}>
        {t(`cardPayout.${request.payoutStatus}`)}
      </StatusBadge>
      {request.payoutStatus !== 'sent' && request.payoutError && (
        <Text size="xs" c="dimmed">
          {t('cardPayout.reason')}{' '}
          {message(isMessageCode(request.payoutError) ? request.payoutError : 'REFUND_PAYOUT_REFUSED')}
        </Text>
      )}
    </Stack>
  );
}

/** Sends a failed card refund again (finance with edit); the gateway never refunds it twice. */
export function RetryPayoutButton({ request }: { request: RefundRequest }) {
  const { t } = useTranslation('refunds');
  const { errorMessage } = useMessages();
  const mutation = useRetryPayoutMutation();
  const retry = () =>
    mutation.mutateAsync(request.id).then(
      (result) => notifySuccess(result.message),
      (failure: unknown) => notifyError(errorMessage(failure)),
    );
  return (
    <Button size="xs" variant="outline" onClick={retry} loading={mutation.isPending}>
      {t('cardPayout.retry')}
    </Button>
  );
}
