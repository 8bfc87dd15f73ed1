import { randomUUID } from 'node:crypto';
import type { RefundPayout } from '@tasreeh/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { invoices, payments, refundRequests, walletEntries } from '../db/schema/index.ts';
import { branchIdOf } from './accounts.ts';
import { demoStudentId, newBooking } from './paid-bookings.ts';
import type { TestApp } from './test-app.ts';

/** The callers of money going back: the teller takes payments and asks for refunds, the CFO approves, the student cancels. */
export interface ReversalCallers {
  teller: string;
  cfo: string;
  student: string;
}

export async function reversalCallers(t: TestApp): Promise<ReversalCallers> {
  const [teller, cfo, student] = await Promise.all([
    t.loginAs('Teller'),
    t.loginAs('CFO'),
    t.loginAs('student'),
  ]);
  return { teller: teller.token, cfo: cfo.token, student: student.token };
}

const post = (t: TestApp, url: string, token: string, payload: object) =>
  t.call({ method: 'POST', url, token, payload, headers: { 'idempotency-key': randomUUID() } });

/** A booking of the demo student paid in full at the teller's counter; its id and its payment's. */
export async function paidAtCounter(t: TestApp, teller: string, method: 'cash' | 'pos' = 'cash') {
  const booking = await newBooking(t);
  const paid = await post(t, '/api/payments', teller, { bookingId: booking.id, method, posReference: 'P-1' });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return { bookingId: booking.id, paymentId: paid.json().id as number };
}

export const askRefund = (
  t: TestApp,
  teller: string,
  paymentId: number,
  amount: number,
  payout: RefundPayout,
) => post(t, '/api/refund-requests', teller, { paymentId, amount, reason: 'Given back', payout });
export const approveRefund = (t: TestApp, cfo: string, requestId: number) =>
  post(t, `/api/refund-requests/${requestId}/approve`, cfo, {});
export const cancelBooking = (t: TestApp, token: string, bookingId: number) =>
  post(t, `/api/bookings/${bookingId}/cancel`, token, { reason: 'Given back' });

/**
 * What went back of each payment: its credit notes (`credited`), and the money itself
 * (`moneyOut`: balance credits and refunds written with the payment, plus refunds paid out of the
 * till or to the card by approved requests).
 */
export async function givenBackOf(db: Db, paymentIds: number[]) {
  const [paid, credited, wallet, paidOut] = await Promise.all([
    db
      .select({ id: payments.id, amount: payments.amount })
      .from(payments)
      .where(inArray(payments.id, paymentIds)),
    db
      .select({ id: invoices.paymentId, total: sql<number>`sum(${invoices.total})::bigint`.mapWith(Number) })
      .from(invoices)
      .where(and(inArray(invoices.paymentId, paymentIds), eq(invoices.kind, 'credit_note')))
      .groupBy(invoices.paymentId),
    db
      .select({
        id: walletEntries.paymentId,
        total: sql<number>`sum(${walletEntries.amount})::bigint`.mapWith(Number),
      })
      .from(walletEntries)
      .where(
        and(inArray(walletEntries.paymentId, paymentIds), inArray(walletEntries.kind, ['credit', 'refund'])),
      )
      .groupBy(walletEntries.paymentId),
    db
      .select({
        id: refundRequests.paymentId,
        total: sql<number>`sum(${refundRequests.amount})::bigint`.mapWith(Number),
      })
      .from(refundRequests)
      .where(
        and(
          inArray(refundRequests.paymentId, paymentIds),
          eq(refundRequests.status, 'approved'),
          eq(refundRequests.payout, 'original'),
        ),
      )
      .groupBy(refundRequests.paymentId),
  ]);
  const of = (rows: { id: number | null; total: number }[], id: number) =>
    rows.find((row) => row.id === id)?.total ?? 0;
  return paid.map((payment) => ({
    paymentId: payment.id,
    paid: payment.amount,
    credited: of(credited, payment.id),
    moneyOut: of(wallet, payment.id) + of(paidOut, payment.id),
  }));
}

/** How each pair pays and is paid back: cash out of the till, cash into the balance, POS back to the card. */
const PAIRS: { method: 'cash' | 'pos'; payout: RefundPayout }[] = [
  { method: 'cash', payout: 'original' },
  { method: 'cash', payout: 'balance' },
  { method: 'pos', payout: 'original' },
];

