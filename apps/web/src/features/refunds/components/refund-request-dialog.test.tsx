import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from '../../../app/toast-stack.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { RefundRequestDialog } from './refund-request-dialog.tsx';

/** The writes the dialog sends: path and body. */
let sent: { path: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  notifications.clean();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      if (init?.method === 'POST') {
        sent.push({ path, body: JSON.parse(String(init.body ?? '{}')) });
        const request = {
          id: 5,
          paymentId: 31,
          paymentMethod: 'cash',
          paymentAmount: 24_150,
          branchId: 1,
          payerKind: 'student',
          payerName: 'Sara',
          payerNameAr: '',
          payerNumber: '1000000001',
          amount: 10_000,
          reason: 'Course cancelled',
          payout: 'original',
          status: 'pending',
          requestedByUserId: 3,
          requestedByName: 'Teller',
          requestedByNameAr: '',
          decidedByUserId: null,
          decidedByName: null,
          decidedByNameAr: null,
          decidedAt: null,
          decisionNote: null,
          creditNoteId: null,
          creditNoteNumber: null,
          payoutStatus: 'none',
          payoutError: null,
          payoutSentAt: null,
          createdAt: new Date().toISOString(),
        };
        return Response.json({ request, message: MESSAGES.REQUEST_SUBMITTED.en }, { status: 201 });
      }
      return Response.json({ paymentId: 31, refundable: 14_150 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RefundRequestDialog', { timeout: 30_000 }, () => {
  it('prefills what is left, asks for a reason, refuses more than is left, and sends the request', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ToastStack />
        <RefundRequestDialog opened onClose={onClose} paymentId={31} method="cash" />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(await within(dialog).findByDisplayValue('141.5')).toBe(amount);
    expect(within(dialog).getByText(/Left to refund:/)).toHaveTextContent('141.50');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText('Please enter the reason.')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Course cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText(/The amount can be at most/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Cash from the till' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Request has been submitted')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: '/refund-requests',
        body: { paymentId: 31, amount: 10_000, reason: 'Course cancelled', payout: 'original' },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });
});
