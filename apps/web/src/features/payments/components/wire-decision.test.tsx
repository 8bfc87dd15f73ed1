import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from '../../../app/toast-stack.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { WireDecision } from './wire-decision.tsx';

/** The writes the decision sends: path and body. */
let sent: { path: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  notifications.clean();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ path: url.replace(/^\/api/, ''), body: JSON.parse(String(init?.body ?? '{}')) });
      const answer = {
        id: 31,
        status: 'failed',
        invoiceId: null,
        redirectUrl: null,
        message: MESSAGES.WIRE_REJECTED.en,
      };
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WireDecision', () => {
  it('rejects a wire only with a reason, asked in a dialog, and says it is done', async () => {
    const client = new QueryClient();
    renderWithProviders(
      <QueryClientProvider client={client}>
        <ToastStack />
        <WireDecision paymentId={31} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Confirm wire transfer' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject wire transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this wire transfer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject wire transfer' }));
    expect(await within(dialog).findByText('Please enter the reason.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox'), 'No transfer arrived');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject wire transfer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ path: '/payments/31/reject-wire', body: { reason: 'No transfer arrived' } }]);
    expect(await screen.findByText(MESSAGES.WIRE_REJECTED.en)).toBeInTheDocument();
  });
});
