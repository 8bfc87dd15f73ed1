import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from '../../../app/toast-stack.tsx';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { failedPayout as failed } from '../refund-request.fixture.ts';
import { CardPayoutStatus, RetryPayoutButton } from './card-payout.tsx';

let sent: string[] = [];
beforeEach(() => {
  sent = [];
  notifications.clean();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push(`${init?.method} ${url}`);
      const request = {
        ...failed,
        payoutStatus: 'sent',
        payoutError: null,
        payoutSentAt: new Date().toISOString(),
      };
      return Response.json({ request, message: MESSAGES.REFUND_PAYOUT_RETRIED.en });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card refund payout', () => {
  it('shows a failed card refund with why, translated, and retries it', async () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ToastStack />
        <CardPayoutStatus request={failed} />
        <RetryPayoutButton request={failed} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Card refund failed')).toBeInTheDocument();
    expect(screen.getByText(/^Gateway:/)).toHaveTextContent(
      `Gateway: ${MESSAGES.PAYMENT_GATEWAY_UNAVAILABLE.en}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry card refund' }));
    expect(await screen.findByText('The card refund is being sent again.')).toBeInTheDocument();
    expect(sent).toEqual(['POST /api/refund-requests/7/retry-payout']);
  });

  it('shows the reason in Arabic on the Arabic screen; text that is no message code is never shown', async () => {
    await i18next.changeLanguage('ar');
    try {
      const { rerender } = renderWithProviders(<CardPayoutStatus request={failed} />);
      expect(screen.getByText(/^البوابة:/)).toHaveTextContent(MESSAGES.PAYMENT_GATEWAY_UNAVAILABLE.ar);
      rerender(<CardPayoutStatus request={{ ...failed, payoutError: 'connect ECONNREFUSED 10.0.0.1' }} />);
      expect(screen.getByText(/^البوابة:/)).toHaveTextContent(MESSAGES.REFUND_PAYOUT_REFUSED.ar);
      expect(screen.queryByText(/ECONNREFUSED/)).toBeNull();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says nothing for a refund that calls no gateway, and "sent" without a reason once sent', () => {
    const { rerender } = renderWithProviders(
      <CardPayoutStatus request={{ ...failed, payoutStatus: 'none' }} />,
    );
    expect(screen.queryByText(/Card refund/)).toBeNull();
    rerender(<CardPayoutStatus request={{ ...failed, payoutStatus: 'sent' }} />);
    expect(screen.getByText('Card refund sent')).toBeInTheDocument();
    expect(screen.queryByText(/Gateway:/)).toBeNull();
  });
});
