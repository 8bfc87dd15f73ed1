import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  invoices,
  journalEntries,
  journalLines,
  ledgerAccounts,
  payments,
  refundRequests,
  walletEntries,
} from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { demoStudentId, newBooking, PRICE, sendWire } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { systemTotalsOf } from '../daily-closings/index.ts';
import { issueDocument } from '../money/index.ts';

const PAYMENTS_OVER_CREDITED = 'payments credited above what they paid';

/**
 * The journal's checks (issue 13): every entry and every day balances, every paid payment and
 * every credit note is posted, no payment is credited above what it paid (issue 24), and the cash
 * the journal took in per branch and day is the sum of that day's cash payments — the system cash a
 * daily closing counts against.
 */
async function checkJournal(db: Db) {
  const entries = await db
    .select({
      id: journalEntries.id,
      day: journalEntries.day,
      debit: sql<number>`coalesce(sum(${journalLines.debit}), 0)::bigint`.mapWith(Number),
      credit: sql<number>`coalesce(sum(${journalLines.credit}), 0)::bigint`.mapWith(Number),
    })
    .from(journalEntries)
    .leftJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .groupBy(journalEntries.id);
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) expect(entry.debit, `entry ${entry.id}`).toBe(entry.credit);
  const days = new Map<string, { debit: number; credit: number }>();
  for (const entry of entries) {
    const day = days.get(entry.day) ?? { debit: 0, credit: 0 };
    days.set(entry.day, { debit: day.debit + entry.debit, credit: day.credit + entry.credit });
  }
  for (const [day, sums] of days) expect(sums.debit, `day ${day}`).toBe(sums.credit);

  const paid = await db
    .select({
      id: payments.id,
      method: payments.method,
      amount: payments.amount,
      branchId: payments.branchId,
      paidAt: payments.paidAt,
      entry: journalEntries.id,
    })
    .from(payments)
    .leftJoin(
      journalEntries,
      and(eq(journalEntries.source, 'payment'), eq(journalEntries.sourceId, payments.id)),
    )
    .where(eq(payments.status, 'paid'));
  expect(paid.filter((payment) => payment.entry === null).map((payment) => payment.id)).toEqual([]);
  // An advance's credit note posts nothing: its refund's entry takes the money out of the balances.
  const notes = await db
    .select({ id: invoices.id, entry: journalEntries.id })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .leftJoin(
      journalEntries,
      and(eq(journalEntries.source, 'credit_note'), eq(journalEntries.sourceId, invoices.id)),
    )
    .where(and(eq(invoices.kind, 'credit_note'), ne(payments.purpose, 'advance')));
  expect(notes.length).toBeGreaterThan(0);
  expect(notes.filter((note) => note.entry === null).map((note) => note.id)).toEqual([]);
  // Money is given back at most once (issue 24): no payment's credit notes add up to more than it paid.
  const overCredited = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'credit_note')))
    .groupBy(payments.id)
    .having(
      sql`sum(${invoices.total}) > case when ${payments.status} = 'paid' then ${payments.amount} else 0 end`,
    );
  expect(
    overCredited.map((payment) => payment.id),
    PAYMENTS_OVER_CREDITED,
  ).toEqual([]);

  const systemCash = new Map<string, number>();
  const add = (key: string, amount: number) => systemCash.set(key, (systemCash.get(key) ?? 0) + amount);
  for (const payment of paid) {
    if (payment.method !== 'cash' || !payment.paidAt) continue;
    add(`${payment.branchId} ${centreDay(payment.paidAt)}`, payment.amount);
  }
  // A refund paid back in cash leaves the till on the day it was approved.
  const cashRefunds = await db
    .select({
      amount: refundRequests.amount,
      branchId: payments.branchId,
      decidedAt: refundRequests.decidedAt,
    })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .where(
      and(
        eq(refundRequests.status, 'approved'),
        eq(refundRequests.payout, 'original'),
        eq(payments.method, 'cash'),
      ),
    );
  for (const refund of cashRefunds) {
    if (refund.decidedAt) add(`${refund.branchId} ${centreDay(refund.decidedAt)}`, -refund.amount);
  }
  const journalCash = await db
    .select({
      branchId: journalEntries.branchId,
      day: journalEntries.day,
      net: sql<number>`sum(${journalLines.debit} - ${journalLines.credit})::bigint`.mapWith(Number),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(and(eq(ledgerAccounts.role, 'cash'), inArray(journalEntries.source, ['payment', 'refund'])))
    .groupBy(journalEntries.branchId, journalEntries.day);
  expect(systemCash.size).toBeGreaterThan(0);
  expect(new Map(journalCash.map((row) => [`${row.branchId} ${row.day}`, row.net]))).toEqual(systemCash);
  // …and what the day's closing counts as the system's cash (a branch's: a card bought online has none).
  for (const [key, cash] of systemCash) {
    const [branchId, day] = key.split(' ');
    if (branchId === 'null') continue;
    const totals = await systemTotalsOf(db, Number(branchId), day ?? '');
    expect(totals.cash, key).toBe(cash);
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the journal balances', () => {
  it('after the demo seed: every payment and credit note posted, every entry and day balanced, cash per day as paid', async () => {
    const posted = await t.db.select({ id: journalEntries.id }).from(journalEntries);
    // The demo's payments by every method and its cancelled booking's credit note.
    expect(posted.length).toBeGreaterThan(5);
    await checkJournal(t.db);
  });

  it('after a day of activity through the API: still so', async () => {
    const student = (await t.loginAs('student')).token;
    const teller = (await t.loginAs('Teller')).token;
    const cfo = (await t.loginAs('CFO')).token;
    const headers = () => ({ 'idempotency-key': randomUUID() });
    const pay = (token: string, payload: object) =>
      t.call({ method: 'POST', url: '/api/payments', token, payload, headers: headers() });
    for (const method of ['cash', 'cash', 'pos']) {
      const booking = await newBooking(t);
      expect((await pay(teller, { bookingId: booking.id, method, posReference: 'P' })).statusCode).toBe(201);
    }
    const card = (await pay(student, { bookingId: (await newBooking(t)).id, method: 'card' })).json();
    const pressed = await t.call({
      method: 'POST',
      url: card.redirectUrl,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    await t.call({ method: 'GET', url: String(pressed.headers.location) });
    const wire = (await sendWire(t, { token: student, bookingId: (await newBooking(t)).id })).json();
    const confirmed = await t.call({
      method: 'POST',
      url: `/api/payments/${wire.id}/confirm-wire`,
      token: cfo,
      headers: headers(),
    });
    expect(confirmed.statusCode).toBe(200);
    const studentId = await demoStudentId(t);
    await t.db.insert(walletEntries).values({ studentId, kind: 'credit', amount: PRICE.total, note: 'test' });
    expect((await pay(student, { bookingId: (await newBooking(t)).id, method: 'balance' })).statusCode).toBe(
      201,
    );
    const cancelled = await newBooking(t);
    await pay(teller, { bookingId: cancelled.id, method: 'cash' });
    const cancel = await t.call({
      method: 'POST',
      url: `/api/bookings/${cancelled.id}/cancel`,
      token: student,
      payload: { reason: 'changed plans' },
      headers: headers(),
    });
    expect(cancel.statusCode).toBe(200);
    // A cash payment paid back in cash the same day: out of the till again.
    const refundedBooking = await newBooking(t);
    const refunded = await pay(teller, { bookingId: refundedBooking.id, method: 'cash' });
    const request = await t.call({
      method: 'POST',
      url: '/api/refund-requests',
      token: teller,
      payload: { paymentId: refunded.json().id, amount: 2_500, reason: 'Absent', payout: 'original' },
      headers: headers(),
    });
    const approved = await t.call({
      method: 'POST',
      url: `/api/refund-requests/${request.json().request.id}/approve`,
      token: cfo,
      payload: { note: 'Paid back in cash' },
      headers: headers(),
    });
    expect(approved.statusCode).toBe(200);
    // …and its booking cancelled after: only the rest goes into the balance.
    const rest = await t.call({
      method: 'POST',
      url: `/api/bookings/${refundedBooking.id}/cancel`,
      token: student,
      payload: {},
      headers: headers(),
    });
    expect(rest.json().refund).toMatchObject({ amount: PRICE.total - 2_500, givenBackBefore: 2_500 });
    // An advance taken in cash, part of it paid back from the till: out of the balance, not out of revenue.
    const advance = await t.call({
      method: 'POST',
      url: '/api/advance-payments',
      token: cfo,
      payload: {
        payerKind: 'student',
        payerId: studentId,
        method: 'cash',
        amount: 5_000,
        branchId: await branchIdOf(t, 'RUH-01'),
      },
      headers: headers(),
    });
    expect(advance.statusCode).toBe(201);
    const advanceRefund = await t.call({
      method: 'POST',
      url: '/api/refund-requests',
      token: teller,
      payload: { paymentId: advance.json().id, amount: 2_000, reason: 'Leaving', payout: 'original' },
      headers: headers(),
    });
    const advanceApproved = await t.call({
      method: 'POST',
      url: `/api/refund-requests/${advanceRefund.json().request.id}/approve`,
      token: cfo,
      payload: {},
      headers: headers(),
    });
    expect(advanceApproved.statusCode).toBe(200);
    const todays = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.day, centreDay(new Date())));
    expect(todays.length).toBeGreaterThanOrEqual(8);
    await checkJournal(t.db);
  });

  it('the check would catch a payment credited above what it paid (past the database backstop)', async () => {
    const teller = (await t.loginAs('Teller')).token;
    const booking = await newBooking(t);
    const paid = await t.call({
      method: 'POST',
      url: '/api/payments',
      token: teller,
      payload: { bookingId: booking.id, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    });
    await checkJournal(t.db);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, paid.json().invoiceId));
    if (!invoice) throw new Error('the payment was not invoiced');
    await t.db.execute(sql`alter table invoices disable trigger invoices_credit_within_paid`);
    await issueDocument(t.db, t.app.deps.config.seller, {
      ...invoice,
      kind: 'credit_note',
      invoiceId: invoice.id,
      lines: [],
      total: invoice.total + 1,
      subtotal: invoice.subtotal + 1,
    });
    await t.db.execute(sql`alter table invoices enable trigger invoices_credit_within_paid`);
    await expect(checkJournal(t.db)).rejects.toThrow(PAYMENTS_OVER_CREDITED);
  });

  it('the check would catch a cash payment left unposted', async () => {
    const teller = (await t.loginAs('Teller')).token;
    const booking = await newBooking(t);
    const paid = await t.call({
      method: 'POST',
      url: '/api/payments',
      token: teller,
      payload: { bookingId: booking.id, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    });
    const [entry] = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.source, 'payment'), eq(journalEntries.sourceId, paid.json().id)));
    if (!entry) throw new Error('the payment was not posted');
    await t.db.delete(journalLines).where(eq(journalLines.entryId, entry.id));
    await t.db.delete(journalEntries).where(eq(journalEntries.id, entry.id));
    await expect(checkJournal(t.db)).rejects.toThrow();
  });
});
