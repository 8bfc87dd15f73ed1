import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AmanaInvoiceDetail, allPrivileges } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from '../../../app/toast-stack.tsx';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signedInUser } from '../../../test/signed-in-user.ts';
import { setCurrentUser } from '../../auth/current-user.ts';
import { AmanaInvoiceDetailsPage } from './amana-invoice-details-page.tsx';
import { AmanaInvoiceListPage } from './amana-invoice-list-page.tsx';
import { AmanaVerificationPage } from './amana-verification-page.tsx';

const INVOICE: AmanaInvoiceDetail = {
  id: 5,
  number: 'AMN-000005',
  branchId: 3,
  branchNameEn: 'Riyadh Main',
  branchNameAr: 'الرياض الرئيسي',
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  amount: 3_000,
  status: 'partly_verified',
  lineCount: 3,
  verifiedCount: 1,
  issuedAt: '2026-11-26T06:00:00.000Z',
  abilities: { verify: true },
  lines: [
    {
      id: 11,
      paymentId: 101,
      paidAt: '2026-11-20T06:00:00.000Z',
      studentId: 7,
      corporateId: null,
      payerNameEn: 'Amin Hussain',
      payerNameAr: 'أمين حسين',
      reference: '2000000006',
      amount: 1_000,
      batchNumber: null,
      verifiedAt: null,
    },
    {
      id: 12,
      paymentId: 102,
      paidAt: '2026-11-21T06:00:00.000Z',
      studentId: null,
      corporateId: 4,
      payerNameEn: 'Al-Nakheel Catering Co.',
      payerNameAr: 'شركة النخيل للإعاشة',
      reference: '1010123456',
      amount: 1_000,
      batchNumber: null,
      verifiedAt: null,
    },
    {
      id: 13,
      paymentId: 103,
      paidAt: '2026-11-22T06:00:00.000Z',
      studentId: 8,
      corporateId: null,
      payerNameEn: 'Bilal Khan',
      payerNameAr: 'بلال خان',
      reference: '1000000008',
      amount: 1_000,
      batchNumber: 'B-OLD',
      verifiedAt: '2026-11-25T06:00:00.000Z',
    },
  ],
};
const { lines: _lines, ...SUMMARY } = INVOICE;

let requests: { method: string; path: string; body?: unknown }[] = [];

beforeEach(() => {
  requests = [];
  setCurrentUser(
    signedInUser(
      { userId: 1, name: 'Amanah', type: 'Amanah', privileges: allPrivileges() },
      { 'amana-invoices': { issue: true, filterByBranch: true } },
    ),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      const path = `${pathname.replace(/^\/api/, '')}${search}`;
      requests.push({
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const status = new URLSearchParams(search).get('status');
      let body: unknown = [];
      if (pathname.endsWith('/amana-invoices/count')) body = { total: 1, capped: false };
      else if (pathname.endsWith('/amana-invoices'))
        body = { items: !status || status === 'partly_verified' ? [SUMMARY] : [], nextCursor: null };
      else if (pathname.endsWith('/amana-invoices/5')) body = INVOICE;
      else if (pathname.endsWith('/verify'))
        body = {
          batchNumber: 'B-7',
          verifiedLines: 2,
          status: 'verified',
          message: i18next.language === 'ar' ? 'تم التحقق بنجاح!' : 'Verification successful!',
        };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
  setCurrentUser(null);
  await i18next.changeLanguage('en');
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/amana-invoice" element={<AmanaInvoiceListPage />} />
          <Route path="/admin/amana-invoice/:id" element={<AmanaInvoiceDetailsPage />} />
          <Route path="/admin/amana-invoice-verification" element={<AmanaVerificationPage />} />
        </Routes>
      </MemoryRouter>
      <ToastStack />
    </QueryClientProvider>,
  );
}

describe('amana-invoice screens', () => {
  it('lists the invoices with their status, period and amount in SAR', async () => {
    renderAt('/admin/amana-invoice');
    const row = await screen.findByTestId('amana-invoice-5');
    expect(within(row).getByRole('link', { name: 'AMN-000005' })).toHaveAttribute(
      'href',
      '/admin/amana-invoice/5',
    );
    expect(within(row).getByText('Partly verified')).toBeInTheDocument();
    expect(within(row).getByText(/30\.00/)).toBeInTheDocument();
    expect(within(row).getByText('1 of 3')).toBeInTheDocument();
  });

  it("offers to verify the invoice by its own ability, as the server's policy answered it", async () => {
    renderAt('/admin/amana-invoice/5');
    expect(await screen.findByRole('link', { name: 'Verify a batch' })).toHaveAttribute(
      'href',
      '/admin/amana-invoice-verification?invoice=5',
    );
  });

  it('offers no verification of an invoice its ability refuses, whatever the rights held', async () => {
    const refused = { ...INVOICE, abilities: { verify: false } };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(refused), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    renderAt('/admin/amana-invoice/5');
    expect(await screen.findByTestId('amana-line-11')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verify a batch' })).not.toBeInTheDocument();
  });

  it('shows each line with the student ID or the corporate CR and its batch', async () => {
    renderAt('/admin/amana-invoice/5');
    const student = await screen.findByTestId('amana-line-11');
    expect(student).toHaveTextContent('ID 2000000006');
    expect(within(student).getByText('Not verified yet')).toBeInTheDocument();
    expect(screen.getByTestId('amana-line-12')).toHaveTextContent('CR 1010123456');
    expect(within(screen.getByTestId('amana-line-13')).getByText('B-OLD')).toBeInTheDocument();
  });

  it('downloads the invoice as a PDF named by its number, in English and Arabic', async () => {
    const saved: { href: string; download: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:amana', revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    renderAt('/admin/amana-invoice/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:amana', download: 'AMN-000005.pdf' }]));
    expect(requests.filter((request) => request.path === '/amana-invoices/5/pdf')).toHaveLength(1);

    await i18next.changeLanguage('ar');
    await userEvent.click(await screen.findByRole('button', { name: 'تنزيل الفاتورة' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(requests.filter((request) => request.path === '/amana-invoices/5/pdf')).toHaveLength(2);
  });

  it('asks for at least one student and a batch number before verifying', async () => {
    renderAt('/admin/amana-invoice-verification?invoice=5');
    await screen.findByTestId('amana-verify-line-11');
    await userEvent.click(screen.getByTestId('amana-verify'));
    expect(screen.getByTestId('amana-lines-error')).toHaveTextContent('Please select at least one student.');
    expect(screen.getByText('Please enter the batch number.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('selects all unverified students and sends each with its ID or CR, in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderAt('/admin/amana-invoice-verification?invoice=5');
    await screen.findByTestId('amana-verify-line-11');
    // The verified line is not offered again.
    expect(screen.queryByTestId('amana-verify-line-13')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'تحديد كل المتدربين' }));
    await userEvent.type(screen.getByLabelText('رقم الدفعة'), 'B-7');
    await userEvent.click(screen.getByRole('button', { name: 'تحقق' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')).toMatchObject({
        path: '/amana-invoices/5/verify',
        body: {
          batchNumber: 'B-7',
          lines: [
            { lineId: 11, reference: '2000000006' },
            { lineId: 12, reference: '1010123456' },
          ],
        },
      }),
    );
    expect(await screen.findByText('تم التحقق بنجاح!')).toBeInTheDocument();
  });
});
