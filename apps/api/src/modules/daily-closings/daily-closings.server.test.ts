import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  dailyClosings,
  journalEntries,
  payments,
  refundRequests,
  users,
} from '../../db/schema/index.ts';
import { demoEmailOf } from '../../seed/demo-users.ts';
import { PDF_BYTES } from '../../test/files.ts';
import { newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let teller: string;
let accountant: string;
let branchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  teller = (await t.loginAs('Teller')).token;
  accountant = (await t.loginAs('branchaccountant')).token;
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  branchId = user?.branchId ?? 0;
});
afterAll(async () => {
  await t.close();
});

const RACERS = 10;
const STAGGER_MS = 60;
// Before the week the demo closes (seed/demo-closings.ts).
const day = centreDay(new Date(Date.now() - 12 * 86_400_000));

describe('daily closings racing', () => {
  it('one closing of 10 creates of the same branch and day at once; one finish of 10 at once, one journal entry', async () => {
    const created = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: '/api/daily-closings',
          token: index % 2 ? teller : accountant,
          payload: {
            branchId,
            day,
            totalAmount: '300',
            cashRevenue: '200',
            cardRevenue: '100',
            cashAmount: '200',
            depositAmount: '100',
            bankName: `Racer ${index}`,
          },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = created.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of created.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('CLOSING_EXISTS');
    }
    const rows = await t.db
      .select()
      .from(dailyClosings)
      .where(and(eq(dailyClosings.branchId, branchId), eq(dailyClosings.day, day)));
    expect(rows).toHaveLength(1);
    const id = rows[0]?.id ?? 0;

    const form = new FormData();
    form.append('file', new Blob([PDF_BYTES]), 'slip.pdf');
    const uploaded = await t.call({
      method: 'PUT',
      url: `/api/daily-closings/${id}/deposit-slip`,
      token: teller,
      payload: form,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(uploaded.statusCode).toBe(200);

    const finished = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: `/api/daily-closings/${id}/finish`,
          token: index % 2 ? teller : accountant,
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const finishStatuses = finished.map((response) => response.statusCode);
    expect(finishStatuses.filter((status) => status === 200)).toHaveLength(1);
    expect(finishStatuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of finished.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('CLOSING_FINISHED');
    }
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.source, 'closing'), eq(journalEntries.sourceId, id)));
    expect(entries).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'daily-closing.finish'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
  });

  it("a finish racing 10 cash payments and 5 cash refunds of the same branch's day: each is refused (DAY_CLOSED, REFUND_DAY_CLOSED) or counted in the closing", async () => {
    const today = centreDay(new Date());
    const bookings = await Promise.all(Array.from({ length: RACERS }, () => newBooking(t)));
    const cfo = (await t.loginAs('CFO')).token;
    // Cash taken earlier today, each with a refund in cash waiting for the CFO.
    const refundIds: number[] = [];
    for (const booking of await Promise.all(Array.from({ length: RACERS / 2 }, () => newBooking(t)))) {
      const paidEarlier = await t.call({
        method: 'POST',
        url: '/api/payments',
        token: teller,
        payload: { bookingId: booking.id, method: 'cash' },
        headers: { 'idempotency-key': randomUUID() },
      });
      const requested = await t.call({
        method: 'POST',
        url: '/api/refund-requests',
        token: teller,
        payload: { paymentId: paidEarlier.json().id, amount: 3_000, reason: 'Absent', payout: 'original' },
        headers: { 'idempotency-key': randomUUID() },
      });
      refundIds.push(requested.json().request.id);
    }
    const created = await t.call({
      method: 'POST',
      url: '/api/daily-closings',
      token: accountant,
      payload: {
        branchId,
        day: today,
        totalAmount: '300',
        cashRevenue: '300',
        cardRevenue: '0',
        cashAmount: '300',
        depositAmount: '100',
        bankName: 'Riyad Bank',
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const form = new FormData();
    form.append('file', new Blob([PDF_BYTES]), 'slip.pdf');
    const uploaded = await t.call({
      method: 'PUT',
      url: `/api/daily-closings/${id}/deposit-slip`,
      token: accountant,
      payload: form,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(uploaded.statusCode).toBe(200);

    const pay = (bookingId: number) =>
      t.call({
        method: 'POST',
        url: '/api/payments',
        token: teller,
        payload: { bookingId, method: 'cash' },
        headers: { 'idempotency-key': randomUUID() },
      });
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Payments one after another every few milliseconds; the finish among them.
    const paying = bookings.map((booking, index) => later(index * STAGGER_MS).then(() => pay(booking.id)));
    const finishing = later((RACERS / 2) * STAGGER_MS).then(() =>
      t.call({
        method: 'POST',
        url: `/api/daily-closings/${id}/finish`,
        token: accountant,
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    const approving = refundIds.map((refundId, index) =>
      later((2 * index + 1) * STAGGER_MS).then(() =>
        t.call({
          method: 'POST',
          url: `/api/refund-requests/${refundId}/approve`,
          token: cfo,
          payload: { note: 'Paid back in cash' },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const approvals = await Promise.all(approving);
    const [finished, ...paid] = await Promise.all([finishing, ...paying]);
    expect(finished?.statusCode).toBe(200);
    for (const response of approvals) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().code).toBe('REFUND_DAY_CLOSED');
    }
    const approved = await t.db
      .select({ amount: refundRequests.amount })
      .from(refundRequests)
      .where(and(inArray(refundRequests.id, refundIds), eq(refundRequests.status, 'approved')));
    expect(approved).toHaveLength(approvals.filter((response) => response.statusCode === 200).length);
    for (const response of paid) {
      expect([201, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().code).toBe('DAY_CLOSED');
    }
    const taken = await t.db
      .select({ amount: payments.amount, status: payments.status })
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          bookings.map((booking) => booking.id),
        ),
      );
    // A refused payment leaves no row; each one kept is paid.
    expect(taken).toHaveLength(paid.filter((response) => response.statusCode === 201).length);
    expect(taken.every((payment) => payment.status === 'paid')).toBe(true);
    const [closing] = await t.db.select().from(dailyClosings).where(eq(dailyClosings.id, id));
    const cashOfDay = await t.db
      .select({ amount: payments.amount, paidAt: payments.paidAt })
      .from(payments)
      .where(and(eq(payments.branchId, branchId), eq(payments.status, 'paid'), eq(payments.method, 'cash')));
    const expected =
      cashOfDay
        .filter((payment) => payment.paidAt && centreDay(payment.paidAt) === today)
        .reduce((sum, payment) => sum + payment.amount, 0) -
      approved.reduce((sum, refund) => sum + refund.amount, 0);
    expect(closing?.status).toBe('finished');
    expect(closing?.systemCash).toBe(expected);
  });
});
