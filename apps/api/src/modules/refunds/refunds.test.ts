import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  dailyClosings,
  invoices,
  journalEntries,
  payments,
  refundRequests,
  walletEntries,
} from '../../db/schema/index.ts';
import { newBooking, PRICE } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  type CardGateway,
  type DevelopmentPayment,
  type DevelopmentRefund,
  gatewayFor,
} from '../payments/gateway.ts';
import { createPayoutDispatcher, payoutDispatcherOf } from './payouts.ts';

let t: TestApp;
let student: string;
let teller: string;
let tellerId: number;
let cfo: string;
let cfoId: number;
let accountant: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  const tellerLogin = await t.loginAs('Teller');
  teller = tellerLogin.token;
  tellerId = tellerLogin.userId;
  const cfoLogin = await t.loginAs('CFO');
  cfo = cfoLogin.token;
  cfoId = cfoLogin.userId;
  accountant = (await t.loginAs('branchaccountant')).token;
});
afterAll(async () => {
  await t.close();
});

const post = (
  url: string,
  token: string | undefined,
  payload?: object,
  lang?: 'en' | 'ar',
  key: string | null = randomUUID(),
) => t.call({ method: 'POST', url, token, payload, lang, headers: key ? { 'idempotency-key': key } : {} });

/** A booking the teller took in cash: a paid, invoiced payment of PRICE.total at the teller's branch. */
async function paidCash(options: { corporate?: boolean } = {}) {
  const booking = await newBooking(t, { corporate: options.corporate });
  const paid = await post('/api/payments', teller, { bookingId: booking.id, method: 'cash' });
  expect(paid.statusCode).toBe(201);
  return paid.json().id as number;
}

const requestRefund = (paymentId: number, payload: object = {}, token = teller, lang?: 'en' | 'ar') =>
  post(
    '/api/refund-requests',
    token,
    { paymentId, amount: 5_000, reason: 'Course cancelled', payout: 'balance', ...payload },
    lang,
  );

/** Every journal entry of a source balances: debits equal credits. */
async function entryOf(source: 'credit_note' | 'refund', sourceId: number) {
  const rows = await t.db.execute<{ debit: string; credit: string; lines: number }>(sql`
    select coalesce(sum(l.debit), 0) as debit, coalesce(sum(l.credit), 0) as credit, count(l.id)::int as lines
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    where e.source = ${source} and e.source_id = ${sourceId}`);
  const row = (rows as unknown as { rows?: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0];
  return row as { debit: string; credit: string; lines: number };
}

describe('POST /api/refund-requests', () => {
  it('a teller requests a refund: "Request has been submitted" in both languages, pending', async () => {
    const paymentId = await paidCash();
    const en = await requestRefund(paymentId);
    expect(en.statusCode).toBe(201);
    expect(en.json().message).toBe('Request has been submitted');
    expect(en.json().request).toMatchObject({
      paymentId,
      amount: 5_000,
      status: 'pending',
      payout: 'balance',
      payerKind: 'student',
      requestedByUserId: tellerId,
      creditNoteId: null,
    });
    const ar = await requestRefund(paymentId, { amount: 1_000 }, teller, 'ar');
    expect(ar.statusCode).toBe(201);
    expect(ar.json().message).toBe('تم تقديم الطلب');
  });

  it('refuses more than what is left: paid − credit notes − pending, 409 with the amount left', async () => {
    const paymentId = await paidCash();
    expect((await requestRefund(paymentId, { amount: PRICE.total - 1_000 })).statusCode).toBe(201);
    const over = await requestRefund(paymentId, { amount: 1_001 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_REMAINING',
      params: { amount: '10.00' },
      fields: { amount: 'REFUND_EXCEEDS_REMAINING' },
    });
    expect(over.json().message).toContain('SAR 10.00');
    expect((await requestRefund(paymentId, { amount: 1_000 })).statusCode).toBe(201);
    const none = await requestRefund(paymentId, { amount: 1 }, teller, 'ar');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOTHING_LEFT_TO_REFUND');
    expect(none.json().message).toContain('لم يتبقَّ شيء للإرجاع');
  });

  it('refuses a payment not paid (409), unknown (404), bad input and NUL (400), no key (400)', async () => {
    const booking = await newBooking(t);
    const wire = await t.db
      .insert(payments)
      .values({
        purpose: 'booking',
        bookingId: booking.id,
        payerStudentId: booking.studentId,
        method: 'cash',
        status: 'pending',
        amount: PRICE.total,
        subtotal: PRICE.originalFee,
        amanaFee: PRICE.amanaFee,
        vat: PRICE.vat,
        currency: 'SAR',
        branchId: (await t.db.select().from(payments).limit(1))[0]?.branchId ?? null,
      } as typeof payments.$inferInsert)
      .returning({ id: payments.id });
    const notPaid = await requestRefund(wire[0]?.id ?? 0);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().code).toBe('REFUND_PAYMENT_NOT_PAID');
    expect((await requestRefund(99_999_999)).statusCode).toBe(404);
    const paymentId = await paidCash();
    expect((await requestRefund(paymentId, { amount: 0 })).statusCode).toBe(400);
    expect((await requestRefund(paymentId, { payout: 'cheque' })).statusCode).toBe(400);
    expect((await requestRefund(paymentId, { reason: '  ' })).statusCode).toBe(400);
    expect((await requestRefund(paymentId, { reason: 'bad\u0000reason' })).statusCode).toBe(400);
    const noKey = await post(
      '/api/refund-requests',
      teller,
      { paymentId, amount: 100, reason: 'x', payout: 'balance' },
      'en',
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId))).toEqual(
      [],
    );
  });

  it('is for staff with create on 10 or 17: 401 without a session, 403 for a payer', async () => {
    const paymentId = await paidCash();
    expect(
      (
        await post('/api/refund-requests', undefined, {
          paymentId,
          amount: 100,
          reason: 'x',
          payout: 'balance',
        })
      ).statusCode,
    ).toBe(401);
    expect((await requestRefund(paymentId, {}, student)).statusCode).toBe(403);
    expect((await requestRefund(paymentId, { amount: 100 }, accountant)).statusCode).toBe(201);
    expect((await requestRefund(paymentId, { amount: 100 }, cfo)).statusCode).toBe(201);
  });
});

