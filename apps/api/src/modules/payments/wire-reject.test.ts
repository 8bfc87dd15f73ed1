import { randomUUID } from 'node:crypto';
import { HOLD_MINUTES } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, outbox, payments } from '../../db/schema/index.ts';
import { newBooking, sendWire } from '../../test/paid-bookings.ts';
import { atOnce } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: string;
let corporate: string;
let teller: string;
let cfo: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  corporate = (await t.loginAs('corporate')).token;
  teller = (await t.loginAs('Teller')).token;
  cfo = (await t.loginAs('CFO')).token;
});
afterAll(async () => {
  await t.close();
});

const reject = (id: number, token: string | undefined, payload: object = { reason: 'No transfer arrived' }) =>
  t.call({
    method: 'POST',
    url: `/api/payments/${id}/reject-wire`,
    token,
    payload,
    headers: { 'idempotency-key': randomUUID() },
  });

/** A wire transfer the demo student sent for a new booking, waiting for finance. */
async function pendingWire() {
  const booking = await newBooking(t);
  const sent = await sendWire(t, { token: student, bookingId: booking.id });
  expect(sent.statusCode).toBe(201);
  return { bookingId: booking.id, paymentId: sent.json().id as number };
}

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

describe('POST /api/payments/:id/reject-wire', () => {
  it('fails the payment with the reason, holds the seat again and tells the payer in both languages', async () => {
    const { bookingId, paymentId } = await pendingWire();
    const before = Date.now();
    const rejected = await reject(paymentId, cfo, { reason: 'The amount on the copy is wrong' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ id: paymentId, status: 'failed', invoiceId: null });
    expect(rejected.json().message).toBe(
      'The wire transfer is rejected; the booking is waiting for payment again.',
    );

    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'The amount on the copy is wrong' });
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, paymentId))).toEqual([]);
    const booking = await bookingRow(bookingId);
    expect(booking?.status).toBe('Pending Payment');
    const holdMs = (booking?.holdExpiresAt?.getTime() ?? 0) - before;
    expect(holdMs).toBeGreaterThan((HOLD_MINUTES - 1) * 60_000);
    expect(holdMs).toBeLessThanOrEqual((HOLD_MINUTES + 1) * 60_000);

    const told = (await t.db.select().from(outbox)).filter((message) =>
      message.body.includes('The amount on the copy is wrong'),
    );
    expect(told.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    const email = told.find((message) => message.channel === 'email');
    expect(email?.body).toContain('was not accepted');
    expect(email?.body).toContain('لم تُقبل حوالتك البنكية');
    expect(email?.body).toContain(`/student/payments/check-out/${bookingId}`);

    // The payer can pay another way now.
    const cash = await t.call({
      method: 'POST',
      url: '/api/payments',
      token: teller,
      payload: { bookingId, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(cash.statusCode).toBe(201);
  });

  it('refuses a second rejection and a confirmed wire with 409, and a confirm after a rejection', async () => {
    const first = await pendingWire();
    expect((await reject(first.paymentId, cfo)).statusCode).toBe(200);
    const twice = await reject(first.paymentId, cfo);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PAYMENT_WIRE_NOT_REJECTABLE');
    const confirm = await t.call({
      method: 'POST',
      url: `/api/payments/${first.paymentId}/confirm-wire`,
      token: cfo,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(confirm.statusCode).toBe(409);

    const second = await pendingWire();
    const confirmed = await t.call({
      method: 'POST',
      url: `/api/payments/${second.paymentId}/confirm-wire`,
      token: cfo,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(confirmed.statusCode).toBe(200);
    const afterConfirm = await reject(second.paymentId, cfo);
    expect(afterConfirm.statusCode).toBe(409);
    expect(afterConfirm.json().code).toBe('PAYMENT_WIRE_NOT_REJECTABLE');
    expect((await bookingRow(second.bookingId))?.status).toBe('Booked');
  });

  it('is for finance with edit only, needs a key and a reason; nothing changes when refused', async () => {
    const { bookingId, paymentId } = await pendingWire();
    expect((await reject(paymentId, undefined)).statusCode).toBe(401);
    expect((await reject(paymentId, student)).statusCode).toBe(403);
    expect((await reject(paymentId, corporate)).statusCode).toBe(403);
    expect((await reject(paymentId, teller)).statusCode).toBe(403);
    const noReason = await reject(paymentId, cfo, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toMatchObject({ reason: 'REQUIRED' });
    const noKey = await t.call({
      method: 'POST',
      url: `/api/payments/${paymentId}/reject-wire`,
      token: cfo,
      payload: { reason: 'No transfer arrived' },
    });
    expect(noKey.statusCode).toBe(400);
    expect((await reject(999_999, cfo)).statusCode).toBe(404);
    expect((await bookingRow(bookingId))?.status).toBe('Pending');
  });

  it('replays the same Idempotency-Key with the first answer', async () => {
    const { paymentId } = await pendingWire();
    const key = randomUUID();
    const send = () =>
      t.call({
        method: 'POST',
        url: `/api/payments/${paymentId}/reject-wire`,
        token: cfo,
        payload: { reason: 'No transfer arrived' },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('rejected many times at once (different keys): one rejection, the others a clear 409, never a 5xx', async () => {
    const { bookingId, paymentId } = await pendingWire();
    const answers = await atOnce(() => reject(paymentId, cfo));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(answers.length - 1).fill(409)]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json().code).toBe('PAYMENT_WIRE_NOT_REJECTABLE');
    }
    const booking = await bookingRow(bookingId);
    expect(booking?.status).toBe('Pending Payment');
    const emails = await t.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    const told = emails.filter(
      (message) => message.body.includes(`${booking?.number}`) && message.body.includes('was not accepted'),
    );
    expect(told).toHaveLength(1);
  });
});

describe('the payments policy on a pending wire', () => {
  it('tells finance with edit it may confirm or reject it, and its payer that it may not', async () => {
    const { paymentId } = await pendingWire();
    const read = (token: string) => t.call({ method: 'GET', url: `/api/payments/${paymentId}`, token });
    const byCfo = await read(cfo);
    expect(byCfo.statusCode).toBe(200);
    expect(byCfo.json().abilities).toEqual({ confirmWire: true, rejectWire: true, refund: false });
    const byPayer = await read(student);
    expect(byPayer.statusCode).toBe(200);
    expect(byPayer.json().abilities).toEqual({ confirmWire: false, rejectWire: false, refund: false });
  });

  it('refuses a payment that does not exist before it reads the body (404, not 400)', async () => {
    const missing = await reject(2_000_000_000, cfo, { reason: '' });
    expect(missing.statusCode).toBe(404);
  });
});
