import { randomUUID } from 'node:crypto';
import { centreDay, translateMessage } from '@tasreeh/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  journalEntries,
  journalLines,
  ledgerAccounts,
  payments,
  refundRequests,
  students,
  users,
} from '../../db/schema/index.ts';
import { demoEmailOf } from '../../seed/demo-users.ts';
import { PDF_BYTES, TEXT_BYTES } from '../../test/files.ts';
import { newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let teller: string;
let accountant: string;
let cfo: string;
let student: string;
let instructor: string;
let branchId: number;
let otherBranchId: number;
const today = centreDay(new Date());
// The demo closes the past week (seed/demo-closings.ts): the tests close a day before it.
const yesterday = centreDay(new Date(Date.now() - 10 * 86_400_000));
const tomorrow = centreDay(new Date(Date.now() + 86_400_000));

beforeAll(async () => {
  t = await buildTestApp();
  teller = (await t.loginAs('Teller')).token;
  accountant = (await t.loginAs('branchaccountant')).token;
  cfo = (await t.loginAs('CFO')).token;
  student = (await t.loginAs('student')).token;
  instructor = (await t.loginAs('Instructor')).token;
  const [tellerUser] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  branchId = tellerUser?.branchId ?? 0;
  const [other] = await t.db
    .select({ id: branches.id })
    .from(branches)
    .where(ne(branches.id, branchId))
    .limit(1);
  otherBranchId = other?.id ?? 0;
  expect(branchId).toBeGreaterThan(0);
  expect(otherBranchId).toBeGreaterThan(0);
});
afterAll(async () => {
  await t.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });
const GOOD = {
  totalAmount: '300.00',
  cashRevenue: '200.00',
  cardRevenue: '100.00',
  cashAmount: '190.00',
  depositAmount: '150.00',
  bankName: 'Al Rajhi Bank',
  note: 'Evening count',
};
const create = (token: string, body: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/daily-closings', token, lang, payload: body, headers: key() });
const upload = (token: string, id: number, bytes: Buffer, lang?: 'en' | 'ar') => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'slip.pdf');
  return t.call({
    method: 'PUT',
    url: `/api/daily-closings/${id}/deposit-slip`,
    token,
    lang,
    payload: form,
    headers: key(),
  });
};
const finish = (token: string, id: number, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: `/api/daily-closings/${id}/finish`, token, lang, headers: key() });
const payCash = (bookingId: number, lang?: 'en' | 'ar') =>
  t.call({
    method: 'POST',
    url: '/api/payments',
    token: teller,
    lang,
    payload: { bookingId, method: 'cash' },
    headers: key(),
  });

/** The paid takings of a branch's day by method, straight from the payments. */
async function paidOf(branch: number, day: string, method: 'cash' | 'pos' | 'card' | 'wire') {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.branchId, branch),
        eq(payments.status, 'paid'),
        eq(payments.method, method),
        sql`(${payments.paidAt} at time zone 'Asia/Riyadh')::date = ${day}::date`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The refunds paid back out of a branch's till by a method on a day, straight from the requests. */
