import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices, payments } from '../../db/schema/index.ts';
import { newBooking, PRICE } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { GatewayError, gatewayFor } from '../money/index.ts';

/** A local fake of the gateway's REST API: hosted invoices, fetched by id with the secret key. */
interface FakeInvoice {
  id: string;
  amount: number;
  currency: string;
  status: string;
  callback_url: string;
  payments: { id: string; status: string; source: { company: string } }[];
}
const fake = new Map<string, FakeInvoice>();
const refunds: { id: string; amount: number }[] = [];
/** Moyasar's own words while it refuses refunds (an error answer), else undefined. */
let refusing: string | undefined;
const SECRET = 'sk_test_fake_0123456789';
const WEBHOOK = 'webhook-secret-0123456789';
let server: Server;
let t: TestApp;
let student: string;

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : {};
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`)
      return send(401, { type: 'authentication_error' });
    const url = request.url ?? '';
    if (request.method === 'POST' && url === '/v1/invoices') {
      const body = await bodyOf(request);
      const id = randomUUID();
      const invoice: FakeInvoice = {
        id,
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'initiated',
        callback_url: String(body.callback_url),
        payments: [],
      };
      fake.set(id, invoice);
      return send(201, { ...invoice, url: `https://checkout.example/invoices/${id}` });
    }
    const get = /^\/v1\/invoices\/([\w-]+)$/.exec(url);
    if (request.method === 'GET' && get) {
      const invoice = fake.get(get[1] ?? '');
      return invoice ? send(200, invoice) : send(404, {});
    }
    const payment = /^\/v1\/payments\/([\w-]+)$/.exec(url);
    if (request.method === 'GET' && payment) {
      const refunded = refunds.filter((r) => r.id === payment[1]).reduce((sum, r) => sum + r.amount, 0);
      return send(200, { id: payment[1], status: refunded > 0 ? 'refunded' : 'paid', refunded });
    }
    const refund = /^\/v1\/payments\/([\w-]+)\/refund$/.exec(url);
    if (request.method === 'POST' && refund) {
      const id = refund[1] ?? '';
      if (refusing) return send(400, { type: 'invalid_request_error', message: refusing });
      refunds.push({ id, amount: Number((await bodyOf(request)).amount) });
      // Like Moyasar: a payment refunded in part or in full is `refunded` from then on.
      for (const invoice of fake.values()) {
        for (const paid of invoice.payments) if (paid.id === id) paid.status = 'refunded';
      }
      return send(200, {});
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await buildTestApp({
    env: {
      PAYMENT_GATEWAY: 'moyasar',
      MOYASAR_SECRET_KEY: SECRET,
      MOYASAR_API_URL: `http://127.0.0.1:${port}/v1`,
      MOYASAR_WEBHOOK_SECRET: WEBHOOK,
      PUBLIC_URL: 'https://tasreeh.example.sa',
    },
  });
  student = (await t.loginAs('student')).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

function gatewaySays(id: string, status: 'paid' | 'failed', change: Partial<FakeInvoice> = {}) {
  const invoice = fake.get(id);
  if (!invoice) throw new Error('no fake invoice');
  Object.assign(invoice, { status, ...change });
  invoice.payments.push({ id: `pay_${id}`, status, source: { company: 'mada' } });
}

async function startCard() {
  const booking = await newBooking(t);
  const created = await t.call({
    method: 'POST',
    url: '/api/payments',
    token: student,
    payload: { bookingId: booking.id, method: 'card' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(created.statusCode).toBe(201);
  const body = created.json();
  const [payment] = await t.db.select().from(payments).where(eq(payments.id, body.id));
  return { booking, body, gatewayId: payment?.gatewayPaymentId ?? '' };
}

describe('the Moyasar adapter against a local fake of its API', () => {
  it('creates the hosted invoice with our callback and pays only what the gateway confirms', async () => {
    const { booking, body, gatewayId } = await startCard();
    expect(body.redirectUrl).toBe(`https://checkout.example/invoices/${gatewayId}`);
    expect(fake.get(gatewayId)).toMatchObject({
      amount: PRICE.total,
      currency: 'SAR',
      callback_url: `https://tasreeh.example.sa/api/payments/callback?payment=${body.id}`,
    });
    // The query string's word counts for nothing while the gateway says initiated.
    const early = await t.call({
      method: 'GET',
      url: `/api/payments/callback?payment=${body.id}&status=paid`,
    });
    expect(early.headers.location).toContain('result=pending');
    gatewaySays(gatewayId, 'paid');
    const back = await t.call({
      method: 'GET',
      url: `/api/payments/callback?payment=${body.id}&status=failed`,
    });
    expect(back.headers.location).toBe(
      `https://tasreeh.example.sa/student/payments/check-out/${booking.id}?payment=${body.id}&result=paid`,
    );
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, body.id));
    expect(paid).toMatchObject({ status: 'paid', cardBrand: 'mada' });
  });

  it('refuses a paid answer whose amount does not match', async () => {
    const { booking, body, gatewayId } = await startCard();
    gatewaySays(gatewayId, 'paid', { amount: 100 });
    const back = await t.call({ method: 'GET', url: `/api/payments/callback?payment=${body.id}` });
    expect(back.headers.location).toContain('result=declined');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('Pending Payment');
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, body.id))).toHaveLength(0);
  });

  it('a signed webhook pays a payer who never came back; a wrong token is refused', async () => {
    const { booking, body, gatewayId } = await startCard();
    gatewaySays(gatewayId, 'paid');
    const event = (token: string) => ({
      type: 'payment_paid',
      secret_token: token,
      data: { id: `pay_${gatewayId}`, invoice_id: gatewayId, status: 'paid' },
    });
    const forged = await t.call({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: event('wrong-secret-xxxxxxxxx'),
    });
    expect(forged.statusCode).toBe(401);
    const [still] = await t.db.select().from(payments).where(eq(payments.id, body.id));
    expect(still?.status).toBe('pending');
    const signed = await t.call({ method: 'POST', url: '/api/payments/webhook', payload: event(WEBHOOK) });
    expect(signed.statusCode).toBe(200);
    const again = await t.call({ method: 'POST', url: '/api/payments/webhook', payload: event(WEBHOOK) });
    expect(again.statusCode).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'Booked', amountPaid: PRICE.total });
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, body.id))).toHaveLength(1);
  });

  it('tells the payer the payment is pending when the gateway cannot be asked, and pays later', async () => {
    const { body, gatewayId } = await startCard();
    const saved = fake.get(gatewayId);
    fake.delete(gatewayId);
    const back = await t.call({ method: 'GET', url: `/api/payments/callback?payment=${body.id}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain('result=pending');
    if (saved) fake.set(gatewayId, saved);
    gatewaySays(gatewayId, 'paid');
    const later = await t.call({ method: 'GET', url: `/api/payments/callback?payment=${body.id}` });
    expect(later.headers.location).toContain('result=paid');
  });

  it('money taken for a booking that can no longer take it is refunded to the card', async () => {
    const { booking, body, gatewayId } = await startCard();
    await t.db.update(bookings).set({ status: 'Expired' }).where(eq(bookings.id, booking.id));
    gatewaySays(gatewayId, 'paid');
    await t.call({ method: 'GET', url: `/api/payments/callback?payment=${body.id}` });
    expect(refunds).toContainEqual({ id: `pay_${gatewayId}`, amount: PRICE.total });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, body.id));
    expect(payment?.status).toBe('cancelled');
  });

  it('a refund asked again after its answer was lost is not sent twice; a second partial refund of the (now refunded) payment is', async () => {
    const { gatewayId } = await startCard();
    gatewaySays(gatewayId, 'paid');
    const gateway = gatewayFor(t.app.deps.config);
    const first = { key: 'refund-request-a', refundedBefore: 0 };
    await gateway.refund(gatewayId, 1_000, first);
    expect(fake.get(gatewayId)?.payments[0]?.status).toBe('refunded');
    await gateway.refund(gatewayId, 1_000, first);
    await gateway.refund(gatewayId, 500, { key: 'refund-request-b', refundedBefore: 1_000 });
    await gateway.refund(gatewayId, 700, { key: 'refund-request-c', refundedBefore: 1_500 });
    expect(refunds.filter((refund) => refund.id === `pay_${gatewayId}`)).toEqual([
      { id: `pay_${gatewayId}`, amount: 1_000 },
      { id: `pay_${gatewayId}`, amount: 500 },
      { id: `pay_${gatewayId}`, amount: 700 },
    ]);
  });

  it("a refused refund: a message code for the caller, Moyasar's own words kept for the log only", async () => {
    const { gatewayId } = await startCard();
    gatewaySays(gatewayId, 'paid');
    refusing = 'Amount exceeds the refundable amount';
    try {
      const failure = await gatewayFor(t.app.deps.config)
        .refund(gatewayId, 1_000, { key: 'refund-request-refused', refundedBefore: 0 })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayError);
      expect(failure).toMatchObject({
        code: 'PAYMENT_GATEWAY_UNAVAILABLE',
        detail: '400 Amount exceeds the refundable amount',
      });
    } finally {
      refusing = undefined;
    }
  });
});
