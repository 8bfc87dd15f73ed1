import {
  type InvoiceLine,
  type Language,
  type MessageCode,
  toRiyalString,
  translateMessage,
} from '@tasreeh/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CommandCtx } from '../../lib/command.ts';
import type { Actor } from '../../lib/context.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';
import type { PayableBooking } from '../bookings/index.ts';
import { postPayment } from '../ledger/index.ts';
import type { CardGateway } from '../money/index.ts';
import { issueDocument, type Payer, settleAdvance } from '../money/index.ts';
import * as repo from './repo.ts';

/** What the payment services need beyond the request: the gateway and the configuration. */
export interface PaymentDeps {
  gateway: CardGateway;
  config: Config;
}

export const conflict = (code: MessageCode) => new AppError(code, { status: 409 });

/** The payer of a booking: its corporate when a corporate booked it, else its student. */
export function payerOfBooking(booking: { studentId: number; corporateId: number | null }): Payer {
  return booking.corporateId !== null
    ? { studentId: null, corporateId: booking.corporateId }
    : { studentId: booking.studentId, corporateId: null };
}

/** Whether the caller is this payer (a student or a corporate account). */
export function isPayer(actor: Actor | undefined, payer: Payer): boolean {
  if (!actor) return false;
  if (actor.type === 'student') return payer.studentId !== null && actor.studentId === payer.studentId;
  if (actor.type === 'corporate')
    return payer.corporateId !== null && actor.corporateId === payer.corporateId;
  return false;
}

/** A teller of this branch (or of no one branch). */
export function isTellerOf(actor: Actor | undefined, branchId: number | null): boolean {
  return actor?.type === 'Teller' && (actor.branchId === null || actor.branchId === branchId);
}

/** The invoice line of (a part of) a booking. */
export function bookingLine(
  booking: Pick<PayableBooking, 'number' | 'courseNameEn' | 'courseNameAr'>,
  parts: { subtotal: number; amanaFee: number; vat: number },
): InvoiceLine {
  return {
    descriptionEn: `${booking.courseNameEn} — booking ${booking.number}`,
    descriptionAr: `${booking.courseNameAr} — حجز ${booking.number}`,
    quantity: 1,
    subtotal: parts.subtotal,
    amanaFee: parts.amanaFee,
    vat: parts.vat,
    total: parts.subtotal + parts.amanaFee + parts.vat,
  };
}

/** Where the web shows a payment's result to its payer. */
export function resultPathOf(payment: repo.PaymentRow): string {
  const area = payment.payerCorporateId !== null ? 'corporate' : 'student';
  if (payment.purpose === 'product') return `/product-payment/${payment.productId}`;
  if (payment.purpose === 'advance') return `/${area}/payments`;
  return `/${area}/payments/check-out/${payment.bookingId}`;
}

/**
 * A payment is paid: the booking's amount and status move (for a booking), the invoice is issued
 * with the next number, the journal posts it, and the receipt is queued to the payer — all in
 * the caller's transaction.
 * `lang` is the payer's language when known (the payer's own request), else both languages go.
 */
export async function settlePaid(
  ctx: CommandCtx,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  bookingOrProductLines: InvoiceLine[],
  lang: Language | null,
): Promise<{ invoiceId: number }> {
  // An advance (issue 13, F5): credited to the payer's balance and posted; its document has one line.
  const lines =
    payment.purpose === 'advance'
      ? await settleAdvance(ctx.db, payment, ctx.actor?.userId ?? null)
      : bookingOrProductLines;
  const payer: Payer = { studentId: payment.payerStudentId, corporateId: payment.payerCorporateId };
  let bookingNumber: string | null = null;
  let booked = false;
  if (payment.bookingId !== null) {
    const [updated] = await ctx.db
      .update(bookings)
      .set({
        amountPaid: sql`${bookings.amountPaid} + ${payment.amount}`,
        status: sql`case when ${bookings.amountPaid} + ${payment.amount} >= ${bookings.total} or (${bookings.corporateId} is not null and ${bookings.paymentType} = 'partial') then 'Booked' else ${bookings.status} end`,
        holdExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, payment.bookingId))
      .returning({ number: bookings.number, status: bookings.status });
    bookingNumber = updated?.number ?? null;
    booked = updated?.status === 'Booked';
  }
  const contact = await repo.payerContact(ctx.db, payer);
  const invoice = await issueDocument(ctx.db, deps.config.seller, {
    kind: 'invoice',
    paymentId: payment.id,
    buyerName: contact?.nameEn ?? '',
    lines,
    subtotal: payment.subtotal,
    amanaFee: payment.amanaFee,
    vat: payment.vat,
    total: payment.amount,
  });
  await postPayment(ctx.db, payment);
  if (contact) {
    const area = payer.corporateId !== null ? 'corporate' : 'student';
    const link = `${deps.config.publicUrl ?? ''}/${area}/payments?invoice=${invoice.id}`;
    const textIn = (language: Language) => {
      const what = lines
        .map((line) => (language === 'ar' ? line.descriptionAr : line.descriptionEn))
        .join('، ');
      const receipt = translateMessage('PAYMENT_RECEIPT_TEXT', language, {
        amount: toRiyalString(payment.amount),
        what,
        number: invoice.number,
        link,
      });
      const confirmed =
        booked && bookingNumber
          ? `\n${translateMessage('BOOKING_CONFIRMED_TEXT', language, { booking: bookingNumber })}`
          : '';
      return `${receipt}${confirmed}`;
    };
    const body = lang ? textIn(lang) : `${textIn('ar')}\n\n${textIn('en')}`;
    const subject = lang
      ? translateMessage('PAYMENT_RECEIPT_SUBJECT', lang, { number: invoice.number })
      : `${translateMessage('PAYMENT_RECEIPT_SUBJECT', 'ar', { number: invoice.number })} | ${translateMessage('PAYMENT_RECEIPT_SUBJECT', 'en', { number: invoice.number })}`;
    if (contact.phone) await enqueueMessage(ctx, { channel: 'sms', recipient: contact.phone, body });
    await enqueueMessage(ctx, { channel: 'email', recipient: contact.email, subject, body });
  }
  return { invoiceId: invoice.id };
}
