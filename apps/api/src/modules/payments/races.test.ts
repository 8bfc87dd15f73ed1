import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, payments } from '../../db/schema/index.ts';
import { newBooking, PRICE } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Parallel requests race only on the PostgreSQL server (PGlite runs one at a time): run this file
// with TEST_DATABASE_URL set to prove anything; on PGlite it checks the same answers.
let t: TestApp;
let teller: string;
let student: string;
beforeAll(async () => {
  t = await buildTestApp();
  teller = (await t.loginAs('Teller')).token;
  student = (await t.loginAs('student')).token;
});
afterAll(async () => {
  await t.close();
});

const PARALLEL = 50;
const pay = (token: string, payload: object, key: string) =>
  t.call({ method: 'POST', url: '/api/payments', token, payload, headers: { 'idempotency-key': key } });

async function paymentsOf(bookingId: number) {
  return t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
}

describe('payment races', () => {
  it('50 identical requests (one key) make one payment, one invoice, and all get its answer', async () => {
    const booking = await newBooking(t);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => pay(teller, { bookingId: booking.id, method: 'cash' }, key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PARALLEL).fill(201));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const made = await paymentsOf(booking.id);
    expect(made).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(invoices)
        .where(eq(invoices.paymentId, made[0]?.id ?? 0)),
    ).toHaveLength(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'Booked', amountPaid: PRICE.total });
  });

  it('50 payments of one booking under different keys: one is paid, the others are told it is paid', async () => {
    const booking = await newBooking(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        pay(teller, { bookingId: booking.id, method: 'cash' }, randomUUID()),
      ),
    );
    const codes = answers.map((answer) =>
      answer.statusCode === 201 ? 'paid' : `${answer.statusCode} ${answer.json().code}`,
    );
    expect(codes.sort()).toEqual([...Array(PARALLEL - 1).fill('409 BOOKING_ALREADY_PAID'), 'paid'].sort());
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('a card callback delivered many times at once pays once', async () => {
    const booking = await newBooking(t);
    const created = (await pay(student, { bookingId: booking.id, method: 'card' }, randomUUID())).json();
    await t.call({
      method: 'POST',
      url: created.redirectUrl,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    const callbacks = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call({ method: 'GET', url: `/api/payments/callback?payment=${created.id}` }),
      ),
    );
    expect(callbacks.every((response) => String(response.headers.location).includes('result=paid'))).toBe(
      true,
    );
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, created.id))).toHaveLength(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.amountPaid).toBe(PRICE.total);
  });

  it('invoice numbers stay a gap-free sequence under parallel payments', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => newBooking(t)));
    await Promise.all(
      made.map((booking) => pay(teller, { bookingId: booking.id, method: 'cash' }, randomUUID())),
    );
    const numbers = (await t.db.select({ number: invoices.number }).from(invoices))
      .filter((row) => row.number.startsWith('INV-'))
      .map((row) => Number(row.number.slice(4)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });
});
