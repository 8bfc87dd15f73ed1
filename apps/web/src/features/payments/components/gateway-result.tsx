import { Alert } from '@mantine/core';
import type { MessageCode } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';

/** The card gateway's answer, as our callback passes it back in `?result=`. */
const RESULT_MESSAGE: Record<string, MessageCode> = {
  paid: 'PAYMENT_SUCCEEDED',
  declined: 'PAYMENT_DECLINED',
  abandoned: 'PAYMENT_ABANDONED',
  pending: 'PAYMENT_CARD_PENDING',
};

const RESULT_COLOR: Record<string, string> = { paid: 'green', pending: 'yellow' };

/** What became of a card payment, shown when the payer comes back from the gateway; nothing for any other `result`. */
export function GatewayResult({ result }: { result: string | null }) {
  const { t } = useTranslation();
  const code = result === null ? undefined : RESULT_MESSAGE[result];
  if (!result || !code) return null;
  return (
    <Alert color={RESULT_COLOR[result] ?? 'red'} role="status" data-testid="payment-result">
      {t(`messages:${code}`)}
    </Alert>
  );
}
