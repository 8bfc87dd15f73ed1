import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RevenueReport } from '@tasreeh/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RevenueReportPage } from './revenue-report-page.tsx';

const REPORT: RevenueReport = {
  from: '2026-11-01',
  to: '2026-11-26',
  groupBy: 'method',
  rows: [
    {
      key: 'cash',
      labelEn: 'cash',
      labelAr: 'cash',
      payments: 2,
      creditNotes: 1,
      subtotal: 20_000,
      amanaFee: 1_000,
      vat: 3_150,
      total: 24_150,
    },
    {
      key: 'pos',
      labelEn: 'pos',
      labelAr: 'pos',
      payments: 1,
      creditNotes: 0,
      subtotal: 20_000,
      amanaFee: 1_000,
      vat: 3_150,
      total: 24_150,
    },
  ],
  totals: { payments: 3, creditNotes: 1, subtotal: 40_000, amanaFee: 2_000, vat: 6_300, total: 48_300 },
};

let requests: { path: string }[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      requests.push({ path: `${pathname.replace(/^\/api/, '')}${search}` });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (pathname.endsWith('/finance-reports/revenue')) {
        const groupBy = new URLSearchParams(search).get('groupBy');
        const days = ['2026-11-20', '2026-11-21'];
        const rows = REPORT.rows.map((row, index) =>
          groupBy === 'day' ? { ...row, key: days[index] ?? '' } : row,
        );
        return json({ ...REPORT, groupBy, rows });
      }
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

describe('finance-reports', () => {
  it('shows the revenue with its totals and groups it as asked', async () => {
    renderPage(<RevenueReportPage />);
    const totals = await screen.findByTestId('revenue-totals');
    expect(totals).toHaveTextContent('SAR 483.00');
    expect(
      requests.some((request) =>
        /\/finance-reports\/revenue\?from=\d{4}-\d{2}-01&to=.*&groupBy=day/.test(request.path),
      ),
    ).toBe(true);
    await userEvent.click(screen.getByText('Method'));
    await waitFor(() =>
      expect(requests.some((request) => request.path.endsWith('groupBy=method'))).toBe(true),
    );
    expect(await screen.findByTestId('revenue-cash')).toHaveTextContent('SAR 241.50');
  });

  it('reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderPage(<RevenueReportPage />);
    expect(await screen.findByRole('heading', { name: 'تقرير الإيرادات' })).toBeInTheDocument();
    expect(await screen.findByTestId('revenue-totals')).toHaveTextContent('الإجمالي');
  });
});
