import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Payment } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AllPaymentsPage, PaymentsListPage } from './payments-list-page.tsx';

const PAYMENT: Payment = {
  id: 31,
  purpose: 'booking',
  bookingId: 5,
  bookingNumber: 'BK-000005',
  productId: null,
  quantity: 1,
  descriptionEn: 'Food Safety Basics — BK-000005',
  descriptionAr: 'أساسيات سلامة الغذاء — BK-000005',
  payerStudentId: 7,
  payerCorporateId: null,
  payerName: 'Amin Hussain',
  payerNameAr: '',
  method: 'cash',
  status: 'paid',
  amount: 24_150,
  subtotal: 20_000,
  amanaFee: 1_000,
  vat: 3_150,
  currency: 'SAR',
  branchId: 3,
  posReference: null,
  bankName: null,
  accountNumber: null,
  iban: null,
  wireCopyFileId: null,
  cardBrand: null,
  failureReason: null,
  invoiceId: null,
  invoiceNumber: null,
  paidAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  abilities: { confirmWire: false, rejectWire: false, refund: false },
};

const BRANCHES = [
  { id: 3, code: 'RUH-01', nameEn: 'Riyadh', nameAr: 'الرياض' },
  { id: 4, code: 'JED-01', nameEn: 'Jeddah', nameAr: 'جدة' },
];

/** Every GET the page sends, as `path?query` after `/api`. */
let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      requests.push(`${pathname.replace(/^\/api/, '')}${search}`);
      // The payment matches no search and no branch but its own.
      const params = new URLSearchParams(search);
      const matches = !params.get('search') && [null, '3'].includes(params.get('branchId'));
      const body = pathname.endsWith('/payments/count')
        ? { total: matches ? 1 : 0, capped: false }
        : pathname.endsWith('/payments')
          ? { items: matches ? [PAYMENT] : [], nextCursor: null }
          : BRANCHES;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
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

const listRequests = () => requests.filter((request) => request.startsWith('/payments?'));

describe('all-payments', () => {
  it('searches by payer and filters by branch; none found says so with the filters', async () => {
    renderPage(<AllPaymentsPage />);
    expect(await screen.findByText('Amin Hussain')).toBeInTheDocument();
    expect(await screen.findByTestId('payment-total-count')).toHaveTextContent('1 payment');

    await userEvent.click(await screen.findByRole('combobox', { name: 'Branch' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jeddah', hidden: true }));
    await waitFor(() => expect(listRequests()).toContain('/payments?branchId=4&limit=20'));
    expect(await screen.findByText('No payments found with the selected filters')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Branch' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All branches', hidden: true }));
    expect(await screen.findByText('Amin Hussain')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Payer' }), '2000000006');
    await waitFor(() => expect(listRequests()).toContain('/payments?search=2000000006&limit=20'));
    expect(await screen.findByText('No payments found with the selected filters')).toBeInTheDocument();
    expect(requests).toContain('/payments/count?search=2000000006');
  });

  it('says none found with the filters in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderPage(<AllPaymentsPage />);
    expect(await screen.findByText('Amin Hussain')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'الدافع' }), 'x');
    expect(await screen.findByText('لم يتم العثور على مدفوعات بالمرشحات المحددة')).toBeInTheDocument();
  });
});

describe('a payer’s payments', () => {
  it('lists its own without a payer search, a branch filter or a payer column', async () => {
    renderPage(<PaymentsListPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Food Safety Basics — BK-000005')).toBeInTheDocument();
    expect(within(table).queryByText('Payer')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.startsWith('/students'))).toBe(false);
  });
});