describe('approve and reject', () => {
  it("the CFO approves a teller's request into the balance: credit note, wallet refund, balanced journal, message en+ar", async () => {
    const paymentId = await paidCash();
    const id = (await requestRefund(paymentId, { amount: 12_075 })).json().request.id as number;
    const approved = await post(`/api/refund-requests/${id}/approve`, cfo, { note: 'OK' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Refund request approved.');
    const request = approved.json().request;
    expect(request).toMatchObject({ status: 'approved', decisionNote: 'OK' });
    expect(request.creditNoteNumber).toMatch(/^CN/);

    const [note] = await t.db.select().from(invoices).where(eq(invoices.id, request.creditNoteId));
    // Half of 200.00 + 10.00 + 31.50: the parts reversed in proportion.
    expect(note).toMatchObject({
      kind: 'credit_note',
      paymentId,
      total: 12_075,
      amanaFee: 500,
      vat: 1_575,
      subtotal: 10_000,
    });
    const wallet = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, paymentId));
    expect(wallet.map((entry) => [entry.kind, entry.amount])).toEqual([['refund', 12_075]]);
    const entry = await entryOf('credit_note', note?.id ?? 0);
    expect(Number(entry.debit)).toBe(12_075);
    expect(Number(entry.credit)).toBe(12_075);
    // Into the balance: only the credit note posts.
    expect(
      await t.db.select().from(journalEntries).where(eq(journalEntries.sourceId, id)),
    ).not.toContainEqual(expect.objectContaining({ source: 'refund' }));

    const twice = await post(`/api/refund-requests/${id}/approve`, cfo);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REFUND_NOT_PENDING');

    const other = (await requestRefund(paymentId, { amount: 100 })).json().request.id as number;
    const ar = await post(`/api/refund-requests/${other}/approve`, cfo, {}, 'ar');
    expect(ar.json().message).toBe('تمت الموافقة على طلب الاسترداد.');
  });

  it('a cash refund by the original method posts the refund entry out of the till', async () => {
    const paymentId = await paidCash();
    const id = (await requestRefund(paymentId, { amount: 2_000, payout: 'original' })).json().request
      .id as number;
    expect((await post(`/api/refund-requests/${id}/approve`, cfo)).statusCode).toBe(200);
    const entry = await entryOf('refund', id);
    expect([Number(entry.debit), Number(entry.credit), entry.lines]).toEqual([2_000, 2_000, 2]);
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, paymentId))).toEqual([]);
  });

  it('rejects with a note in both languages; the amount is refundable again', async () => {
    const paymentId = await paidCash();
    const id = (await requestRefund(paymentId, { amount: PRICE.total })).json().request.id as number;
    expect((await post(`/api/refund-requests/${id}/reject`, cfo, {})).statusCode).toBe(400);
    const rejected = await post(`/api/refund-requests/${id}/reject`, cfo, { note: 'Not eligible' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Refund request rejected.');
    expect(rejected.json().request).toMatchObject({
      status: 'rejected',
      decisionNote: 'Not eligible',
      creditNoteId: null,
    });
    expect((await post(`/api/refund-requests/${id}/reject`, cfo, { note: 'again' })).statusCode).toBe(409);
    const second = (await requestRefund(paymentId, { amount: PRICE.total })).json().request.id as number;
    const ar = await post(`/api/refund-requests/${second}/reject`, cfo, { note: 'لا' }, 'ar');
    expect(ar.json().message).toBe('تم رفض طلب الاسترداد.');
  });

  it('four eyes: the requester never decides their own request (403 with the message)', async () => {
    const paymentId = await paidCash();
    const id = (await requestRefund(paymentId, { amount: 100 }, cfo)).json().request.id as number;
    const own = await post(`/api/refund-requests/${id}/approve`, cfo);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('REFUND_OWN_REQUEST');
    expect(own.json().message).toBe(
      'You cannot approve or reject a refund you requested; another person must decide it.',
    );
    expect((await post(`/api/refund-requests/${id}/reject`, cfo, { note: 'x' })).statusCode).toBe(403);
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row?.status).toBe('pending');
  });

  it('is for edit on 10 only: 401, 403 for the teller, accountant and student, 404 for an unknown request', async () => {
    const paymentId = await paidCash();
    const id = (await requestRefund(paymentId, { amount: 100 })).json().request.id as number;
    expect((await post(`/api/refund-requests/${id}/approve`, undefined)).statusCode).toBe(401);
    for (const token of [teller, accountant, student]) {
      expect((await post(`/api/refund-requests/${id}/approve`, token)).statusCode).toBe(403);
      expect((await post(`/api/refund-requests/${id}/reject`, token, { note: 'x' })).statusCode).toBe(403);
    }
    expect((await post('/api/refund-requests/99999999/approve', cfo)).statusCode).toBe(404);
    expect((await post(`/api/refund-requests/${id}/approve`, cfo, {}, 'en', null)).statusCode).toBe(400);
  });
});

