import { type RefundPayout, toRiyalString } from '@tasreeh/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, payments, refundRequests } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceOf, type Payer } from './balance.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Halalas of a document by part: before VAT, the Amanah's share, VAT, and their total. */
export interface Parts {
  subtotal: number;
  amanaFee: number;
  vat: number;
  total: number;
}

/** What a payment paid in our books: its amount once paid; nothing for a card or wire not confirmed. */
export const paidOf = (payment: Pick<PaymentRow, 'status' | 'amount'>): number =>
  payment.status === 'paid' ? payment.amount : 0;

/**
 * Locks a payment's row `FOR UPDATE`: every settlement of a payment runs under this lock, taken
 * after its booking's and before its refund requests' and its payer's (booking → payment → request → payer).
 */
export async function lockPayment(db: Db, id: number): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return payment;
}

/** What has been given back of a payment so far, by part: the sum of its credit notes. */
export async function givenBackOf(db: Db, paymentId: number): Promise<Parts> {
  const [row] = await db
    .select({
      subtotal: sql<number>`coalesce(sum(${invoices.subtotal}), 0)::bigint`.mapWith(Number),
      amanaFee: sql<number>`coalesce(sum(${invoices.amanaFee}), 0)::bigint`.mapWith(Number),
      vat: sql<number>`coalesce(sum(${invoices.vat}), 0)::bigint`.mapWith(Number),
      total: sql<number>`coalesce(sum(${invoices.total}), 0)::bigint`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'credit_note')));
  return row ?? { subtotal: 0, amanaFee: 0, vat: 0, total: 0 };
}

async function pendingRequestsOf(db: Db, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refundRequests.amount}), 0)::bigint`.mapWith(Number) })
    .from(refundRequests)
    .where(and(eq(refundRequests.paymentId, paymentId), eq(refundRequests.status, 'pending')));
  return row?.total ?? 0;
}

/** The payer a payment's money goes back to: its corporate, else its student. */
export const payerOf = (payment: PaymentRow): Payer =>
  payment.payerCorporateId !== null
    ? { studentId: null, corporateId: payment.payerCorporateId }
    : { studentId: payment.payerStudentId, corporateId: null };

/**
 * For an advance, what the payer's balance still holds (halalas): its money sits there until it is
 * spent, and only what is still there can go back; read under the payer's lock (`lockPayer`, taken
 * after the payment's) so no spend of the balance slips between the check and the refund.
 * Null for any other payment.
 */
export async function heldInBalanceOf(db: Db, payment: PaymentRow): Promise<number | null> {
  if (payment.purpose !== 'advance') return null;
  return balanceOf(db, payerOf(payment));
}

/** What is left of a payment (halalas): to give back now, and to ask for in a new refund request. */
export interface Remaining {
  paid: number;
  /** Every credit note already issued on it. */
  givenBack: number;
  /** Refund requests of it awaiting approval. */
  pending: number;
  /** For an advance, what the payer's balance still holds of it; null for any other payment. */
  advanceInBalance: number | null;
  /** paid − givenBack (for an advance, at most what the balance holds): what a settlement may still give back. */
  left: number;
  /** left − pending: what a new refund request may still ask for. */
  requestable: number;
  /** Whether `left` is cut by what the balance holds of an advance (the rest was spent). */
  spent: boolean;
}

/**
 * What is left of a payment; read it under the payment's lock (`lockPayment`), and the payer's
 * (`lockPayer`), before acting on it. `given`: its credit notes, when the caller has read them.
 * One query after another: a transaction's connection runs one at a time.
 */
export async function remainingOf(db: Db, payment: PaymentRow, given?: Parts): Promise<Remaining> {
  const paid = paidOf(payment);
  const givenBack = given ?? (await givenBackOf(db, payment.id));
  const pending = await pendingRequestsOf(db, payment.id);
  const held = await heldInBalanceOf(db, payment);
  const unreturned = Math.max(0, paid - givenBack.total);
  const left = held === null ? unreturned : Math.max(0, Math.min(unreturned, held));
  return {
    paid,
    givenBack: givenBack.total,
    pending,
    advanceInBalance: held === null ? null : Math.max(0, held),
    left,
    requestable: Math.max(0, left - pending),
    spent: left < unreturned,
  };
}

/**
 * Refuses to give back (or to ask for) more than is left: for an advance whose balance no longer
 * holds it (`spent`), 409 `REFUND_ADVANCE_SPENT` with what it still holds; else 409
 * `NOTHING_LEFT_TO_REFUND` when nothing is left, or 409 `REFUND_EXCEEDS_REMAINING` with the amount
 * left (SAR); on the form's `amount` field.
 */
export function refuseBeyond(left: number, amount: number, spent = false): void {
  if (amount <= left && left > 0) return;
  const code = spent
    ? 'REFUND_ADVANCE_SPENT'
    : left <= 0
      ? 'NOTHING_LEFT_TO_REFUND'
      : 'REFUND_EXCEEDS_REMAINING';
  throw new AppError(code, {
    status: 409,
    params: code === 'NOTHING_LEFT_TO_REFUND' ? undefined : { amount: toRiyalString(left) },
    fields: { amount: code },
  });
}

/**
 * An advance is already in its payer's balance: it goes back only by its own method, out of the
 * balance (409 `REFUND_ADVANCE_INTO_BALANCE` on the form's `payout` field otherwise).
 */
export function refuseAdvanceIntoBalance(payment: PaymentRow, payout: RefundPayout): void {
  if (payment.purpose === 'advance' && payout === 'balance') {
    throw new AppError('REFUND_ADVANCE_INTO_BALANCE', {
      status: 409,
      fields: { payout: 'REFUND_ADVANCE_INTO_BALANCE' },
    });
  }
}

/** A booking's paid payments together: what they paid, what has been given back, what a cancellation would credit. */
export async function bookingRemainingOf(db: Db, bookingId: number) {
  const ofBooking = and(eq(payments.bookingId, bookingId), eq(payments.status, 'paid'));
  const [paid] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint`.mapWith(Number) })
    .from(payments)
    .where(ofBooking);
  const [credited] = await db
    .select({ total: sql<number>`coalesce(sum(${invoices.total}), 0)::bigint`.mapWith(Number) })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(and(ofBooking, eq(invoices.kind, 'credit_note')));
  const givenBack = credited?.total ?? 0;
  return { paid: paid?.total ?? 0, givenBack, left: Math.max(0, (paid?.total ?? 0) - givenBack) };
}
