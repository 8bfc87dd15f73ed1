import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from '../../../app/toast-stack.tsx';
import { formatSar } from '../../../i18n/format.ts';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RefundRequestDialog } from './refund-request-dialog.tsx';

/** The writes the dialog sends: path and body. */
let sent: { path: string; body: unknown }[] = [];
/** What the server says is left of payment 31, read again after a refusal. */
let refundable: object = {
  paymentId: 31,
  refundable: 14_150,
  paid: 24_150,
  givenBack: 10_000,
  pending: 0,
  advanceInBalance: null,
};
/** The refusal the next request gets, when set. */
let refusal: object | undefined;

beforeEach(() => {
  sent = [];
  refusal = undefined;
  refundable = {
    paymentId: 31,
    refundable: 14_150,
    paid: 24_150,
    givenBack: 10_000,
    pending: 0,
    advanceInBalance: null,
  };
  notifications.clean();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      if (init?.method === 'POST') {
        sent.push({ path, body: JSON.parse(String(init.body ?? '{}')) });
        if (refusal) return Response.json(refusal, { status: 409 });
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
          abilities: { approve: false, reject: false, retryPayout: false },
        };
        return Response.json({ request, message: MESSAGES.REQUEST_SUBMITTED.en }, { status: 201 });
      }
      return Response.json(refundable);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RefundRequestDialog', () => {
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
    expect(within(dialog).getByText(/already given back/)).toHaveTextContent(
      /Paid .*241\.50; already given back .*100\.00; awaiting approval .*0\.00\./,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText('Please enter the reason.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Course cancelled');
    // Sent with Enter from the amount, more than is left is refused at the field…
    await userEvent.clear(amount);
    await userEvent.type(amount, '150{Enter}');
    expect(await within(dialog).findByText(/The amount can be at most/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    // …and leaving the field brings it down to what is left.
    await userEvent.tab();
    expect(amount).toHaveValue('141.5');

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

  it('shows a 409 "less is left now" at the amount, in Arabic, and reads what is left again', async () => {
    await i18next.changeLanguage('ar');
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ToastStack />
        <RefundRequestDialog opened onClose={vi.fn()} paymentId={31} method="cash" />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'طلب استرداد' });
    await within(dialog).findByDisplayValue('141.5');
    // Meanwhile the booking was cancelled: all of it went into the balance.
    refusal = {
      statusCode: 409,
      code: 'NOTHING_LEFT_TO_REFUND',
      message: MESSAGES.NOTHING_LEFT_TO_REFUND.ar,
      fields: { amount: 'NOTHING_LEFT_TO_REFUND' },
    };
    refundable = {
      paymentId: 31,
      refundable: 0,
      paid: 24_150,
      givenBack: 24_150,
      pending: 0,
      advanceInBalance: null,
    };
    await userEvent.type(within(dialog).getByRole('textbox', { name: /السبب/ }), 'إلغاء الدورة');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تقديم الطلب' }));
    expect(await within(dialog).findAllByText(MESSAGES.NOTHING_LEFT_TO_REFUND.ar)).not.toHaveLength(0);
    const none = `المتبقي للاسترداد: ${formatSar(0, 'ar')}`.replace(/\s+/g, ' ');
    expect(await within(dialog).findByText(none)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تقديم الطلب' })).toBeDisabled();
    await i18next.changeLanguage('en');
  });

  it('an advance goes back only by its own method, at most what the balance still holds', async () => {
    // An advance of SAR 300 of which SAR 241.50 was spent on a booking: SAR 58.50 is still in the balance.
    refundable = {
      paymentId: 31,
      refundable: 5_850,
      paid: 30_000,
      givenBack: 0,
      pending: 0,
      advanceInBalance: 5_850,
    };
    const onClose = vi.fn();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ToastStack />
        <RefundRequestDialog opened onClose={onClose} paymentId={31} method="cash" />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    expect(await within(dialog).findByDisplayValue('58.5')).toBeInTheDocument();
    expect(within(dialog).getByText(/An advance:/)).toHaveTextContent(
      /its money is in the payer's balance \(.*58\.50 there now\), so it goes back only by its original method/,
    );
    expect(within(dialog).getByRole('radio', { name: "Into the payer's balance" })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Cash from the till' })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Leaving the programme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Request has been submitted')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: '/refund-requests',
        body: { paymentId: 31, amount: 5_850, reason: 'Leaving the programme', payout: 'original' },
      },
    ]);
  });

  it('says in Arabic that nothing of a spent advance is left in the balance', async () => {
    await i18next.changeLanguage('ar');
    refundable = {
      paymentId: 31,
      refundable: 0,
      paid: 30_000,
      givenBack: 0,
      pending: 0,
      advanceInBalance: 0,
    };
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <RefundRequestDialog opened onClose={vi.fn()} paymentId={31} method="cash" />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'طلب استرداد' });
    expect(
      await within(dialog).findByText(MESSAGES.REFUND_ADVANCE_SPENT.ar.replace('{{amount}}', '0.00')),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/دفعة مقدمة:/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تقديم الطلب' })).toBeDisabled();
    await i18next.changeLanguage('en');
  });
});