/** Every booking's cancellation (by the student) and every request's approval (by the CFO), all at once. */
function cancelAndApproveAtOnce(
  t: TestApp,
  callers: ReversalCallers,
  setups: { bookingId: number; requestId: number }[],
) {
  return Promise.all(
    setups.flatMap(({ bookingId, requestId }) => [
      cancelBooking(t, callers.student, bookingId).then((response) => ({
        kind: 'cancel' as const,
        response,
      })),
      approveRefund(t, callers.cfo, requestId).then((response) => ({ kind: 'approve' as const, response })),
    ]),
  );
}

/** What each racing call answered: its status, and its code when refused. */
const outcomesOf = (answers: Awaited<ReturnType<typeof cancelAndApproveAtOnce>>) =>
  answers.map(({ kind, response }) => ({
    kind,
    status: response.statusCode,
    code: response.statusCode >= 400 ? (response.json().code as string) : undefined,
  }));

/**
 * Reversals racing (issue 24): `pairs` bookings paid at the counter, each with a pending refund
 * request of all of it; then every booking's cancellation and every request's approval are sent
 * at once (2 × `pairs` requests). Returns what each answered and what went back of each payment.
 */
export async function raceReversals(t: TestApp, callers: ReversalCallers, pairs: number) {
  const setups = [];
  for (let index = 0; index < pairs; index++) {
    const { method, payout } = PAIRS[index % PAIRS.length] ?? { method: 'cash', payout: 'balance' };
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller, method);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    const requested = await askRefund(t, callers.teller, paymentId, payment?.amount ?? 0, payout);
    if (requested.statusCode !== 201) throw new Error(`refund request failed: ${requested.body}`);
    setups.push({ bookingId, paymentId, requestId: requested.json().request.id as number });
  }
  const answers = await cancelAndApproveAtOnce(t, callers, setups);
  const outcomes = outcomesOf(answers);
  const given = await givenBackOf(
    t.db,
    setups.map((setup) => setup.paymentId),
  );
  return {
    tried: answers.length,
    outcomes,
    given,
    givenBackTwice: given.filter(
      (payment) => payment.credited > payment.paid || payment.moneyOut > payment.paid,
    ).length,
    serverErrors: outcomes.filter((outcome) => outcome.status >= 500).length,
  };
}

/** The demo student's balance (halalas), as the CFO reads it. */
async function studentBalance(t: TestApp, cfo: string, studentId: number): Promise<number> {
  const response = await t.call({ method: 'GET', url: `/api/balances/student/${studentId}`, token: cfo });
  return response.json().balance as number;
}

const ADVANCE = 5_000;

/**
 * Two reversals of one payer racing (issue 24 review): `pairs` cash bookings of the demo student
 * and as many cash advances of it with a pending refund request each; then every cancellation
 * (into the student's balance) and every advance refund's approval (out of that balance) at once.
 * Both lock the payer's row: in one order they take turns, in two they deadlock.
 */
export async function raceCancelWithAdvanceRefund(t: TestApp, callers: ReversalCallers, pairs: number) {
  const studentId = await demoStudentId(t);
  const branchId = await branchIdOf(t, 'RUH-01');
  const setups = [];
  for (let index = 0; index < pairs; index++) {
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller);
    const advance = await post(t, '/api/advance-payments', callers.cfo, {
      payerKind: 'student',
      payerId: studentId,
      method: 'cash',
      amount: ADVANCE,
      branchId,
    });
    if (advance.statusCode !== 201) throw new Error(`advance failed: ${advance.body}`);
    const requested = await askRefund(t, callers.teller, advance.json().id as number, ADVANCE, 'original');
    if (requested.statusCode !== 201) throw new Error(`refund request failed: ${requested.body}`);
    setups.push({ bookingId, paymentId, requestId: requested.json().request.id as number });
  }
  const before = await studentBalance(t, callers.cfo, studentId);
  const answers = await cancelAndApproveAtOnce(t, callers, setups);
  const after = await studentBalance(t, callers.cfo, studentId);
  const paid = await t.db
    .select({ amount: payments.amount })
    .from(payments)
    .where(
      inArray(
        payments.id,
        setups.map((setup) => setup.paymentId),
      ),
    );
  return {
    outcomes: outcomesOf(answers),
    balanceChange: after - before,
    cancelledCredit: paid.reduce((sum, payment) => sum + payment.amount, 0),
    advancesRefunded: pairs * ADVANCE,
  };
}