/** A card payment of the demo student, approved on the development gateway. */
async function paidCard() {
  const booking = await newBooking(t);
  const created = await post('/api/payments', student, { bookingId: booking.id, method: 'card' });
  const redirectUrl = String(created.json().redirectUrl);
  const pressed = await t.call({
    method: 'POST',
    url: redirectUrl,
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=approve',
  });
  await t.call({ method: 'GET', url: String(pressed.headers.location) });
  const paymentId = created.json().id as number;
  const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  expect(row?.status).toBe('paid');
  const gateway = gatewayFor(t.app.deps.config) as unknown as { payments: Map<string, DevelopmentPayment> };
  const devPayment = gateway.payments.get(row?.gatewayPaymentId ?? '');
  if (!devPayment) throw new Error('no development gateway payment');
  return { paymentId, devPayment };
}

const devGateway = () =>
  gatewayFor(t.app.deps.config) as unknown as {
    payments: Map<string, DevelopmentPayment>;
    refunds: DevelopmentRefund[];
    refund: CardGateway['refund'];
  };
const refundsOf = (id: number) =>
  devGateway().refunds.filter((refund) => refund.key === `refund-request-${id}`);
const payoutOf = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/refund-requests/${id}`, token: cfo })).json();

describe('card refunds through the payout queue', () => {
  it('approval commits, then the card is refunded once on the gateway: the answer says sent', async () => {
    const { paymentId, devPayment } = await paidCard();
    const id = (await requestRefund(paymentId, { amount: 4_000, payout: 'original' })).json().request
      .id as number;
    const approved = await post(`/api/refund-requests/${id}/approve`, cfo);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({
      status: 'approved',
      payoutStatus: 'sent',
      payoutError: null,
    });
    expect(devPayment.refunded).toBe(4_000);
    expect(refundsOf(id)).toHaveLength(1);
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row?.gatewayRefundId).toBe(refundsOf(id)[0]?.refundId);
    const entry = await entryOf('refund', id);
    expect([Number(entry.debit), Number(entry.credit)]).toEqual([4_000, 4_000]);
    // A cash refund calls no gateway.
    const cash = (await requestRefund(await paidCash(), { amount: 100, payout: 'original' })).json().request
      .id;
    const paidBack = await post(`/api/refund-requests/${cash}/approve`, cfo);
    expect(paidBack.json().request.payoutStatus).toBe('none');
    expect(refundsOf(cash)).toEqual([]);
  });

  it('a gateway refusing: the approval stands (200), the payout fails after its attempts, staff retry it and it is sent', async () => {
    const { paymentId, devPayment } = await paidCard();
    const id = (await requestRefund(paymentId, { amount: 4_000, payout: 'original' })).json().request
      .id as number;
    devPayment.status = 'failed';
    const approved = await post(`/api/refund-requests/${id}/approve`, cfo);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', payoutStatus: 'pending' });
    expect(approved.json().request.payoutError).toBeTruthy();
    expect(approved.json().request.creditNoteNumber).toMatch(/^CN/);
    expect((await entryOf('refund', id)).lines).toBe(2);
    const early = await post(`/api/refund-requests/${id}/retry-payout`, cfo);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REFUND_PAYOUT_NOT_FAILED');
    for (let attempt = 2; attempt <= 5; attempt++) await payoutDispatcherOf(t.app).flush();
    expect(await payoutOf(id)).toMatchObject({ payoutStatus: 'failed' });
    expect(await payoutDispatcherOf(t.app).flush()).toBe(0);
    expect(devPayment.refunded).toBe(0);

    for (const token of [teller, accountant, student]) {
      expect((await post(`/api/refund-requests/${id}/retry-payout`, token)).statusCode).toBe(403);
    }
    expect((await post(`/api/refund-requests/${id}/retry-payout`, cfo, {}, 'en', null)).statusCode).toBe(400);
    devPayment.status = 'paid';
    const retried = await post(`/api/refund-requests/${id}/retry-payout`, cfo, {}, 'ar');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('يُعاد إرسال استرداد البطاقة.');
    expect(retried.json().request).toMatchObject({ payoutStatus: 'sent', payoutError: null });
    expect(devPayment.refunded).toBe(4_000);
    const again = await post(`/api/refund-requests/${id}/retry-payout`, cfo);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a card refund the gateway did not accept can be sent again.');
    expect(refundsOf(id)).toHaveLength(1);
  });

  it('a gateway that refunds and then fails to answer (a crash): the next send refunds nothing more', async () => {
    const { paymentId, devPayment } = await paidCard();
    const id = (await requestRefund(paymentId, { amount: 3_000, payout: 'original' })).json().request
      .id as number;
    const gateway = devGateway();
    const refund = gateway.refund;
    gateway.refund = async (...args) => {
      await refund(...args);
      throw new Error('connection reset');
    };
    try {
      const approved = await post(`/api/refund-requests/${id}/approve`, cfo);
      expect(approved.json().request).toMatchObject({
        payoutStatus: 'pending',
        payoutError: 'REFUND_PAYOUT_REFUSED',
      });
    } finally {
      gateway.refund = refund;
    }
    expect(devPayment.refunded).toBe(3_000);
    // Claimed by another process just now: not taken; a claim of a process that died is taken again.
    await t.db.update(refundRequests).set({ payoutClaimedAt: new Date() }).where(eq(refundRequests.id, id));
    expect(await payoutDispatcherOf(t.app).flush()).toBe(0);
    await t.db
      .update(refundRequests)
      .set({ payoutClaimedAt: new Date(Date.now() - 600_000) })
      .where(eq(refundRequests.id, id));
    expect(await payoutDispatcherOf(t.app).flush()).toBe(1);
    expect(await payoutOf(id)).toMatchObject({ payoutStatus: 'sent', payoutError: null });
    expect(devPayment.refunded).toBe(3_000);
    expect(refundsOf(id)).toHaveLength(1);
  });
});

describe('the payout queue: holding back, claims and shutdown', () => {
  it('approval sends only its own refund; a failed refund holds back later ones of its payment until retried and sent', async () => {
    const { paymentId, devPayment } = await paidCard();
    const first = (await requestRefund(paymentId, { amount: 1_000, payout: 'original' })).json().request
      .id as number;
    const second = (await requestRefund(paymentId, { amount: 2_000, payout: 'original' })).json().request
      .id as number;
    devPayment.status = 'failed';
    expect((await post(`/api/refund-requests/${first}/approve`, cfo)).json().request.payoutStatus).toBe(
      'pending',
    );
    const approved = await post(`/api/refund-requests/${second}/approve`, cfo);
    expect(approved.json().request.payoutStatus).toBe('pending');
    // The second approval did not try the first one again (only its own refund, held back).
    const [firstRow] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, first));
    expect(firstRow?.payoutAttempts).toBe(1);
    for (let attempt = 2; attempt <= 5; attempt++) await payoutDispatcherOf(t.app).flush();
    expect(await payoutOf(first)).toMatchObject({ payoutStatus: 'failed' });
    // The gateway takes refunds again: the failed one's money may have left, so the later one waits.
    devPayment.status = 'paid';
    await payoutDispatcherOf(t.app).flush();
    expect(await payoutOf(second)).toMatchObject({ payoutStatus: 'pending' });
    expect(refundsOf(second)).toEqual([]);
    expect((await post(`/api/refund-requests/${first}/retry-payout`, cfo)).json().request.payoutStatus).toBe(
      'sent',
    );
    expect(await payoutDispatcherOf(t.app).flush()).toBe(1);
    expect(await payoutOf(second)).toMatchObject({ payoutStatus: 'sent' });
    expect(devPayment.refunded).toBe(3_000);
  });

  it("the development gateway refunds a payment it does not know (the demo's takings)", async () => {
    const once = { key: `refund-request-demo-${randomUUID()}`, refundedBefore: 0 };
    expect((await devGateway().refund('demo_card_1', 1_500, once)).refundId).toMatch(/^dev_refund_/);
  });

  /** A card refund approved and queued (a paid payment standing for a card one). */
  async function queued(): Promise<number> {
    const paymentId = await paidCash();
    await t.db
      .update(payments)
      .set({ gatewayPaymentId: `queued_${paymentId}` })
      .where(eq(payments.id, paymentId));
    const [row] = await t.db
      .insert(refundRequests)
      .values({
        paymentId,
        amount: 1_000,
        reason: 'Queued',
        payout: 'original',
        status: 'approved',
        requestedByUserId: tellerId,
        decidedByUserId: cfoId,
        decidedAt: new Date(),
        payoutStatus: 'pending',
      })
      .returning({ id: refundRequests.id });
    if (!row) throw new Error('no request');
    return row.id;
  }

  const gatewayRefunding = (refund: CardGateway['refund']): CardGateway => ({
    name: 'development',
    create: () => Promise.reject(new Error('not here')),
    fetch: () => Promise.reject(new Error('not here')),
    verifyWebhook: () => null,
    refund,
  });
  const claimOf = async (id: number) =>
    (await t.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]?.payoutClaimedAt ?? null;

  it('claims one request at a time, just before sending it', async () => {
    const a = await queued();
    const b = await queued();
    const claimedWhileSendingA: (Date | null)[] = [];
    const gateway = gatewayRefunding(async (_id, _amount, once) => {
      if (once.key === `refund-request-${a}`) claimedWhileSendingA.push(await claimOf(b));
      return { refundId: `r-${once.key}` };
    });
    await createPayoutDispatcher({ db: t.db, gateway, log: t.app.log }).flush();
    expect(claimedWhileSendingA).toEqual([null]);
  });

  it('a send whose claim was taken over (it outlived the timeout) records nothing over the newer claim', async () => {
    const id = await queued();
    const newer = new Date(Date.now() + 60_000);
    const gateway = gatewayRefunding(async (_id, _amount, once) => {
      if (once.key === `refund-request-${id}`)
        await t.db.update(refundRequests).set({ payoutClaimedAt: newer }).where(eq(refundRequests.id, id));
      return { refundId: `r-${once.key}` };
    });
    await createPayoutDispatcher({ db: t.db, gateway, log: t.app.log }).flush();
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row).toMatchObject({ payoutStatus: 'pending', payoutClaimedAt: newer, gatewayRefundId: null });
    await t.db.update(refundRequests).set({ payoutStatus: 'sent' }).where(eq(refundRequests.id, id));
  });

  it('stop() resolves only once a send under way is recorded', async () => {
    const id = await queued();
    let sending: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      sending = resolve;
    });
    const gateway = gatewayRefunding(async (_id, _amount, once) => {
      sending();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { refundId: `r-${once.key}` };
    });
    const dispatcher = createPayoutDispatcher({ db: t.db, gateway, log: t.app.log });
    dispatcher.start(10);
    await started;
    await dispatcher.stop();
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row?.payoutStatus).toBe('sent');
  });
});

describe("a closed day's till", () => {
  it('a cash refund out of a branch whose day is finished is 409 REFUND_DAY_CLOSED and writes nothing; into the balance it is approved', async () => {
    const paymentId = await paidCash();
    // Requested at the teller's branch; the payment then moved to a branch whose day is finished.
    const id = (await requestRefund(paymentId, { amount: 2_000, payout: 'original' })).json().request
      .id as number;
    const intoBalance = (await requestRefund(paymentId, { amount: 1_000, payout: 'balance' })).json().request
      .id;
    const [branch] = await t.db
      .insert(branches)
      .values({ code: `CLOSED-${randomUUID().slice(0, 8)}`, nameEn: 'Closed branch', nameAr: 'فرع مقفل' })
      .returning();
    if (!branch) throw new Error('no branch');
    await t.db.update(payments).set({ branchId: branch.id }).where(eq(payments.id, paymentId));
    await t.db.insert(dailyClosings).values({
      branchId: branch.id,
      day: centreDay(new Date()),
      status: 'finished',
      createdByUserId: tellerId,
      finishedByUserId: tellerId,
      finishedAt: new Date(),
    });
    const closed = await post(`/api/refund-requests/${id}/approve`, cfo);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('REFUND_DAY_CLOSED');
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row).toMatchObject({ status: 'pending', creditNoteId: null, decidedAt: null });
    const notes = await t.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    expect(notes.map((note) => note.kind)).toEqual(['invoice']);
    expect((await entryOf('refund', id)).lines).toBe(0);
    expect((await post(`/api/refund-requests/${intoBalance}/approve`, cfo)).statusCode).toBe(200);
  });
});

describe('GET /api/refund-requests', () => {
  it('lists with status, payer kind and search filters, counts, pages; one by id; refundable', async () => {
    const studentPayment = await paidCash();
    const corporatePayment = await paidCash({ corporate: true });
    const a = (await requestRefund(studentPayment, { amount: 300 })).json().request.id as number;
    const b = (await requestRefund(corporatePayment, { amount: 400 })).json().request.id as number;
    const list = async (query: string, token = cfo) =>
      t.call({ method: 'GET', url: `/api/refund-requests?${query}`, token });
    const corporates = (await list('payerKind=corporate&status=pending&limit=100')).json();
    expect(corporates.items.map((item: { id: number }) => item.id)).toContain(b);
    expect(corporates.items.map((item: { id: number }) => item.id)).not.toContain(a);
    const students = (await list('payerKind=student&limit=100')).json();
    expect(students.items.map((item: { id: number }) => item.id)).toContain(a);
    const corporateRow = corporates.items.find((item: { id: number }) => item.id === b);
    const byCr = (await list(`search=${encodeURIComponent(corporateRow.payerNumber)}&limit=100`)).json();
    expect(byCr.items.map((item: { id: number }) => item.id)).toContain(b);
    // Names in both languages, for the Arabic screen: the payer's and the requester's.
    expect(corporateRow.payerNameAr).toMatch(/[\u0600-\u06FF]/);
    expect(corporateRow.requestedByNameAr).toMatch(/[\u0600-\u06FF]/);
    const page = (await list('limit=1')).json();
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const next = (await list(`limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items[0].id).toBeLessThan(page.items[0].id);
    const count = await t.call({
      method: 'GET',
      url: '/api/refund-requests/count?status=pending',
      token: cfo,
    });
    expect(count.json().total).toBeGreaterThanOrEqual(2);

    const one = await t.call({ method: 'GET', url: `/api/refund-requests/${a}`, token: teller });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: a, amount: 300, payerKind: 'student' });
    expect(
      (await t.call({ method: 'GET', url: '/api/refund-requests/99999999', token: cfo })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/refund-requests/${a}`, token: student })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/refund-requests' })).statusCode).toBe(401);
    expect((await list('status=lost')).statusCode).toBe(400);

    const left = await t.call({
      method: 'GET',
      url: `/api/refund-requests/refundable/${studentPayment}`,
      token: teller,
    });
    expect(left.json()).toEqual({
      paymentId: studentPayment,
      refundable: PRICE.total - 300,
      paid: PRICE.total,
      givenBack: 0,
      pending: 300,
      advanceInBalance: null,
    });
  });
});
