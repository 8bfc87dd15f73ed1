import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SUMMARY = {
  bookingId: 5,
  bookingNumber: 'BK-0000005',
  status: 'Pending Payment',
  courseNameEn: 'Food Safety',
  courseNameAr: 'سلامة الغذاء',
  holdExpiresAt: null,
  subtotal: 20_000,
  amanaFee: 1_000,
  vat: 3_150,
  total: 24_150,
  amountPaid: 0,
  remaining: 24_150,
  balance: 0,
  payable: true,
  partialAllowed: false,
};

function renderAt(url: string, counter = false) {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/student/payments/check-out/:id" element={<CheckoutPage counter={counter} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CheckoutPage', () => {
  it('shows the order summary in SAR and sends the payer to the gateway for a card', async () => {
    await i18next.changeLanguage('en');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, hostname: 'localhost' });
    const calls = stubApi((call) =>
      call.path === '/payments'
        ? {
            status: 201,
            body: { id: 9, status: 'pending', invoiceId: null, redirectUrl: '/api/dev-gateway/pay/dev_x' },
          }
        : { status: 200, body: SUMMARY },
    );
    renderAt('/student/payments/check-out/5');
    expect(await screen.findByText('SAR 241.50')).toBeTruthy();
    expect(screen.getByText('SAR 10.00')).toBeTruthy();
    expect(screen.getByText('SAR 31.50')).toBeTruthy();
    // Not enough balance: that choice is off.
    expect((screen.getByLabelText(/Advanced payment/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/dev-gateway/pay/dev_x'));
    expect(calls.find((call) => call.path === '/payments')?.body).toEqual({ bookingId: 5, method: 'card' });
  });

  it('says in Arabic that a declined card left the booking waiting for payment', async () => {
    await i18next.changeLanguage('ar');
    stubApi(() => ({ status: 200, body: SUMMARY }));
    renderAt('/student/payments/check-out/5?payment=9&result=declined');
    expect((await screen.findByTestId('payment-result')).textContent).toBe(
      'تم رفض الدفع بالبطاقة. لا يزال حجزك بانتظار الدفع.',
    );
    await i18next.changeLanguage('en');
  });

  it('lets a corporate pay part of a partial booking, and never takes a wrong amount as all of it', async () => {
    await i18next.changeLanguage('en');
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), hostname: 'localhost' });
    const calls = stubApi((call) =>
      call.path === '/payments'
        ? { status: 201, body: { id: 9, status: 'pending', invoiceId: null, redirectUrl: '/x' } }
        : { status: 200, body: { ...SUMMARY, partialAllowed: true } },
    );
    renderAt('/student/payments/check-out/5');
    const amount = await screen.findByLabelText(/Amount to pay now/);
    fireEvent.change(amount, { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    expect(await screen.findByText(/The amount must be more than zero/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/payments')).toBe(false);
    fireEvent.change(amount, { target: { value: '100.50' } });
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/payments')?.body).toEqual({
        bookingId: 5,
        method: 'card',
        amount: 10_050,
      }),
    );
  });

  it('offers a teller cash and POS only', async () => {
    await i18next.changeLanguage('en');
    stubApi(() => ({ status: 200, body: SUMMARY }));
    renderAt('/student/payments/check-out/5', true);
    expect(await screen.findByLabelText('Cash')).toBeTruthy();
    expect(screen.getByLabelText('POS')).toBeTruthy();
    expect(screen.queryByLabelText(/Card/)).toBeNull();
  });
});
