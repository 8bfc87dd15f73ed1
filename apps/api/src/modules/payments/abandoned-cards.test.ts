import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../db/schema/index.ts';
import { newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sweepExpiredHolds } from '../bookings/index.ts';

let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
});
afterAll(async () => {
  await t.close();
});

const payByCard = async (bookingId: number) => {
  const started = await t.call({
    method: 'POST',
    url: '/api/payments',
    token: student,
    payload: { bookingId, method: 'card' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(started.statusCode).toBe(201);
  return started.json().id as number;
};

const paymentStatus = async (id: number) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return { status: row?.status, failureReason: row?.failureReason };
};

describe('the hold sweep and card payments left pending', () => {
  it('cancels (abandoned) the pending card payment of a hold it expires, in the same sweep; a live hold keeps its own', async () => {
    const expiring = await newBooking(t);
    const live = await newBooking(t);
    const abandoned = await payByCard(expiring.id);
    const waiting = await payByCard(live.id);
    // Every other hold is live (the seeded demo holds end HOLD_MINUTES after the run's seeding,
    // which a long run outlasts), so that the sweep's count is this test's alone.
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(and(eq(bookings.status, 'Pending Payment'), ne(bookings.id, expiring.id)));
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, expiring.id));

    expect(await sweepExpiredHolds(t.db)).toBe(1);
    const [expired] = await t.db.select().from(bookings).where(eq(bookings.id, expiring.id));
    expect(expired?.status).toBe('Expired');
    expect(await paymentStatus(abandoned)).toEqual({ status: 'cancelled', failureReason: 'abandoned' });
    expect(await paymentStatus(waiting)).toEqual({ status: 'pending', failureReason: null });

    // The payer coming back from the gateway is told the payment was not completed.
    const back = await t.call({ method: 'GET', url: `/api/payments/callback?payment=${abandoned}` });
    expect(back.statusCode).toBe(303);
    expect(String(back.headers.location)).toContain('result=abandoned');
  });
});
