import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
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
import { refundKit } from '../../test/refunds.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: string;
let teller: string;
let tellerId: number;
let cfo: string;
let accountant: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  const tellerLogin = await t.loginAs('Teller');
  teller = tellerLogin.token;
  tellerId = tellerLogin.userId;
  cfo = (await t.loginAs('CFO')).token;
  accountant = (await t.loginAs('branchaccountant')).token;
  kit = refundKit(t, { teller, student, cfo });
});
afterAll(async () => {
  await t.close();
});

let kit: ReturnType<typeof refundKit>;
const post: ReturnType<typeof refundKit>['post'] = (...args) => kit.post(...args);
const paidCash = (options?: { corporate?: boolean }) => kit.paidCash(options);
const requestRefund: ReturnType<typeof refundKit>['requestRefund'] = (...args) => kit.requestRefund(...args);
const entryOf: ReturnType<typeof refundKit>['entryOf'] = (...args) => kit.entryOf(...args);

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
    // The row's refusal comes before the body's: a reject without its note is still the four eyes' 403.
    const unread = await post(`/api/refund-requests/${id}/reject`, cfo, {});
    expect(unread.statusCode).toBe(403);
    expect(unread.json().code).toBe('REFUND_OWN_REQUEST');
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row?.status).toBe('pending');
  });

  it("carries the refunds policy's abilities: the CFO may decide a teller's request, not its own; the teller neither", async () => {
    const paymentId = await paidCash();
    const byTeller = (await requestRefund(paymentId, { amount: 100 })).json().request.id as number;
    const byCfo = (await requestRefund(paymentId, { amount: 100 }, cfo)).json().request.id as number;
    const read = (id: number, token: string) =>
      t.call({ method: 'GET', url: `/api/refund-requests/${id}`, token });
    expect((await read(byTeller, cfo)).json().abilities).toEqual({
      approve: true,
      reject: true,
      retryPayout: false,
    });
    expect((await read(byCfo, cfo)).json().abilities).toEqual({
      approve: false,
      reject: false,
      retryPayout: false,
    });
    expect((await read(byTeller, teller)).json().abilities).toEqual({
      approve: false,
      reject: false,
      retryPayout: false,
    });
    const listed = await t.call({
      method: 'GET',
      url: `/api/refund-requests?paymentId=${paymentId}`,
      token: cfo,
    });
    expect(
      listed
        .json()
        .items.map((item: { id: number; abilities: { approve: boolean } }) => [
          item.id,
          item.abilities.approve,
        ]),
    ).toEqual([
      [byCfo, false],
      [byTeller, true],
    ]);
    const approved = await post(`/api/refund-requests/${byTeller}/approve`, cfo);
    expect(approved.json().request.abilities).toEqual({ approve: false, reject: false, retryPayout: false });
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
