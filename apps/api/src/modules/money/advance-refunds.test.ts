import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  journalEntries,
  journalLines,
  ledgerAccounts,
  refundRequests,
  walletEntries,
} from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { demoStudentId, newBooking, PRICE } from '../../test/paid-bookings.ts';
import {
  approveRefund,
  askRefund,
  cancelBooking,
  type ReversalCallers,
  reversalCallers,
} from '../../test/reversals.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * An advance given back (issue 24, point 1, where advances meet refunds): its money is in the
 * payer's balance already, so the settlement step takes it out of there — by its own method only,
 * and no more than the balance still holds — and its credit note reverses no revenue.
 */
let t: TestApp;
let callers: ReversalCallers;
let studentId: number;
beforeAll(async () => {
  t = await buildTestApp();
  callers = await reversalCallers(t);
  studentId = await demoStudentId(t);
});
afterAll(async () => {
  await t.close();
});

const balance = async () =>
  (await t.call({ method: 'GET', url: `/api/balances/student/${studentId}`, token: callers.cfo })).json()
    .balance as number;

const refundable = async (paymentId: number) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/refund-requests/refundable/${paymentId}`,
      token: callers.teller,
    })
  ).json();

/** A booking of the demo student (whose balance starts empty) paid from its balance. */
async function paidFromBalance() {
  const booking = await newBooking(t);
  const paid = await t.call({
    method: 'POST',
    url: '/api/payments',
    token: callers.student,
    payload: { bookingId: booking.id, method: 'balance' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return booking.id;
}

/** The journal lines of a source's entries, as role and amount. */
const journalOf = (source: 'credit_note' | 'refund', sourceId: number) =>
  t.db
    .select({ role: ledgerAccounts.role, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(and(eq(journalEntries.source, source), eq(journalEntries.sourceId, sourceId)))
    .orderBy(journalLines.id);

describe('an advance given back', () => {
  it('leaves the balance by its own method, never into it, and only what the balance still holds', async () => {
    expect(await balance()).toBe(0);
    const advance = await t.call({
      method: 'POST',
      url: '/api/advance-payments',
      token: callers.cfo,
      payload: {
        payerKind: 'student',
        payerId: studentId,
        method: 'cash',
        amount: 30_000,
        branchId: await branchIdOf(t, 'RUH-01'),
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const paymentId = advance.json().id as number;
    expect(await refundable(paymentId)).toEqual({
      paymentId,
      refundable: 30_000,
      paid: 30_000,
      givenBack: 0,
      pending: 0,
      advanceInBalance: 30_000,
    });

    // Into the balance it is already in: refused.
    const intoBalance = await askRefund(t, callers.teller, paymentId, 100, 'balance');
    expect(intoBalance.statusCode).toBe(409);
    expect(intoBalance.json()).toMatchObject({
      code: 'REFUND_ADVANCE_INTO_BALANCE',
      fields: { payout: 'REFUND_ADVANCE_INTO_BALANCE' },
    });

    // A booking paid from the balance spends most of it: only the rest can go back.
    const bookingId = await paidFromBalance();
    const rest = 30_000 - PRICE.total;
    expect(await refundable(paymentId)).toMatchObject({ refundable: rest, advanceInBalance: rest });
    const over = await askRefund(t, callers.teller, paymentId, rest + 1, 'original');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'REFUND_ADVANCE_SPENT',
      params: { amount: '58.50' },
      fields: { amount: 'REFUND_ADVANCE_SPENT' },
    });

    const asked = await askRefund(t, callers.teller, paymentId, rest, 'original');
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().request.id as number;
    expect((await approveRefund(t, callers.cfo, requestId)).statusCode).toBe(200);
    // Out of the till and out of the balance, once.
    expect(await balance()).toBe(0);
    const wallet = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, paymentId));
    expect(wallet.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['advance', 30_000],
      ['refund', -rest],
    ]);
    expect(await journalOf('refund', requestId)).toEqual([
      { role: 'customer_balances', debit: rest, credit: 0 },
      { role: 'cash', debit: 0, credit: rest },
    ]);
    // Its credit note documents the receipt's reversal and posts nothing: an advance was never revenue.
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'credit_note')));
    expect(note).toMatchObject({ total: rest, vat: 0, amanaFee: 0 });
    expect(await journalOf('credit_note', note?.id ?? 0)).toEqual([]);

    // The booking cancelled puts its price back in the balance: that much of the advance can go back again…
    expect((await cancelBooking(t, callers.student, bookingId)).statusCode).toBe(200);
    expect(await refundable(paymentId)).toMatchObject({
      refundable: PRICE.total,
      advanceInBalance: PRICE.total,
    });
    const again = await askRefund(t, callers.teller, paymentId, PRICE.total, 'original');
    expect(again.statusCode, again.body).toBe(201);
    // …until it is spent again before the approval: the approval is refused and pays nothing.
    await paidFromBalance();
    const late = await approveRefund(t, callers.cfo, again.json().request.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'REFUND_ADVANCE_SPENT', params: { amount: '0.00' } });
    const [pending] = await t.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, again.json().request.id));
    expect(pending).toMatchObject({ status: 'pending', creditNoteId: null });
    expect(await balance()).toBe(0);
  });
});
