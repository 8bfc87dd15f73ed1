import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, refundRequests, walletEntries } from '../../db/schema/index.ts';
import { triggerRefusalOf } from '../../lib/database-refusals.ts';
import { constraintBroken } from '../../test/constraint-broken.ts';
import { PRICE } from '../../test/paid-bookings.ts';
import {
  approveRefund,
  askRefund,
  cancelBooking,
  givenBackOf,
  paidAtCounter,
  type ReversalCallers,
  reversalCallers,
} from '../../test/reversals.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Money goes back of a payment at most once (issue 24, point 1): a booking's cancellation and a
 * refund request's approval both go through the settlement step, which gives back only what is
 * left (paid − every credit note); the database refuses a credit note above it.
 */
let t: TestApp;
let callers: ReversalCallers;
beforeAll(async () => {
  t = await buildTestApp();
  callers = await reversalCallers(t);
});
afterAll(async () => {
  await t.close();
});

const creditNotesOf = (paymentId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'credit_note')))
    .orderBy(invoices.id);

const bookingDetail = async (bookingId: number) =>
  (await t.call({ method: 'GET', url: `/api/bookings/${bookingId}`, token: callers.teller })).json();

const refundable = async (paymentId: number) =>
  (
    await t.call({
      method: 'GET',
      url: `/api/refund-requests/refundable/${paymentId}`,
      token: callers.teller,
    })
  ).json();

async function approvedRefund(paymentId: number, amount: number, payout: 'original' | 'balance') {
  const requested = await askRefund(t, callers.teller, paymentId, amount, payout);
  expect(requested.statusCode).toBe(201);
  const approved = await approveRefund(t, callers.cfo, requested.json().request.id);
  expect(approved.statusCode).toBe(200);
}

describe('a cancellation after a refund', () => {
  it('of all of a cash payment paid back from the till: the cancel frees the seat and credits nothing', async () => {
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller);
    await approvedRefund(paymentId, PRICE.total, 'original');
    expect(await bookingDetail(bookingId)).toMatchObject({
      amountPaid: PRICE.total,
      givenBack: PRICE.total,
      leftToGiveBack: 0,
    });

    const cancelled = await cancelBooking(t, callers.student, bookingId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'Cancelled',
      refund: { kind: 'none', amount: 0, givenBackBefore: PRICE.total },
      creditNoteId: null,
      message:
        'The booking is cancelled and its seat freed; what was paid had already been given back in full, so nothing was added to the balance.',
    });
    expect((await creditNotesOf(paymentId)).map((note) => note.total)).toEqual([PRICE.total]);
    expect(await givenBackOf(t.db, [paymentId])).toEqual([
      { paymentId, paid: PRICE.total, credited: PRICE.total, moneyOut: PRICE.total },
    ]);
  });

  it('of part of it: the cancel credits only the rest, its credit note completing the invoice to the halala', async () => {
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller);
    await approvedRefund(paymentId, 5_001, 'balance');
    expect(await bookingDetail(bookingId)).toMatchObject({
      givenBack: 5_001,
      leftToGiveBack: PRICE.total - 5_001,
    });

    const cancelled = await cancelBooking(t, callers.student, bookingId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      refund: { kind: 'balance', amount: PRICE.total - 5_001, givenBackBefore: 5_001 },
      message:
        'The booking is cancelled; SAR 191.49, what was left after SAR 50.01 already given back, has been added to the balance.',
    });
    const notes = await creditNotesOf(paymentId);
    expect(notes.map((note) => note.total)).toEqual([5_001, PRICE.total - 5_001]);
    expect(notes[1]?.id).toBe(cancelled.json().creditNoteId);
    const sum = (part: 'subtotal' | 'amanaFee' | 'vat') =>
      notes.reduce((total, note) => total + note[part], 0);
    expect([sum('subtotal'), sum('amanaFee'), sum('vat')]).toEqual([
      PRICE.originalFee,
      PRICE.amanaFee,
      PRICE.vat,
    ]);
    const wallet = await t.db.select().from(walletEntries).where(eq(walletEntries.paymentId, paymentId));
    expect(wallet.map((entry) => [entry.kind, entry.amount, entry.bookingId])).toEqual([
      ['refund', 5_001, null],
      ['credit', PRICE.total - 5_001, bookingId],
    ]);
    expect(await refundable(paymentId)).toMatchObject({ refundable: 0, givenBack: PRICE.total });
  });

  it('answers in Arabic what it credited', async () => {
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller);
    await approvedRefund(paymentId, PRICE.total - 100, 'balance');
    const cancelled = await t.call({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      token: callers.student,
      lang: 'ar',
      payload: {},
      headers: { 'idempotency-key': `ar-${bookingId}` },
    });
    expect(cancelled.json().message).toBe(
      'تم إلغاء الحجز؛ وأضيف إلى الرصيد مبلغ 1.00 ر.س، وهو المتبقي بعد إرجاع 240.50 ر.س من قبل.',
    );
  });
});

