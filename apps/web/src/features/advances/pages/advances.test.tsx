import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdvancePayment, PayerBalance, PayerBalanceDetail } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdvancesPage } from './advances-page.tsx';
import { NewAdvancePage } from './new-advance-page.tsx';

const BALANCE: PayerBalance = {
  payerKind: 'student',
  payerId: 7,
  payerName: 'Amin Hussain',
  payerNameAr: '',
  payerNumber: '1000000001',
  balance: 50_000,
  lastMovementAt: '2026-11-20T09:00:00.000Z',
};
const DETAIL: PayerBalanceDetail = {
  ...BALANCE,
  movements: [
    {
      id: 2,
      kind: 'payment',
      amount: -24_150,
      paymentId: 9,
      bookingId: 4,
      note: null,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
    {
      id: 1,
      kind: 'advance',
      amount: 74_150,
      paymentId: 8,
      bookingId: null,
      note: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  ],
};
const ADVANCE: AdvancePayment = {
  id: 8,
  payerKind: 'corporate',
  payerId: 3,
  payerName: 'Gulf Catering Co.',
  payerNameAr: '',
  method: 'pos',
  status: 'paid',
  amount: 74_150,
  branchId: 1,
  posReference: 'TRM-1',
  bankName: null,
  wireCopyFileId: null,
  invoiceId: 12,
  invoiceNumber: 'INV-000012',
  paidAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
};
let requests: { path: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      const path = `${pathname.replace(/^\/api/, '')}${search}`;
      requests.push({ path, method: init?.method ?? 'GET', body: init?.body });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (pathname.endsWith('/advance-payments') && init?.method === 'POST')
        return json(
          {
            id: 30,
            status: 'paid',
            invoiceId: 31,
            redirectUrl: null,
            message: 'The advance payment is recorded and credited to the balance.',
          },
          201,
        );
      if (pathname.endsWith('/advance-payments/payers'))
        return json([
          {
            payerKind: 'student',
            payerId: 7,
            payerNameEn: 'Amin Hussain',
            payerNameAr: 'أمين حسين',
            payerNumber: '1000000001',
          },
          // A corporate registered with no Arabic name.
          {
            payerKind: 'corporate',
            payerId: 4,
            payerNameEn: 'Gulf Catering Co.',
            payerNameAr: '',
            payerNumber: null,
          },
        ]);
      if (pathname.endsWith('/students/placement/branches'))
        return json([
          { id: 1, code: 'RUH-01', nameEn: 'Riyadh Olaya', nameAr: 'الرياض العليا' },
          { id: 2, code: 'JED-01', nameEn: 'Jeddah Corniche', nameAr: 'جدة الكورنيش' },
        ]);
      if (pathname.endsWith('/advance-payments/count')) return json({ total: 1, capped: false });
      if (pathname.endsWith('/advance-payments')) return json({ items: [ADVANCE], nextCursor: null });
      if (pathname.endsWith('/balances/count')) return json({ total: 1, capped: false });
      if (pathname.endsWith('/balances')) return json({ items: [BALANCE], nextCursor: null });
      if (pathname.endsWith('/balances/student/7')) return json(DETAIL);
      return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function renderPage(page: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('advanced-payment', () => {
  it('lists balances, opens a payer’s movements, and lists the advance payments', async () => {
    renderPage(<AdvancesPage />);
    const row = await screen.findByTestId('balance-student-7');
    expect(row).toHaveTextContent('SAR 500.00');
    await userEvent.click(within(row).getByRole('button', { name: 'Amin Hussain' }));
    const movements = await screen.findByTestId('movements');
    expect(await within(movements).findByText('Advance payment')).toBeInTheDocument();
    expect(within(movements).getByText('Paid from the balance')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain('/balances/student/7');

    await userEvent.click(screen.getByRole('tab', { name: 'Advance payments' }));
    expect(await screen.findByText('Gulf Catering Co.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'INV-000012' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Payment method' }));
    await userEvent.click(await screen.findByRole('option', { name: 'POS', hidden: true }));
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/advance-payments?method=pos&limit=20'),
    );
  });

  it('shows the balances in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderPage(<AdvancesPage />);
    expect(await screen.findByRole('tab', { name: 'الأرصدة' })).toBeInTheDocument();
    expect(await screen.findByText('طالب')).toBeInTheDocument();
  });
});

describe('advanced-payment/new', () => {
  it('finds the payer and records a POS advance in halalas with its reference', async () => {
    renderPage(<NewAdvancePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record the advance payment' }));
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('combobox', { name: /Payer/ }), '1000');
    await userEvent.click(await screen.findByRole('option', { name: /Amin Hussain/, hidden: true }));
    await userEvent.click(screen.getByRole('combobox', { name: /Branch/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jeddah Corniche', hidden: true }));
    await userEvent.click(screen.getByRole('radio', { name: /POS|Point of sale/i }));
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '741.50');
    await userEvent.type(screen.getByRole('textbox', { name: /reference/i }), 'TRM-9');
    await userEvent.click(screen.getByRole('button', { name: 'Record the advance payment' }));
    expect(await screen.findByTestId('advance-result')).toHaveTextContent(
      'The advance payment is recorded and credited to the balance.',
    );
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({
      branchId: 2,
      payerKind: 'student',
      payerId: 7,
      method: 'pos',
      amount: 74_150,
      posReference: 'TRM-9',
    });
    expect(requests.map((request) => request.path)).toContain('/advance-payments/payers?search=1000');
  });

  it('names the payers found in the screen’s language, or in the other where a payer has none', async () => {
    await i18next.changeLanguage('ar');
    renderPage(<NewAdvancePage />);
    await userEvent.type(await screen.findByRole('combobox', { name: /الدافع/ }), '1000');
    expect(
      await screen.findByRole('option', { name: 'أمين حسين · طالب · 1000000001', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Amin Hussain/, hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Gulf Catering Co\. · /, hidden: true })).toBeInTheDocument();
  });

  it('sends a wire as a form with its copy', async () => {
    renderPage(<NewAdvancePage />);
    await userEvent.type(await screen.findByRole('combobox', { name: /Payer/ }), 'Amin');
    await userEvent.click(await screen.findByRole('option', { name: /Amin Hussain/, hidden: true }));
    await userEvent.click(screen.getByRole('combobox', { name: /Branch/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Riyadh Olaya', hidden: true }));
    await userEvent.click(screen.getByRole('radio', { name: /wire/i }));
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Record the advance payment' }));
    const post = await waitFor(() => {
      const found = requests.find((request) => request.method === 'POST');
      if (!found) throw new Error('not sent');
      return found;
    });
    expect(post.body).toBeInstanceOf(FormData);
    const form = post.body as FormData;
    expect(form.get('method')).toBe('wire');
    expect(form.get('amount')).toBe('10000');
    expect(form.get('payerId')).toBe('7');
    expect(form.get('branchId')).toBe('1');
  });
});
