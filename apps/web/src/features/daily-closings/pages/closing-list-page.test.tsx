import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DailyClosing } from '@tasreeh/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signedInUser } from '../../../test/signed-in-user.ts';
import { setCurrentUser } from '../../auth/current-user.ts';
import { ClosingListPage } from './closing-list-page.tsx';

const closing = (id: number, day: string, cashAmount: number): DailyClosing => ({
  id,
  branchId: 3,
  branchNameEn: 'Riyadh — Olaya',
  branchNameAr: 'الرياض — العليا',
  day,
  status: 'finished',
  system: { cash: 30_000, pos: 0, card: 20_000, wire: 0, total: 50_000, refunds: 0 },
  totalAmount: 50_000,
  cashRevenue: 30_000,
  cardRevenue: 20_000,
  cashAmount,
  depositAmount: 25_000,
  difference: cashAmount - 30_000,
  bankName: 'Al Rajhi Bank',
  note: null,
  hasDepositSlip: true,
  createdByName: 'Yousef Al-Shammari',
  createdByNameAr: '',
  finishedByName: 'Yousef Al-Shammari',
  finishedByNameAr: '',
  finishedAt: '2026-11-20T18:00:00.000Z',
  createdAt: '2026-11-20T17:00:00.000Z',
  abilities: { uploadSlip: false, finish: false },
});

const SHORT = closing(1, '2026-11-20', 29_500);
const EVEN = closing(2, '2026-11-19', 30_000);
let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      requests.push(`${pathname.replace(/^\/api/, '')}${search}`);
      const filtered = new URLSearchParams(search).get('status') === 'open';
      const body = pathname.endsWith('/daily-closings/count')
        ? { total: filtered ? 0 : 2, capped: false }
        : pathname.endsWith('/daily-closings')
          ? { items: filtered ? [] : [SHORT, EVEN], nextCursor: null }
          : [{ id: 3, code: 'RUH-01', nameEn: 'Riyadh — Olaya', nameAr: 'الرياض — العليا' }];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setCurrentUser(null);
  await i18next.changeLanguage('en');
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ClosingListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('daily-closing list', () => {
  it('shows a shortfall apart from an even day, and filters by status', async () => {
    renderPage();
    const short = await screen.findByTestId('closing-difference-1');
    expect(short).toHaveTextContent('Short SAR 5.00');
    expect(short.querySelector('p')?.getAttribute('style') ?? '').toContain('--mantine-color-red-9');
    const even = screen.getByTestId('closing-difference-2');
    expect(even).toHaveTextContent('SAR 0.00');
    expect(even.querySelector('p')?.getAttribute('style') ?? '').not.toContain('red');
    expect(await screen.findByTestId('closing-total-count')).toHaveTextContent('2 closings');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Open', hidden: true }));
    await waitFor(() => expect(requests).toContain('/daily-closings?status=open&limit=20'));
    expect(await screen.findByText('No closing matches the search and filters.')).toBeInTheDocument();
  });

  it("offers to add a closing by the policy's caller ability, not by the rights held", async () => {
    const user = { userId: 1, name: 'Teller', type: 'Teller' as const, privileges: [] };
    setCurrentUser(signedInUser(user, { 'daily-closings': { create: true } }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Add closing' })).toBeInTheDocument();
    setCurrentUser(signedInUser(user));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Add closing' })).not.toBeInTheDocument());
  });

  it('says the shortfall in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderPage();
    const short = await screen.findByTestId('closing-difference-1');
    expect(short).toHaveTextContent('عجز');
  });
});