describe('a refund after a cancellation', () => {
  it('is refused: nothing is left to ask for (409), and the dialog is told so', async () => {
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller);
    expect((await cancelBooking(t, callers.student, bookingId)).statusCode).toBe(200);
    expect(await refundable(paymentId)).toEqual({
      paymentId,
      refundable: 0,
      paid: PRICE.total,
      givenBack: PRICE.total,
      pending: 0,
      advanceInBalance: null,
    });
    const asked = await askRefund(t, callers.teller, paymentId, 100, 'original');
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'NOTHING_LEFT_TO_REFUND',
      fields: { amount: 'NOTHING_LEFT_TO_REFUND' },
    });
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId))).toEqual(
      [],
    );
  });

  it('a request made before the cancel fails its approval with 409 and pays nothing', async () => {
    const { bookingId, paymentId } = await paidAtCounter(t, callers.teller);
    const requested = await askRefund(t, callers.teller, paymentId, 10_000, 'original');
    expect(requested.statusCode).toBe(201);
    expect(await bookingDetail(bookingId)).toMatchObject({ givenBack: 0, leftToGiveBack: PRICE.total });
    const cancelled = await cancelBooking(t, callers.student, bookingId);
    expect(cancelled.json().refund).toEqual({ kind: 'balance', amount: PRICE.total, givenBackBefore: 0 });

    const approved = await t.call({
      method: 'POST',
      url: `/api/refund-requests/${requested.json().request.id}/approve`,
      token: callers.cfo,
      lang: 'ar',
      payload: {},
      headers: { 'idempotency-key': `late-${paymentId}` },
    });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().code).toBe('NOTHING_LEFT_TO_REFUND');
    expect(approved.json().message).toContain('لم يتبقَّ شيء للإرجاع من هذه الدفعة');
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId));
    expect(request).toMatchObject({ status: 'pending', creditNoteId: null });
    expect(await givenBackOf(t.db, [paymentId])).toEqual([
      { paymentId, paid: PRICE.total, credited: PRICE.total, moneyOut: PRICE.total },
    ]);
  });
});

describe('the database backstop (migration 0028)', () => {
  const creditNote = (paymentId: number, invoiceId: number, total: number) =>
    t.db.insert(invoices).values({
      kind: 'credit_note',
      number: `CN-DIRECT-${paymentId}-${total}`,
      paymentId,
      invoiceId,
      issuedAt: new Date(),
      sellerNameEn: 'Tasreeh',
      sellerNameAr: 'تصريح',
      sellerVatNumber: '300000000000003',
      buyerName: 'A student',
      lines: [],
      subtotal: total,
      amanaFee: 0,
      vat: 0,
      total,
      zatcaQr: 'AQ==',
    });

  it('refuses a credit note written straight into the table above what is left of its payment', async () => {
    const { paymentId } = await paidAtCounter(t, callers.teller);
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
    if (!invoice) throw new Error('no invoice');
    expect(await constraintBroken(creditNote(paymentId, invoice.id, PRICE.total + 1))).toBe(
      'invoices_credit_within_paid',
    );
    await creditNote(paymentId, invoice.id, 10_000);
    const refused = await creditNote(paymentId, invoice.id, PRICE.total - 10_000 + 1).then(
      () => undefined,
      (error: unknown) => error,
    );
    // The command runner and the error handler answer it as the step would: 409 with what is left.
    expect(triggerRefusalOf(refused)).toMatchObject({
      status: 409,
      code: 'REFUND_EXCEEDS_REMAINING',
      params: { amount: '141.50' },
      fields: { amount: 'REFUND_EXCEEDS_REMAINING' },
    });
    await creditNote(paymentId, invoice.id, PRICE.total - 10_000);
    expect(
      triggerRefusalOf(await creditNote(paymentId, invoice.id, 1).catch((error: unknown) => error)),
    ).toMatchObject({
      status: 409,
      code: 'NOTHING_LEFT_TO_REFUND',
      fields: { amount: 'NOTHING_LEFT_TO_REFUND' },
    });
    expect(await constraintBroken(creditNote(paymentId, invoice.id, 0))).toBe('invoices_credit_within_paid');
    // …nor can its payment stop being paid, or pay less, under its credit notes.
    expect(
      await constraintBroken(
        t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, paymentId)),
      ),
    ).toBe('payments_credit_within_paid');
    expect(
      await constraintBroken(t.db.update(payments).set({ amount: 100 }).where(eq(payments.id, paymentId))),
    ).toBe('payments_credit_within_paid');
  });

  it('refuses a credit note of a payment that was never paid', async () => {
    const { paymentId } = await paidAtCounter(t, callers.teller);
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
    if (!paid || !invoice) throw new Error('no payment or invoice');
    const { id: _id, createdAt: _created, updatedAt: _updated, ...values } = paid;
    const [wire] = await t.db
      .insert(payments)
      .values({ ...values, method: 'wire', status: 'pending', paidAt: null, takenByUserId: null })
      .returning({ id: payments.id });
    if (!wire) throw new Error('no wire');
    expect(await constraintBroken(creditNote(wire.id, invoice.id, 100))).toBe('invoices_credit_within_paid');
  });
});
