import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { RefundRequest, RefundRequestPage } from '@tasreeh/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payoutRefreshOf, type RefundListParams, refundListQuery } from './api.ts';
import { failedPayout } from './refund-request.fixture.ts';

const PARAMS: RefundListParams = {
  search: '',
  status: '',
  payerKind: 'student',
  cursor: undefined,
  limit: 20,
};

/** The list as the server answers it, one request in it whose payout goes through `statuses` in turn. */
function serve(statuses: RefundRequest['payoutStatus'][]) {
  const asked = { times: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const payoutStatus = statuses[Math.min(asked.times, statuses.length - 1)] ?? 'none';
      asked.times++;
      const page: RefundRequestPage = { items: [{ ...failedPayout, payoutStatus }], nextCursor: null };
      return new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function PayoutOfFirst() {
  const query = useQuery(refundListQuery(PARAMS));
  return <output>{query.data?.items[0]?.payoutStatus ?? 'loading'}</output>;
}

const renderList = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PayoutOfFirst />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the refunds list while a card refund is on its way', () => {
  it('asks again by itself until the payout job has sent it, then stops', async () => {
    const asked = serve(['pending', 'pending', 'sent']);
    renderList();
    expect(await screen.findByText('pending')).toBeInTheDocument();
    expect(await screen.findByText('sent', undefined, { timeout: 6_000 })).toBeInTheDocument();
    const afterSent = asked.times;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked.times).toBe(afterSent);
  }, 12_000);

  it('does not ask again when no payout is pending', async () => {
    const asked = serve(['failed']);
    renderList();
    expect(await screen.findByText('failed')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked.times).toBe(1);
  });
});

describe('the refunds list while a card refund is on its way', () => {
  it('asks every 2 s at first, every 30 s after a minute of answers, and not at all once none is pending', () => {
    const pending = [{ payoutStatus: 'sent' }, { payoutStatus: 'pending' }];
    expect(payoutRefreshOf(pending, 1)).toBe(2_000);
    expect(payoutRefreshOf(pending, 29)).toBe(2_000);
    expect(payoutRefreshOf(pending, 30)).toBe(30_000);
    expect(payoutRefreshOf([{ payoutStatus: 'sent' }, { payoutStatus: 'none' }], 1)).toBe(false);
    expect(payoutRefreshOf([], 1)).toBe(false);
  });
});