async function refundedOf(branch: number, day: string, method: 'cash' | 'pos') {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(${refundRequests.amount}), 0)` })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .where(
      and(
        eq(payments.branchId, branch),
        eq(payments.method, method),
        eq(refundRequests.status, 'approved'),
        eq(refundRequests.payout, 'original'),
        sql`(${refundRequests.decidedAt} at time zone 'Asia/Riyadh')::date = ${day}::date`,
      ),
    );
  return Number(row?.total ?? 0);
}

describe('daily cash closing (issue 13, F2)', () => {
  let yesterdayId: number;

  it("the demo closes the teller branch's past week with takings and deposits, each day's system cash its cash takings, one day 5.00 short; today is open with takings", async () => {
    const week = Array.from({ length: 7 }, (_, index) =>
      centreDay(new Date(Date.now() - (index + 1) * 86_400_000)),
    );
    const list = (
      await t.call({ method: 'GET', url: `/api/daily-closings?branchId=${branchId}&limit=100`, token: cfo })
    ).json();
    const demo = list.items.filter((item: { day: string }) => week.includes(item.day));
    expect(demo.map((item: { day: string }) => item.day).sort()).toEqual([...week].sort());
    for (const closing of demo) {
      expect(closing.status).toBe('finished');
      expect(closing.system.cash).toBe(await paidOf(branchId, closing.day, 'cash'));
      const [entry] = await t.db
        .select({
          debit: sql<string>`sum(${journalLines.debit})`,
          credit: sql<string>`sum(${journalLines.credit})`,
        })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .where(and(eq(journalEntries.source, 'closing'), eq(journalEntries.sourceId, closing.id)));
      expect(entry?.debit).toBe(entry?.credit);
    }
    for (const closing of demo) {
      expect(closing.depositAmount).toBeLessThanOrEqual(closing.cashAmount);
      expect(closing.system.total, closing.day).toBeGreaterThan(0);
      expect(closing.bankName).toBeTruthy();
    }
    expect(
      demo.filter((closing: { system: { pos: number } }) => closing.system.pos > 0).length,
    ).toBeGreaterThan(0);
    expect(demo.map((closing: { difference: number }) => closing.difference).sort()).toEqual([
      -500,
      ...Array(6).fill(0),
    ]);
    const summary = await t.call({
      method: 'GET',
      url: `/api/daily-closings/summary?branchId=${branchId}&day=${today}`,
      token: teller,
    });
    expect(summary.json().closingId).toBeNull();
    expect(summary.json().totals.total).toBeGreaterThan(0);
  });

  it("the summary totals a branch's day by method from its paid payments", async () => {
    const before = await t.call({
      method: 'GET',
      url: `/api/daily-closings/summary?branchId=${branchId}&day=${today}`,
      token: teller,
    });
    expect(before.statusCode).toBe(200);
    const booking = await newBooking(t);
    expect((await payCash(booking.id)).statusCode).toBe(201);
    const after = await t.call({
      method: 'GET',
      url: `/api/daily-closings/summary?branchId=${branchId}&day=${today}`,
      token: teller,
    });
    const body = after.json();
    expect(body.totals.cash).toBe(before.json().totals.cash + booking.total);
    expect(body.totals.cash).toBe(await paidOf(branchId, today, 'cash'));
    expect(body.totals.total).toBe(body.totals.cash + body.totals.pos + body.totals.card + body.totals.wire);
    expect(body.closingId).toBeNull();
  });

  it('a refund paid back in cash today leaves the till: the cash is the takings less it, the refund on its own line', async () => {
    const summaryUrl = `/api/daily-closings/summary?branchId=${branchId}&day=${today}`;
    const booking = await newBooking(t);
    const paid = await payCash(booking.id);
    expect(paid.statusCode).toBe(201);
    const before = (await t.call({ method: 'GET', url: summaryUrl, token: teller })).json();
    const requested = await t.call({
      method: 'POST',
      url: '/api/refund-requests',
      token: teller,
      payload: { paymentId: paid.json().id, amount: 4_000, reason: 'Absent', payout: 'original' },
      headers: key(),
    });
    expect(requested.statusCode).toBe(201);
    const approved = await t.call({
      method: 'POST',
      url: `/api/refund-requests/${requested.json().request.id}/approve`,
      token: cfo,
      payload: { note: 'Paid back at the counter' },
      headers: key(),
    });
    expect(approved.statusCode).toBe(200);
    const after = (await t.call({ method: 'GET', url: summaryUrl, token: teller })).json();
    expect(after.totals.cash).toBe(before.totals.cash - 4_000);
    expect(after.totals.refunds).toBe(before.totals.refunds + 4_000);
    expect(after.totals.cash).toBe(
      (await paidOf(branchId, today, 'cash')) - (await refundedOf(branchId, today, 'cash')),
    );
    expect(after.totals.total).toBe(before.totals.total - 4_000);
  });

  it('the summary is refused to a student, to an instructor and to a teller for another branch', async () => {
    const url = `/api/daily-closings/summary?branchId=${branchId}&day=${today}`;
    expect((await t.call({ method: 'GET', url, token: student })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url, token: instructor })).statusCode).toBe(403);
    const other = `/api/daily-closings/summary?branchId=${otherBranchId}&day=${today}`;
    expect((await t.call({ method: 'GET', url: other, token: teller })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: other, token: cfo })).statusCode).toBe(200);
  });

  it('refuses a deposit not below the total, in English and Arabic', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const response = await create(
        teller,
        { ...GOOD, branchId, day: yesterday, depositAmount: '300.00' },
        lang,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('DEPOSIT_NOT_BELOW_TOTAL');
      expect(response.json().fields.depositAmount).toBe('DEPOSIT_NOT_BELOW_TOTAL');
      expect(response.json().message).toBe(translateMessage('DEPOSIT_NOT_BELOW_TOTAL', lang));
    }
    expect(translateMessage('DEPOSIT_NOT_BELOW_TOTAL', 'en')).toBe(
      'deposit amount must be less than total amount',
    );
  });

  it('refuses cash plus card revenue other than the total, in English and Arabic', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const response = await create(
        teller,
        { ...GOOD, branchId, day: yesterday, cardRevenue: '90.00' },
        lang,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('REVENUE_SPLIT_MISMATCH');
      expect(response.json().message).toBe(translateMessage('REVENUE_SPLIT_MISMATCH', lang));
    }
    expect(translateMessage('REVENUE_SPLIT_MISMATCH', 'en')).toBe(
      'cash revenue plus card revenue must equal the selected total',
    );
  });

  it('refuses a day to come, another branch for a teller, a caller without the right, a missing key', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const future = await create(teller, { ...GOOD, branchId, day: tomorrow }, lang);
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(translateMessage('CLOSING_DAY_IN_FUTURE', lang));
      const other = await create(teller, { ...GOOD, branchId: otherBranchId, day: yesterday }, lang);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(translateMessage('CLOSING_OTHER_BRANCH', lang));
    }
    expect((await create(instructor, { ...GOOD, branchId, day: yesterday })).statusCode).toBe(403);
    expect((await create(student, { ...GOOD, branchId, day: yesterday })).statusCode).toBe(403);
    const noKey = await t.call({
      method: 'POST',
      url: '/api/daily-closings',
      token: teller,
      payload: { ...GOOD, branchId, day: yesterday },
    });
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it("a teller closes an earlier day: the system's totals are kept on the row; a second closing of the day is 409", async () => {
    const response = await create(teller, { ...GOOD, branchId, day: yesterday });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('open');
    yesterdayId = response.json().id;
    const detail = (
      await t.call({ method: 'GET', url: `/api/daily-closings/${yesterdayId}`, token: teller })
    ).json();
    expect(detail.system.cash).toBe(await paidOf(branchId, yesterday, 'cash'));
    expect(detail.system.card).toBe(await paidOf(branchId, yesterday, 'card'));
    expect(detail.cashAmount).toBe(19_000);
    expect(detail.depositAmount).toBe(15_000);
    expect(detail.difference).toBe(19_000 - detail.system.cash);
    // The policy's abilities: its slip is uploaded now; it is finished once the slip is in.
    expect(detail.abilities).toEqual({ uploadSlip: true, finish: false });
    for (const lang of ['en', 'ar'] as const) {
      const again = await create(accountant, { ...GOOD, branchId, day: yesterday }, lang);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(translateMessage('CLOSING_EXISTS', lang));
    }
  });

  it('finish needs the deposit slip; the slip is an image or a PDF, readable by who reads the closing', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const early = await finish(teller, yesterdayId, lang);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(translateMessage('CLOSING_SLIP_REQUIRED', lang));
    }
    expect((await upload(teller, yesterdayId, TEXT_BYTES)).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await upload(instructor, yesterdayId, PDF_BYTES)).statusCode).toBe(403);
    const uploaded = await upload(teller, yesterdayId, PDF_BYTES);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().status).toBe('uploaded');
    const ready = await t.call({ method: 'GET', url: `/api/daily-closings/${yesterdayId}`, token: teller });
    expect(ready.json().abilities).toEqual({ uploadSlip: true, finish: true });
    for (const token of [teller, cfo, accountant]) {
      const slip = await t.call({
        method: 'GET',
        url: `/api/daily-closings/${yesterdayId}/deposit-slip`,
        token,
      });
      expect(slip.statusCode).toBe(200);
      expect(slip.headers['content-type']).toContain('application/pdf');
      expect(slip.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
    const refused = await t.call({
      method: 'GET',
      url: `/api/daily-closings/${yesterdayId}/deposit-slip`,
      token: student,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('finish posts the balanced journal entry of the closing; finishing twice is 409', async () => {
    for (const lang of ['en', 'ar'] as const) {
      if (lang === 'en') {
        const done = await finish(teller, yesterdayId, lang);
        expect(done.statusCode).toBe(200);
        expect(done.json()).toMatchObject({
          status: 'finished',
          message: translateMessage('CLOSING_FINISHED_OK', lang),
        });
      }
      const again = await finish(accountant, yesterdayId, lang);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(translateMessage('CLOSING_FINISHED', lang));
    }
    const detail = (
      await t.call({ method: 'GET', url: `/api/daily-closings/${yesterdayId}`, token: cfo })
    ).json();
    const lines = await t.db
      .select({
        role: ledgerAccounts.role,
        debit: journalLines.debit,
        credit: journalLines.credit,
        day: journalEntries.day,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
      .where(and(eq(journalEntries.source, 'closing'), eq(journalEntries.sourceId, yesterdayId)));
    const sum = (role: string, side: 'debit' | 'credit') =>
      lines.filter((line) => line.role === role).reduce((total, line) => total + line[side], 0);
    expect(lines.reduce((s, l) => s + l.debit, 0)).toBe(lines.reduce((s, l) => s + l.credit, 0));
    expect(lines.every((line) => line.day === yesterday)).toBe(true);
    expect(sum('bank', 'debit')).toBe(15_000);
    // Cash leaves the till by the deposit and by any shortfall; an excess comes in.
    expect(sum('cash', 'debit') - sum('cash', 'credit')).toBe(-15_000 + detail.difference);
    expect(sum('cash_differences', 'credit') - sum('cash_differences', 'debit')).toBe(detail.difference);
    // The closing's system cash is the day's cash takings, as the payments have them.
    expect(detail.system.cash).toBe(await paidOf(branchId, yesterday, 'cash'));
  });

  it('a closed earlier day leaves today open: a cash payment at the counter today is fine', async () => {
    const booking = await newBooking(t);
    const paid = await payCash(booking.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().status).toBe('paid');
  });

  it('the list: accountants see every branch with the differences, a teller their own; filters and pages', async () => {
    const otherClosing = await create(cfo, { ...GOOD, branchId: otherBranchId, day: yesterday });
    expect(otherClosing.statusCode).toBe(201);
    const all = (
      await t.call({
        method: 'GET',
        url: `/api/daily-closings?from=${yesterday}&to=${yesterday}`,
        token: accountant,
      })
    ).json();
    expect(all.items.map((item: { branchId: number }) => item.branchId).sort()).toEqual(
      [branchId, otherBranchId].sort(),
    );
    for (const item of all.items) expect(item.difference).toBe(item.cashAmount - item.system.cash);
    // The accountant reads the other branch's closing but does not close it; head office does.
    const otherId = otherClosing.json().id;
    const abilitiesIn = (items: { id: number; abilities: object }[]) =>
      items.find((item) => item.id === otherId)?.abilities;
    expect(abilitiesIn(all.items)).toEqual({ uploadSlip: false, finish: false });
    const own = (
      await t.call({ method: 'GET', url: `/api/daily-closings?to=${yesterday}`, token: teller })
    ).json();
    expect(own.items.map((item: { id: number }) => item.id)).toEqual([yesterdayId]);
    const finished = (
      await t.call({ method: 'GET', url: `/api/daily-closings?status=finished&to=${yesterday}`, token: cfo })
    ).json();
    expect(finished.items.map((item: { id: number }) => item.id)).toEqual([yesterdayId]);
    const byBranch = (
      await t.call({
        method: 'GET',
        url: `/api/daily-closings?branchId=${otherBranchId}&to=${yesterday}`,
        token: cfo,
      })
    ).json();
    expect(byBranch.items.map((item: { id: number }) => item.id)).toEqual([otherClosing.json().id]);
    expect(abilitiesIn(byBranch.items)).toEqual({ uploadSlip: true, finish: false });
    const range = (
      await t.call({ method: 'GET', url: `/api/daily-closings?from=${today}&to=${today}`, token: cfo })
    ).json();
    expect(range.items).toEqual([]);
    const [otherBranch] = await t.db.select().from(branches).where(eq(branches.id, otherBranchId));
    const searched = (
      await t.call({
        method: 'GET',
        url: `/api/daily-closings?to=${yesterday}&search=${encodeURIComponent(otherBranch?.nameAr ?? '')}`,
        token: cfo,
      })
    ).json();
    expect(searched.items.map((item: { id: number }) => item.id)).toEqual([otherClosing.json().id]);
    const counted = await t.call({
      method: 'GET',
      url: `/api/daily-closings/count?from=${yesterday}&to=${yesterday}`,
      token: accountant,
    });
    expect(counted.json()).toEqual({ total: 2, capped: false });
    const page = `/api/daily-closings?from=${yesterday}&to=${yesterday}&limit=1`;
    const first = (await t.call({ method: 'GET', url: page, token: cfo })).json();
    expect(first.items).toHaveLength(1);
    const second = (
      await t.call({ method: 'GET', url: `${page}&cursor=${first.nextCursor}`, token: cfo })
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(second.nextCursor).toBeNull();
    for (const cursor of ['nonsense', `${yesterday}_1`, 'WyIyMDI2LTAyLTMxIiwxXQ']) {
      const refused = await t.call({ method: 'GET', url: `${page}&cursor=${cursor}`, token: cfo });
      expect(refused.statusCode, cursor).toBe(400);
      expect(refused.json().code).toBe('INVALID_VALUE');
    }
    // A teller does not read another branch's closing.
    const hidden = await t.call({
      method: 'GET',
      url: `/api/daily-closings/${otherClosing.json().id}`,
      token: teller,
    });
    expect(hidden.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/daily-closings', token: student })).statusCode).toBe(
      403,
    );
  });

  it('a finished day is locked: a cash payment at the counter on it is 409 DAY_CLOSED, in English and Arabic', async () => {
    // The day of this test, with a cash refund of its own paid out of the till.
    const today = centreDay(new Date());
    const refunded = await payCash((await newBooking(t)).id);
    const refundRequest = await t.call({
      method: 'POST',
      url: '/api/refund-requests',
      token: teller,
      payload: { paymentId: refunded.json().id, amount: 2_000, reason: 'Absent', payout: 'original' },
      headers: key(),
    });
    const refundApproval = await t.call({
      method: 'POST',
      url: `/api/refund-requests/${refundRequest.json().request.id}/approve`,
      token: cfo,
      payload: { note: 'At the counter' },
      headers: key(),
    });
    expect(refundApproval.statusCode).toBe(200);
    const closing = await create(accountant, {
      ...GOOD,
      totalAmount: '1000.00',
      cashRevenue: '1000.00',
      cardRevenue: '0',
      depositAmount: '500.00',
      branchId,
      day: today,
    });
    expect(closing.statusCode).toBe(201);
    const id = closing.json().id;
    // A payment taken after the closing was made, before it is finished, is the day's too.
    const late = await newBooking(t);
    expect((await payCash(late.id)).statusCode).toBe(201);
    expect((await upload(accountant, id, PDF_BYTES)).statusCode).toBe(200);
    expect((await finish(accountant, id)).statusCode).toBe(200);
    const finished = (await t.call({ method: 'GET', url: `/api/daily-closings/${id}`, token: cfo })).json();
    expect(finished.system.cash).toBe(
      (await paidOf(branchId, today, 'cash')) - (await refundedOf(branchId, today, 'cash')),
    );
    expect(finished.system.refunds).toBeGreaterThan(0);
    expect(finished.difference).toBe(19_000 - finished.system.cash);
    for (const lang of ['en', 'ar'] as const) {
      const booking = await newBooking(t);
      const refused = await payCash(booking.id, lang);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('DAY_CLOSED');
      expect(refused.json().message).toBe(translateMessage('DAY_CLOSED', lang));
    }
    // Nor does cash leave the till on it: a cash refund's approval is refused too, nothing written.
    const [paidToday] = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.branchId, branchId), eq(payments.method, 'cash'), eq(payments.status, 'paid')))
      .orderBy(sql`${payments.id} desc`)
      .limit(1);
    const requested = await t.call({
      method: 'POST',
      url: '/api/refund-requests',
      token: teller,
      payload: { paymentId: paidToday?.id, amount: 1_000, reason: 'Absent', payout: 'original' },
      headers: key(),
    });
    expect(requested.statusCode).toBe(201);
    const refused = await t.call({
      method: 'POST',
      url: `/api/refund-requests/${requested.json().request.id}/approve`,
      token: cfo,
      payload: { note: 'Too late' },
      headers: key(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REFUND_DAY_CLOSED');
    const [stillPending] = await t.db
      .select({ status: refundRequests.status })
      .from(refundRequests)
      .where(eq(refundRequests.id, requested.json().request.id));
    expect(stillPending?.status).toBe('pending');
    // A card charged by the gateway, or a wire in the bank, confirmed after the finish is recorded
    // on its day (refusing it would leave money taken with no record); only the till's methods are shut.
    const after = { purpose: 'advance' as const, amount: 1_000, subtotal: 1_000, amanaFee: 0, vat: 0 };
    const [studentRow] = await t.db.select({ id: students.id }).from(students).limit(1);
    for (const method of ['card', 'wire'] as const) {
      const [late] = await t.db
        .insert(payments)
        .values({
          ...after,
          method,
          status: 'paid',
          paidAt: new Date(),
          branchId,
          payerStudentId: studentRow?.id,
        })
        .returning({ id: payments.id });
      expect(late?.id).toBeGreaterThan(0);
    }
    await expect(
      t.db.insert(payments).values({
        ...after,
        method: 'pos',
        status: 'paid',
        paidAt: new Date(),
        branchId,
        payerStudentId: studentRow?.id,
      }),
    ).rejects.toThrow();
    // A finished closing takes no new slip.
    expect((await upload(accountant, id, PDF_BYTES)).statusCode).toBe(409);
  });
});
