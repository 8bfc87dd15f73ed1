import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BusinessStats } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BusinessStatsSection } from './business-stats-section.tsx';

const months = <Figures,>(of: (month: number) => Figures) =>
  Array.from({ length: 12 }, (_, index) => ({ month: index + 1, figures: of(index + 1) }));
const counts = (count: number, paid: number) => ({ count, paid });

const STATS: BusinessStats = {
  year: 2026,
  users: {
    months: months((month) => ({ staff: month === 3 ? 2 : 0, students: month === 3 ? 10 : 0 })),
    total: { staff: 2, students: 10 },
    previousYear: { staff: 1, students: 7 },
  },
  bookings: {
    months: months((month) =>
      month === 11
        ? { trainee: counts(40, 30), corporate: counts(5, 5) }
        : { trainee: counts(0, 0), corporate: counts(0, 0) },
    ),
    total: { trainee: counts(40, 30), corporate: counts(5, 5) },
    previousYear: { trainee: counts(50, 45), corporate: counts(0, 0) },
  },
  revenue: {
    months: months((month) => ({ revenue: month === 11 ? 1_234_550 : 0 })),
    total: { revenue: 1_234_550 },
    previousYear: { revenue: 1_000_000 },
    topBranches: [
      { id: 1, nameEn: 'Riyadh Main', nameAr: 'الرياض الرئيسي', revenue: 1_000_000 },
      { id: 2, nameEn: 'Jeddah', nameAr: 'جدة', revenue: 234_550 },
    ],
    topCorporates: [],
  },
};
const QUIET: BusinessStats = {
  year: 2001,
  users: {
    months: months(() => ({ staff: 0, students: 0 })),
    total: { staff: 0, students: 0 },
    previousYear: { staff: 0, students: 0 },
  },
};

let requests: URLSearchParams[] = [];
let answer: (params: URLSearchParams) => BusinessStats = () => STATS;

beforeEach(() => {
  requests = [];
  answer = () => STATS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      expect(pathname).toBe('/api/business-stats');
      requests.push(searchParams);
      return new Response(JSON.stringify(answer(searchParams)), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

/** 2026-12-31 at 22:30 UTC is already 2027 in Riyadh. */
const NOW = new Date('2026-12-31T22:30:00Z');

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BusinessStatsSection now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BusinessStatsSection', () => {
  it('shows the Riyadh year: four tiles with the change from last year, the months and the leaders', async () => {
    answer = () => ({ ...STATS, year: 2027 });
    renderSection();
    const users = await screen.findByTestId('business-users');
    expect(requests[0]?.get('year')).toBe('2027');
    expect(users).toHaveTextContent('12');
    expect(users).toHaveTextContent('2 staff, 10 students');
    expect(users).toHaveTextContent('+50% on 2026 (8)');
    expect(screen.getByTestId('business-trainee')).toHaveTextContent('30 paid');
    expect(screen.getByTestId('business-trainee')).toHaveTextContent('-20% on 2026 (50)');
    expect(screen.getByTestId('business-corporate')).toHaveTextContent('None in 2026');
    expect(screen.getByTestId('business-revenue')).toHaveTextContent('SAR 12,345.50');
    expect(screen.getByTestId('business-revenue')).toHaveTextContent('+23.5% on 2026 (SAR 10,000.00)');
    const november = within(screen.getByTestId('business-months')).getByText('November').closest('tr');
    expect(november).toHaveTextContent(/November\s*0\s*40 \(30 paid\)\s*5 \(5 paid\)\s*SAR 12,345.50/);
    const branches = screen.getByTestId('business-top-branches');
    expect(within(branches).getAllByRole('listitem')[0]).toHaveTextContent('1. Riyadh Main');
    expect(screen.getByTestId('business-top-corporates')).toHaveTextContent('No revenue in 2027');
  });

  it('asks for the year picked, from next year back to 2000', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByTestId('business-users');
    const picker = screen.getByLabelText('Year');
    const options = within(picker).getAllByRole('option');
    expect(options[0]).toHaveTextContent('2028');
    expect(options.at(-1)).toHaveTextContent('2000');
    await user.selectOptions(picker, '2019');
    await vi.waitFor(() => expect(requests.at(-1)?.get('year')).toBe('2019'));
  });

  it('shows only the parts answered, and says so when the year is quiet, in Arabic too', async () => {
    answer = () => QUIET;
    await i18next.changeLanguage('ar');
    renderSection();
    expect(await screen.findByText('لا يوجد نشاط في 2001')).toBeInTheDocument();
    expect(screen.queryByTestId('business-revenue')).not.toBeInTheDocument();
  });

  it('names the leaders in Arabic for an Arabic reader', async () => {
    await i18next.changeLanguage('ar');
    renderSection();
    const branches = await screen.findByTestId('business-top-branches');
    expect(branches).toHaveTextContent('الرياض الرئيسي');
    expect(branches).not.toHaveTextContent('Riyadh Main');
    expect(screen.getByText('أعلى 3 شركات إيراداً')).toBeInTheDocument();
  });

  it('shows an error with a retry when the statistics cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 500, code: 'REQUEST_FAILED', message: 'x' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderSection();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
