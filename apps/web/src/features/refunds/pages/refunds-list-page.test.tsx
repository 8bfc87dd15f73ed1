import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RefundRequest } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { failedPayout } from '../refund-request.fixture.ts';
import { StudentRefundsPage } from './refunds-list-page.tsx';

const pending = (id: number, abilities: RefundRequest['abilities']): RefundRequest => ({
  ...failedPayout,
  id,
  status: 'pending',
  decidedByUserId: null,
  decidedByName: null,
  decidedByNameAr: null,
  decidedAt: null,
  creditNoteId: null,
  creditNoteNumber: null,
  payoutStatus: 'none',
  payoutError: null,
  abilities,
});

// The server's refunds policy decides: one request the caller may decide, one it asked for itself
// (the four eyes: no decision), and a failed card refund it may send again.
const ITEMS: RefundRequest[] = [
  pending(1, { approve: true, reject: true, retryPayout: false }),
  pending(2, { approve: false, reject: false, retryPayout: false }),
  failedPayout,
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      const body = pathname.endsWith('/count')
        ? { total: ITEMS.length, capped: false }
        : { items: ITEMS, nextCursor: null };
      return Response.json(body);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refund-payment', () => {
  it("shows each request's decisions and retry as its abilities say, deriving no rule of its own", async () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <StudentRefundsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const decidable = await screen.findByTestId('refund-1');
    expect(within(decidable).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(decidable).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const own = screen.getByTestId('refund-2');
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    const failed = screen.getByTestId(`refund-${failedPayout.id}`);
    expect(within(failed).getByRole('button', { name: 'Retry card refund' })).toBeInTheDocument();
  });
});
