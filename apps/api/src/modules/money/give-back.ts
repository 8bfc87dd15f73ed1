import { centreDay, type InvoiceLine, type LedgerRole, type RefundPayout } from '@tasreeh/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoices, payments, walletEntries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { postJournal } from '../../lib/journal.ts';
import { requireOpenDay } from '../daily-closings/index.ts';
import { lockPayer } from './balance.ts';
import { issueDocument } from './issue.ts';
import {
  givenBackOf,
  lockPayment,
  type Parts,
  type PaymentRow,
  payerOf,
  refuseAdvanceIntoBalance,
  refuseBeyond,
  remainingOf,
} from './remaining.ts';

/** Why money goes back: what the credit note, the wallet entry and the journal say. */
export type Reversal =
  | { kind: 'booking_cancel'; bookingId: number; bookingNumber: string }
  | { kind: 'refund_request'; requestId: number; payout: RefundPayout };

export interface GiveBackInput {
  paymentId: number;
  /** Halalas; `rest` = all that is left (a cancellation credits what earlier refunds left). */
  amount: number | 'rest';
  reversal: Reversal;
  byUserId: number | null;
  /** One moment for the closed-day check, the journal's day and the caller's decision. */
  now: Date;
}

export interface GivenBack {
  /** Halalas given back now (0: nothing was left of a `rest`). */
  amount: number;
  /** What earlier credit notes had given back of the payment. */
  givenBackBefore: number;
  creditNoteId: number | null;
  /** A card refund for the payout queue to send after the commit. */
  cardPayout: boolean;
}

/** Where a refund paid out by the original method leaves from, in the journal. */
const METHOD_ACCOUNT: Record<'cash' | 'pos' | 'card' | 'wire', LedgerRole> = {
  cash: 'cash',
  pos: 'card_clearing',
  card: 'card_clearing',
  wire: 'refunds_payable',
};

/**
 * `amount` split like what is left of the invoice's parts (exactly that when it is all of it):
 * the three add up to `amount`, and none takes its part past what the invoice holds.
 */
function partsOf(amount: number, left: Parts): Parts {
  if (amount === left.total) return left;
  const ratio = amount / left.total;
  let vat = Math.min(left.vat, Math.round(left.vat * ratio));
  let amanaFee = Math.min(left.amanaFee, Math.round(left.amanaFee * ratio), amount - vat);
  // A rounding that would credit more of the price than is left of it goes to the other parts.
  let excess = Math.max(0, amount - vat - amanaFee - left.subtotal);
  const moreVat = Math.min(excess, left.vat - vat);
  vat += moreVat;
  excess -= moreVat;
  amanaFee += excess;
  return { subtotal: amount - vat - amanaFee, amanaFee, vat, total: amount };
}

function lineOf(reversal: Reversal, invoiceNumber: string, parts: Parts): InvoiceLine {
  const [descriptionEn, descriptionAr] =
    reversal.kind === 'refund_request'
      ? [`Refund of invoice ${invoiceNumber}`, `استرداد الفاتورة ${invoiceNumber}`]
      : [
          `Booking ${reversal.bookingNumber} cancelled: the rest of invoice ${invoiceNumber}`,
          `إلغاء الحجز ${reversal.bookingNumber}: المتبقي من الفاتورة ${invoiceNumber}`,
        ];
  return { descriptionEn, descriptionAr, quantity: 1, ...parts };
}

/**
 * The pay-back: into the payer's balance (a wallet entry), or out by the payment's own method (the
 * journal); an advance's money leaves the balance it was in (a wallet entry taking it out).
 */
async function payBack(
  db: Db,
  payment: PaymentRow,
  input: GiveBackInput,
  amount: number,
  intoBalance: boolean,
) {
  const { reversal } = input;
  if (intoBalance || payment.purpose === 'advance') {
    const cancel = reversal.kind === 'booking_cancel';
    await db.insert(walletEntries).values({
      ...payerOf(payment),
      kind: cancel ? 'credit' : 'refund',
      amount: intoBalance ? amount : -amount,
      paymentId: payment.id,
      bookingId: cancel ? reversal.bookingId : null,
      note: cancel ? `booking ${reversal.bookingNumber} cancelled` : `refund request ${reversal.requestId}`,
      createdByUserId: input.byUserId,
    });
  }
  if (intoBalance || reversal.kind !== 'refund_request') return;
  const method = payment.method as keyof typeof METHOD_ACCOUNT;
  await postJournal(db, {
    day: centreDay(input.now),
    source: 'refund',
    sourceId: reversal.requestId,
    branchId: payment.branchId,
    memo: `refund request ${reversal.requestId} paid back by ${method}`,
    lines: [
      { role: 'customer_balances', debit: amount },
      { role: METHOD_ACCOUNT[method], credit: amount },
    ],
  });
}

