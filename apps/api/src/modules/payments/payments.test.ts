import { randomUUID } from 'node:crypto';
import { decodeZatcaQr } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  invoices,
  outbox,
  payments,
  products,
  scheduledSessions,
  walletEntries,
} from '../../db/schema/index.ts';
import {
  demoCorporateId,
  demoStudentId,
  newBooking,
  PRICE,
  sendWire,
  WIRE_IBAN,
} from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: string;
let corporate: string;
let teller: string;
let cfo: string;
let instructor: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  corporate = (await t.loginAs('corporate')).token;
  teller = (await t.loginAs('Teller')).token;
  cfo = (await t.loginAs('CFO')).token;
  instructor = (await t.loginAs('Instructor')).token;
});
afterAll(async () => {
  await t.close();
});

const pay = (
  token: string | undefined,
  payload: object,
  key: string | null = randomUUID(),
  lang?: 'en' | 'ar',
) =>
  t.call({
    method: 'POST',
    url: '/api/payments',
    token,
    lang,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

const LOCAL = '127.0.0.1';

/** The payer's browser through the development gateway: open its page, press a button, follow back to the callback. */
async function throughGateway(redirectUrl: string, action: 'approve' | 'decline' | 'abandon') {
  const page = await t.call({ method: 'GET', url: redirectUrl, remoteAddress: LOCAL });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Approve');
  const pressed = await t.call({
    method: 'POST',
    url: redirectUrl,
    remoteAddress: LOCAL,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(pressed.statusCode).toBe(303);
  const callback = String(pressed.headers.location);
  expect(callback).toMatch(/^\/api\/payments\/callback\?payment=\d+$/);
  return callback;
}

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

describe('POST /api/payments by card through the development gateway', () => {
  it('pays once, issues the invoice with its ZATCA QR and queues the receipt; a second callback changes nothing', async () => {
    const booking = await newBooking(t);
    const created = await pay(student, { bookingId: booking.id, method: 'card' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ status: 'pending', invoiceId: null });
    expect(body.redirectUrl).toMatch(/^\/api\/dev-gateway\/pay\/dev_/);
    const callback = await throughGateway(body.redirectUrl, 'approve');
    const back = await t.call({ method: 'GET', url: callback, lang: 'ar' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/student/payments/check-out/${booking.id}?payment=${body.id}&result=paid`,
    );
    const again = await t.call({ method: 'GET', url: callback });
    expect(again.headers.location).toContain('result=paid');

    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ status: 'Booked', amountPaid: PRICE.total, holdExpiresAt: null });
    const issued = await t.db.select().from(invoices).where(eq(invoices.paymentId, body.id));
    expect(issued).toHaveLength(1);
    const invoice = issued[0];
    expect(invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(decodeZatcaQr(invoice?.zatcaQr ?? '')).toMatchObject({
      sellerName: 'مركز تصريح للتدريب',
      vatNumber: '300000000000003',
      total: '241.50',
      vatTotal: '31.50',
    });
    const messages = await t.db.select().from(outbox);
    expect(messages.some((m) => m.body.includes(invoice?.number ?? '?') && m.body.includes('241.50'))).toBe(
      true,
    );

    const read = await t.call({ method: 'GET', url: `/api/invoices/${invoice?.id}`, token: student });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      number: invoice?.number,
      subtotal: 20_000,
      vat: 3_150,
      total: 24_150,
    });
    const pdf = await t.call({ method: 'GET', url: `/api/invoices/${invoice?.id}/pdf`, token: student });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const token of [teller, cfo]) {
      expect((await t.call({ method: 'GET', url: `/api/invoices/${invoice?.id}`, token })).statusCode).toBe(
        200,
      );
    }
    for (const token of [corporate, instructor]) {
      expect((await t.call({ method: 'GET', url: `/api/invoices/${invoice?.id}`, token })).statusCode).toBe(
        404,
      );
    }
    expect((await t.call({ method: 'GET', url: `/api/invoices/${invoice?.id}` })).statusCode).toBe(401);

    const second = await pay(student, { bookingId: booking.id, method: 'card' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('BOOKING_ALREADY_PAID');
  });

  it('a declined or abandoned card leaves the booking Pending Payment, without an invoice', async () => {
    for (const action of ['decline', 'abandon'] as const) {
      const booking = await newBooking(t);
      const body = (await pay(student, { bookingId: booking.id, method: 'card' })).json();
      const callback = await throughGateway(body.redirectUrl, action);
      const back = await t.call({ method: 'GET', url: callback });
      expect(back.headers.location).toContain(action === 'decline' ? 'result=declined' : 'result=abandoned');
      expect((await bookingRow(booking.id))?.status).toBe('Pending Payment');
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, body.id));
      expect(payment?.status).toBe('failed');
      expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, body.id))).toHaveLength(0);
    }
  });

  it('the development gateway page answers callers on this machine only', async () => {
    const booking = await newBooking(t);
    const body = (await pay(student, { bookingId: booking.id, method: 'card' })).json();
    expect((await t.call({ method: 'GET', url: body.redirectUrl })).statusCode).toBe(404);
  });
});

describe('products and corporates', () => {
  it('a student buys a product by card: an invoice for quantity × price with VAT', async () => {
    const [product] = await t.db.select().from(products).where(eq(products.status, 'active')).limit(1);
    if (!product) throw new Error('no demo product');
    const created = await pay(student, { productId: product.id, quantity: 2, method: 'card' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    const back = await t.call({ method: 'GET', url: await throughGateway(body.redirectUrl, 'approve') });
    expect(back.headers.location).toBe(`/product-payment/${product.id}?payment=${body.id}&result=paid`);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, body.id));
    expect(invoice?.subtotal).toBe(product.price * 2);
    expect(invoice?.total).toBe(invoice ? invoice.subtotal + invoice.vat : -1);
    expect((await pay(student, { productId: product.id, method: 'cash' })).statusCode).toBe(400);
    expect((await pay(teller, { productId: product.id, method: 'card' })).statusCode).toBe(403);
  });

  it('a corporate pays part of a partial booking, then the rest; the parts add up to the price', async () => {
    const booking = await newBooking(t, { corporate: true, paymentType: 'partial' });
    expect((await pay(student, { bookingId: booking.id, method: 'card' })).statusCode).toBe(404);
    const tooMuch = await pay(corporate, { bookingId: booking.id, method: 'card', amount: PRICE.total + 1 });
    expect(tooMuch.statusCode).toBe(400);
    const first = (await pay(corporate, { bookingId: booking.id, method: 'card', amount: 10_000 })).json();
    await t.call({ method: 'GET', url: await throughGateway(first.redirectUrl, 'approve') });
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Booked', amountPaid: 10_000 });
    const rest = (await pay(corporate, { bookingId: booking.id, method: 'card' })).json();
    const back = await t.call({ method: 'GET', url: await throughGateway(rest.redirectUrl, 'approve') });
    expect(back.headers.location).toContain(`/corporate/payments/check-out/${booking.id}`);
    expect((await bookingRow(booking.id))?.amountPaid).toBe(PRICE.total);
    const made = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const sum = (key: 'subtotal' | 'amanaFee' | 'vat') => made.reduce((total, row) => total + row[key], 0);
    expect([sum('subtotal'), sum('amanaFee'), sum('vat')]).toEqual([
      PRICE.originalFee,
      PRICE.amanaFee,
      PRICE.vat,
    ]);
  });
});

describe('POST /api/payments refusals', () => {
  it('needs a session, an Idempotency-Key, a payer type and good input', async () => {
    const booking = await newBooking(t);
    expect((await pay(undefined, { bookingId: booking.id, method: 'card' })).statusCode).toBe(401);
    const noKey = await pay(student, { bookingId: booking.id, method: 'card' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await pay(instructor, { bookingId: booking.id, method: 'card' })).statusCode).toBe(403);
    expect((await pay(cfo, { bookingId: booking.id, method: 'cash' })).statusCode).toBe(403);
    expect((await pay(student, { bookingId: booking.id, method: 'bitcoin' })).statusCode).toBe(400);
    expect((await pay(student, { bookingId: booking.id, method: 'card', branchId: 1 })).statusCode).toBe(400);
    expect((await pay(teller, { bookingId: booking.id, method: 'pos' })).statusCode).toBe(400);
    expect(
      (await pay(teller, { bookingId: booking.id, method: 'pos', posReference: 'a\u0000b' })).statusCode,
    ).toBe(400);
    // Another owner's booking: not found.
    expect((await pay(corporate, { bookingId: booking.id, method: 'card' })).statusCode).toBe(404);
    expect((await pay(student, { bookingId: 99_999_999, method: 'card' })).statusCode).toBe(404);
    // Cash is the teller's.
    const cash = await pay(student, { bookingId: booking.id, method: 'cash' });
    expect(cash.statusCode).toBe(403);
    expect(cash.json().code).toBe('TELLER_ONLY_PAYMENT');
    // A student pays all of it.
    const partial = await pay(student, { bookingId: booking.id, method: 'card', amount: 100 });
    expect(partial.json().code).toBe('PAYMENT_AMOUNT_INVALID');
  });

  it('refuses an expired hold', async () => {
    const booking = await newBooking(t, { holdMinutes: -1 });
    const response = await pay(student, { bookingId: booking.id, method: 'card' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BOOKING_HOLD_EXPIRED');
  });
});

describe('at the counter and from the balance', () => {
  it('a teller takes cash and POS with its reference; each paid at once with its invoice', async () => {
    const booking = await newBooking(t);
    const response = await pay(teller, { bookingId: booking.id, method: 'pos', posReference: 'TRM-4471' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'paid', redirectUrl: null });
    expect(response.json().invoiceId).toEqual(expect.any(Number));
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, response.json().id));
    expect(payment).toMatchObject({ posReference: 'TRM-4471', method: 'pos' });
    const cash = await newBooking(t);
    expect((await pay(teller, { bookingId: cash.id, method: 'cash' })).json().status).toBe('paid');
  });

  it('an idempotent replay answers the first response and makes no second payment; another body is 422', async () => {
    const booking = await newBooking(t);
    const key = randomUUID();
    const first = await pay(teller, { bookingId: booking.id, method: 'cash' }, key);
    const replay = await pay(teller, { bookingId: booking.id, method: 'cash' }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    const other = await pay(teller, { bookingId: booking.id, method: 'pos', posReference: 'X1' }, key);
    expect(other.statusCode).toBe(422);
  });

  it('balance: refused when short (409), paid from the ledger when enough', async () => {
    const booking = await newBooking(t);
    const short = await pay(student, { bookingId: booking.id, method: 'balance' });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('BALANCE_INSUFFICIENT');
    const studentId = await demoStudentId(t);
    await t.db.insert(walletEntries).values({ studentId, kind: 'advance', amount: PRICE.total + 500 });
    const paid = await pay(student, { bookingId: booking.id, method: 'balance' });
    expect(paid.json().status).toBe('paid');
    const balance = await t.call({ method: 'GET', url: '/api/payments/balance', token: student });
    expect(balance.json().balance).toBeGreaterThanOrEqual(500);
  });
});

describe('wire transfers', () => {
  const wire = (bookingId: number, iban: string) => sendWire(t, { token: student, bookingId, iban });

  it('refuses a wrong IBAN; a good one waits (booking Pending) until finance confirms with the invoice', async () => {
    const booking = await newBooking(t);
    const bad = await wire(booking.id, 'SA0380000000608010167518');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ iban: 'IBAN_INVALID' });
    const sent = await wire(booking.id, WIRE_IBAN);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', invoiceId: null });
    expect((await bookingRow(booking.id))?.status).toBe('Pending');
    const copyUrl = `/api/payments/${sent.json().id}/wire-copy`;
    const copy = await t.call({ method: 'GET', url: copyUrl, token: cfo });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect((await t.call({ method: 'GET', url: copyUrl, token: corporate })).statusCode).toBe(404);
    const url = `/api/payments/${sent.json().id}/confirm-wire`;
    expect(
      (await t.call({ method: 'POST', url, token: teller, headers: { 'idempotency-key': randomUUID() } }))
        .statusCode,
    ).toBe(403);
    const confirmed = await t.call({
      method: 'POST',
      url,
      token: cfo,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().invoiceId).toEqual(expect.any(Number));
    expect((await bookingRow(booking.id))?.status).toBe('Booked');
    const twice = await t.call({
      method: 'POST',
      url,
      token: cfo,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('invoice numbers', () => {
  it('have no gap across a payment that rolled back', async () => {
    const first = await newBooking(t);
    const a = (await pay(teller, { bookingId: first.id, method: 'cash' })).json();
    // A payment that fails inside its transaction after its invoice number was taken: a trigger
    // made for this test refuses the booking's update.
    const broken = await newBooking(t);
    await t.db.execute(
      `create or replace function pay_test_fail() returns trigger language plpgsql as $$ begin raise exception 'test rollback'; end $$`,
    );
    await t.db.execute(
      `create trigger pay_test_fail before update on bookings for each row when (new.id = ${broken.id}) execute function pay_test_fail()`,
    );
    const failed = await pay(teller, { bookingId: broken.id, method: 'cash' });
    expect(failed.statusCode).toBe(500);
    await t.db.execute('drop trigger pay_test_fail on bookings');
    const second = await newBooking(t);
    const b = (await pay(teller, { bookingId: second.id, method: 'cash' })).json();
    const numbers = await t.db.select({ id: invoices.id, number: invoices.number }).from(invoices);
    const of = (id: number) => Number(numbers.find((row) => row.id === id)?.number.slice(4));
    expect(of(b.invoiceId)).toBe(of(a.invoiceId) + 1);
  });
});

describe('POST /api/bookings/:id/cancel', () => {
  const cancel = (id: number, token?: string, key: string | null = randomUUID()) =>
    t.call({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      token,
      payload: { reason: 'changed plans' },
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('an unpaid booking frees its seat; a paid one becomes a balance credit and a credit note', async () => {
    const unpaid = await newBooking(t);
    const [before] = await t.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.id, unpaid.sessionId));
    const freed = await cancel(unpaid.id, student);
    expect(freed.statusCode).toBe(200);
    expect(freed.json()).toMatchObject({
      status: 'Cancelled',
      refund: { kind: 'none', amount: 0 },
      creditNoteId: null,
    });
    const [after] = await t.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.id, unpaid.sessionId));
    expect(after?.seatsTaken).toBe((before?.seatsTaken ?? 0) - 1);

    const paid = await newBooking(t);
    const payment = (await pay(teller, { bookingId: paid.id, method: 'cash' })).json();
    const studentId = await demoStudentId(t);
    const credits = async () =>
      (await t.db.select().from(walletEntries).where(eq(walletEntries.studentId, studentId))).filter(
        (entry) => entry.bookingId === paid.id,
      );
    expect(await credits()).toHaveLength(0);
    const response = await cancel(paid.id, student);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ refund: { kind: 'balance', amount: PRICE.total } });
    const [note] = await t.db.select().from(invoices).where(eq(invoices.id, response.json().creditNoteId));
    expect(note).toMatchObject({ kind: 'credit_note', invoiceId: payment.invoiceId, total: PRICE.total });
    expect(note?.number).toMatch(/^CN-\d{6}$/);
    expect(await credits()).toMatchObject([{ kind: 'credit', amount: PRICE.total }]);
    expect((await cancel(paid.id, student)).statusCode).toBe(409);
  });

  it('refuses after the session started, without a key, and for strangers', async () => {
    const started = await newBooking(t, { startsInHours: -1 });
    const late = await cancel(started.id, student);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOOKING_CANCEL_TOO_LATE');
    const booking = await newBooking(t);
    expect((await cancel(booking.id, student, null)).statusCode).toBe(400);
    expect((await cancel(booking.id, corporate)).statusCode).toBe(404);
    expect((await cancel(booking.id, instructor)).statusCode).toBe(403);
    expect((await cancel(booking.id, cfo)).statusCode).toBe(403);
    expect((await cancel(booking.id)).statusCode).toBe(401);
  });
});

describe('checkout summary, balance and staff cancellation', () => {
  it('shows the order summary to the payer and a teller of the branch only', async () => {
    const booking = await newBooking(t);
    const url = `/api/payments/checkout/${booking.id}`;
    const own = await t.call({ method: 'GET', url, token: student });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      subtotal: PRICE.originalFee,
      amanaFee: PRICE.amanaFee,
      vat: PRICE.vat,
      total: PRICE.total,
      remaining: PRICE.total,
      payable: true,
      partialAllowed: false,
    });
    expect((await t.call({ method: 'GET', url, token: teller })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token: corporate })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url, token: instructor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/payments/checkout/abc', token: student })).statusCode,
    ).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/payments/balance', token: teller })).statusCode).toBe(
      403,
    );
  });

  it('staff with edit on bookings cancel a booking of their branch', async () => {
    const booking = await newBooking(t);
    const response = await t.call({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      token: teller,
      payload: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('Cancelled');
    const smuggled = await t.call({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      token: teller,
      payload: { reason: 'x', refund: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(smuggled.statusCode).toBe(400);
  });
});

describe('GET /api/payments', () => {
  it('finance sees all with filters and a count; a payer its own; others are refused', async () => {
    const all = await t.call({ method: 'GET', url: '/api/payments?method=cash&limit=2', token: cfo });
    expect(all.statusCode).toBe(200);
    expect(all.json().items.every((item: { method: string }) => item.method === 'cash')).toBe(true);
    const next = all.json().nextCursor;
    if (next) {
      const page2 = await t.call({
        method: 'GET',
        url: `/api/payments?method=cash&limit=2&cursor=${next}`,
        token: cfo,
      });
      expect(page2.json().items[0].id).toBeLessThan(all.json().items[1].id);
    }
    const count = await t.call({ method: 'GET', url: '/api/payments/count?status=paid', token: cfo });
    expect(count.json().total).toBeGreaterThan(0);
    const own = await t.call({ method: 'GET', url: '/api/payments', token: corporate });
    const corporateId = await demoCorporateId(t);
    expect(own.json().items.length).toBeGreaterThan(0);
    expect(
      own.json().items.every((item: { payerCorporateId: number }) => item.payerCorporateId === corporateId),
    ).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/payments', token: instructor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/payments?method=gold', token: cfo })).statusCode).toBe(
      400,
    );
    expect((await t.call({ method: 'GET', url: '/api/payments?cursor=abc', token: cfo })).statusCode).toBe(
      400,
    );
    const mine = await t.call({ method: 'GET', url: '/api/payments', token: student });
    const id = mine.json().items[0].id;
    expect((await t.call({ method: 'GET', url: `/api/payments/${id}`, token: student })).statusCode).toBe(
      200,
    );
    expect((await t.call({ method: 'GET', url: `/api/payments/${id}`, token: corporate })).statusCode).toBe(
      404,
    );
  });
});
