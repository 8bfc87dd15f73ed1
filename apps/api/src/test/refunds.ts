import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments, refundRequests } from '../db/schema/index.ts';
import {
  type CardGateway,
  type DevelopmentPayment,
  type DevelopmentRefund,
  gatewayFor,
} from '../modules/money/index.ts';
import { newBooking } from './paid-bookings.ts';
import type { TestApp } from './test-app.ts';

/** The refunds tests' calls and fixtures, for an app and the tokens of its demo teller, student and CFO. */
export function refundKit(t: TestApp, tokens: { teller: string; cfo: string; student?: string }) {
  const post = (
    url: string,
    token: string | undefined,
    payload?: object,
    lang?: 'en' | 'ar',
    key: string | null = randomUUID(),
  ) => t.call({ method: 'POST', url, token, payload, lang, headers: key ? { 'idempotency-key': key } : {} });

  /** A booking the teller took in cash: a paid, invoiced payment of PRICE.total at the teller's branch. */
  async function paidCash(options: { corporate?: boolean } = {}) {
    const booking = await newBooking(t, { corporate: options.corporate });
    const paid = await post('/api/payments', tokens.teller, { bookingId: booking.id, method: 'cash' });
    expect(paid.statusCode).toBe(201);
    return paid.json().id as number;
  }

  const devGateway = () =>
    gatewayFor(t.app.deps.config) as unknown as {
      payments: Map<string, DevelopmentPayment>;
      refunds: DevelopmentRefund[];
      refund: CardGateway['refund'];
    };

  /** A card payment of the demo student, approved on the development gateway. */
  async function paidCard() {
    const booking = await newBooking(t);
    if (!tokens.student) throw new Error('paidCard needs the demo student');
    const created = await post('/api/payments', tokens.student, { bookingId: booking.id, method: 'card' });
    const pressed = await t.call({
      method: 'POST',
      url: String(created.json().redirectUrl),
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    await t.call({ method: 'GET', url: String(pressed.headers.location) });
    const paymentId = created.json().id as number;
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe('paid');
    const devPayment = devGateway().payments.get(row?.gatewayPaymentId ?? '');
    if (!devPayment) throw new Error('no development gateway payment');
    return { paymentId, devPayment };
  }

  /**
   * A card refund approved, its payout pending, written straight into the database without its
   * job (a paid cash payment standing for a card one: the payout needs the gateway's reference only).
   */
  async function approvedCardRefund(by: { tellerId: number; cfoId: number }): Promise<number> {
    const paymentId = await paidCash();
    await t.db
      .update(payments)
      .set({ gatewayPaymentId: `queued_${paymentId}` })
      .where(eq(payments.id, paymentId));
    const [row] = await t.db
      .insert(refundRequests)
      .values({
        paymentId,
        amount: 1_000,
        reason: 'Queued',
        payout: 'original',
        status: 'approved',
        requestedByUserId: by.tellerId,
        decidedByUserId: by.cfoId,
        decidedAt: new Date(),
        payoutStatus: 'pending',
      })
      .returning({ id: refundRequests.id });
    if (!row) throw new Error('no refund request');
    return row.id;
  }

  return {
    post,
    paidCash,
    paidCard,
    approvedCardRefund,
    devGateway,
    requestRefund: (paymentId: number, payload: object = {}, token = tokens.teller, lang?: 'en' | 'ar') =>
      post(
        '/api/refund-requests',
        token,
        { paymentId, amount: 5_000, reason: 'Course cancelled', payout: 'balance', ...payload },
        lang,
      ),
    /** The development gateway's refunds of a request (made once, by its key). */
    refundsOf: (id: number) => devGateway().refunds.filter((refund) => refund.key === `refund-request-${id}`),
    /** A request as finance reads it. */
    payoutOf: async (id: number) =>
      (await t.call({ method: 'GET', url: `/api/refund-requests/${id}`, token: tokens.cfo })).json(),
    /** The journal entry of a source, summed: debits, credits, and how many lines. */
    async entryOf(source: 'credit_note' | 'refund', sourceId: number) {
      const rows = await t.db.execute<{ debit: string; credit: string; lines: number }>(sql`
        select coalesce(sum(l.debit), 0) as debit, coalesce(sum(l.credit), 0) as credit, count(l.id)::int as lines
        from journal_entries e left join journal_lines l on l.entry_id = e.id
        where e.source = ${source} and e.source_id = ${sourceId}`);
      const row = (rows as unknown as { rows?: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0];
      return row as { debit: string; credit: string; lines: number };
    },
  };
}