/**
 * The one settlement step: every way money goes back of a paid payment (a booking's cancellation,
 * a refund request's approval by any payout, any reversal to come) calls it, inside its
 * transaction. Under the payment's row lock it reads what is left (paid − every credit note already
 * issued on it; for an advance, at most what the payer's balance still holds, under the payer's
 * lock) and refuses more (409 `NOTHING_LEFT_TO_REFUND` / `REFUND_EXCEEDS_REMAINING` /
 * `REFUND_ADVANCE_SPENT`; a `rest` with nothing left gives back nothing); then issues the credit
 * note (the invoice's parts in proportion, what is left of each for the rest; its journal entry
 * into the payer's balance, none for an advance, whose money is there already) and pays back: into
 * the balance (never an advance's: 409 `REFUND_ADVANCE_INTO_BALANCE`), or out by the original
 * method — an advance out of the balance too; cash and POS from today's till, refused when its
 * branch has closed today; a card only marked for the payout queue. The database refuses a credit
 * note above what is left as well (migration 0028).
 */
export async function giveBack(db: Db, seller: Config['seller'], input: GiveBackInput): Promise<GivenBack> {
  const payment = await lockPayment(db, input.paymentId);
  if (!payment) throw notFound();
  // One lock order for every reversal: payment → payer → the credit-note counter. The payer's row
  // is locked before the counter even where only the wallet entry's foreign key would touch it
  // (its key-share lock), or an advance refund and a cancel of the same payer deadlock.
  await lockPayer(db, payerOf(payment));
  const { reversal } = input;
  if (reversal.kind === 'refund_request') refuseAdvanceIntoBalance(payment, reversal.payout);
  const given = await givenBackOf(db, payment.id);
  const remaining = await remainingOf(db, payment, given);
  const { left } = remaining;
  const nothing = { amount: 0, givenBackBefore: given.total, creditNoteId: null, cardPayout: false };
  if (input.amount === 'rest' && left === 0) return nothing;
  const amount = input.amount === 'rest' ? left : input.amount;
  refuseBeyond(left, amount, remaining.spent);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')));
  if (!invoice) throw new AppError('REFUND_NOT_INVOICED', { status: 409 });
  const intoBalance =
    reversal.kind === 'booking_cancel' || reversal.payout === 'balance' || payment.method === 'balance';
  if (!intoBalance && (payment.method === 'cash' || payment.method === 'pos') && payment.branchId !== null) {
    await requireOpenDay(db, payment.branchId, centreDay(input.now), 'REFUND_DAY_CLOSED');
  }
  const whole = reversal.kind === 'booking_cancel' && given.total === 0 && amount === invoice.total;
  const parts = partsOf(amount, {
    subtotal: invoice.subtotal - given.subtotal,
    amanaFee: invoice.amanaFee - given.amanaFee,
    vat: invoice.vat - given.vat,
    total: invoice.total - given.total,
  });
  const note = await issueDocument(db, seller, {
    kind: 'credit_note',
    paymentId: payment.id,
    invoiceId: invoice.id,
    buyerName: invoice.buyerName,
    // A cancellation of all of an invoice credits its own lines.
    lines: whole ? (invoice.lines as InvoiceLine[]) : [lineOf(reversal, invoice.number, parts)],
    ...parts,
  });
  await payBack(db, payment, input, amount, intoBalance);
  return {
    amount,
    givenBackBefore: given.total,
    creditNoteId: note.id,
    cardPayout: !intoBalance && payment.method === 'card',
  };
}

/**
 * A booking's cancellation through the settlement step: each of its paid payments, in id order
 * (one lock order), gives back what is left of it into the payer's balance. Returns what was
 * credited, what earlier refunds had given back, and the first credit note.
 */
export async function giveBackBooking(
  db: Db,
  seller: Config['seller'],
  cancel: { bookingId: number; bookingNumber: string; byUserId: number | null; now: Date },
): Promise<Omit<GivenBack, 'cardPayout'>> {
  const paid = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, cancel.bookingId), eq(payments.status, 'paid')))
    .orderBy(asc(payments.id));
  const total = { amount: 0, givenBackBefore: 0, creditNoteId: null as number | null };
  for (const { id } of paid) {
    const given = await giveBack(db, seller, {
      paymentId: id,
      amount: 'rest',
      reversal: { kind: 'booking_cancel', bookingId: cancel.bookingId, bookingNumber: cancel.bookingNumber },
      byUserId: cancel.byUserId,
      now: cancel.now,
    });
    total.amount += given.amount;
    total.givenBackBefore += given.givenBackBefore;
    total.creditNoteId ??= given.creditNoteId;
  }
  return total;
}
