import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, refundRequests, walletEntries } from '../../db/schema/index.ts';
import { newBooking, PRICE } from '../../test/paid-bookings.ts';
import { refundKit } from '../../test/refunds.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import type { CardGateway } from '../money/index.ts';
import { refundPayoutJob } from './payouts.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let teller: string;
let cfo: string;
let cfoId: number;
let tellerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token: teller, userId: tellerId } = await t.loginAs('Teller'));
  ({ token: cfo, userId: cfoId } = await t.loginAs('CFO'));
});
afterAll(async () => {
  await t.close();
});

const RACERS = 10;
const post = (url: string, token: string, payload: object) =>
  t.call({ method: 'POST', url, token, payload, headers: { 'idempotency-key': randomUUID() } });

async function paidCash() {
  const booking = await newBooking(t);
  const paid = await post('/api/payments', teller, { bookingId: booking.id, method: 'cash' });
  expect(paid.statusCode).toBe(201);
  return paid.json().id as number;
}

describe('refunds racing', () => {
  it('10 approvals of one request at once (different keys): one approval, one credit note, one wallet entry', async () => {
    const paymentId = await paidCash();
    const requested = await post('/api/refund-requests', teller, {
      paymentId,
      amount: 5_000,
      reason: 'Race',
      payout: 'balance',
    });
    const id = requested.json().request.id as number;
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => post(`/api/refund-requests/${id}/approve`, cfo, {})),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('REFUND_NOT_PENDING');
    }
    const notes = await t.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    expect(notes.filter((note) => note.kind === 'credit_note')).toHaveLength(1);
    const wallet = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, paymentId));
    expect(wallet.map((entry) => entry.amount)).toEqual([5_000]);
  });

  it('two requests at once that together exceed the payment: one is refused', async () => {
    const paymentId = await paidCash();
    const amount = Math.ceil(PRICE.total / 2) + 100;
    const responses = await Promise.all(
      [0, 1].map(() =>
        post('/api/refund-requests', teller, { paymentId, amount, reason: 'Race', payout: 'original' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().code).toBe(
      'REFUND_EXCEEDS_REMAINING',
    );
    const rows = await t.db
      .select()
      .from(refundRequests)
      .where(inArray(refundRequests.paymentId, [paymentId]));
    expect(rows).toHaveLength(1);
  });

  it('two processes running the payout jobs of the same requests at once send each card refund once', async () => {
    const queued: number[] = [];
    const kit = refundKit(t, { teller, cfo });
    for (let n = 0; n < 6; n++) queued.push(await kit.approvedCardRefund({ tellerId, cfoId }));
    const calls: string[] = [];
    const gateway: CardGateway = {
      name: 'development',
      create: () => Promise.reject(new Error('not here')),
      fetch: () => Promise.reject(new Error('not here')),
      verifyWebhook: () => null,
      async refund(_id, _amount, once) {
        calls.push(once.key);
        // Slow enough for the other process to try the same request meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { refundId: `race-${once.key}` };
      },
    };
    // A job can run twice (queued twice, or again after its process died): each process's runner
    // takes the jobs of all six requests at once.
    const processes = [0, 1].map(() =>
      refundPayoutJob({ db: t.db, jobs: t.app.deps.jobs, gateway, log: t.app.log }),
    );
    const due = queued.map((requestId) => ({ id: randomUUID(), data: { requestId } }));
    // As each runner does: one job at a time; one that finds its request being sent by the other
    // process throws and is run again after its wait (here: once both are done).
    const again: typeof due = [];
    await Promise.all(
      processes.map(async (job) => {
        for (const one of due) await job.run([one]).catch(() => again.push(one));
      }),
    );
    for (const one of again) await processes[0]?.run([one]);
    expect(calls.sort()).toEqual(queued.map((id) => `refund-request-${id}`).sort());
    const rows = await t.db.select().from(refundRequests).where(inArray(refundRequests.id, queued));
    expect(rows.map((row) => row.payoutStatus)).toEqual(queued.map(() => 'sent'));
  });
});
