import { type PaymentCreated, type PaymentInput, translateMessage } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments, walletEntries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { findPayableBooking, type PayableBooking } from '../bookings/index.ts';
import { lockedBalanceOf } from '../money/index.ts';
import { buyProduct, startCard } from './card.ts';
import { paymentsPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { bookingLine, conflict, isPayer, type PaymentDeps, payerOfBooking, settlePaid } from './settle.ts';
import { insertPendingWire } from './wire.ts';

type CreateInput = PaymentInput & { wireCopy?: ReceivedFile };
type CreateResult = PaymentCreated & { message?: string };

/** What remains to be paid of a booking, refusing one that cannot be paid now. */
function remainingOf(booking: PayableBooking, now: Date): number {
  const remaining = booking.total - booking.amountPaid;
  if (booking.status === 'Pending') throw conflict('PAYMENT_IN_PROGRESS');
  if (remaining <= 0 && (booking.status === 'Booked' || booking.status === 'Pending Payment'))
    throw conflict('BOOKING_ALREADY_PAID');
  if (booking.status === 'Pending Payment') {
    if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime())
      throw conflict('BOOKING_HOLD_EXPIRED');
    return remaining;
  }
  // A corporate's partial or deferred remainder.
  if (booking.status === 'Booked' && booking.corporateId !== null) return remaining;
  throw conflict('BOOKING_NOT_PAYABLE');
}

/** The parts (before VAT, Amana, VAT) of an amount of a booking: the exact rest for the last payment. */
async function partsOf(db: Db, booking: PayableBooking, amount: number, remaining: number) {
  if (amount === remaining) {
    const paid = await repo.paidPartsOf(db, booking.id);
    return {
      subtotal: booking.originalFee - paid.subtotal,
      amanaFee: booking.amanaFee - paid.amanaFee,
      vat: booking.vat - paid.vat,
    };
  }
  const vat = Math.round((amount * booking.vat) / booking.total);
  const amanaFee = Math.round((amount * booking.amanaFee) / booking.total);
  return { subtotal: amount - vat - amanaFee, amanaFee, vat };
}

/**
 * `POST /api/payments` (issue 11 contract). One transaction under the booking's row lock (or,
 * for a product, none needed): cash/POS by a teller and balance are paid at once with their
 * invoice; a wire waits for finance (booking `Pending`); a card payment is created at the
 * gateway and the payer sent to its hosted page.
 */
export function createPayment(deps: PaymentDeps) {
  return command({
    name: 'payment.create',
    entity: 'payments',
    idempotency: 'required',
    load: async (ctx, input: CreateInput) =>
      input.bookingId !== undefined ? findPayableBooking(ctx.db, input.bookingId, true) : undefined,
    // A product's buyer is checked by `buyProduct`; a booking is paid by its payer or a teller of
    // its branch (else not found), cash and POS by the teller, the other methods by the payer.
    authorize: paymentsPolicy.authorizeBy(
      'payFor',
      (ctx, input: CreateInput, booking: PayableBooking | undefined) => {
        if (input.productId !== undefined) return;
        if (!booking) throw notFound();
        const actor = actorOf(ctx);
        const payer = payerOfBooking(booking);
        paymentsPolicy.assert(actor, 'payFor', { payer, branchId: booking.branchId });
        const counter = input.method === 'cash' || input.method === 'pos';
        paymentsPolicy.assert(actor, counter ? 'takeAtCounter' : 'payOwn', { payer });
      },
    ),
    run: async (ctx, input, booking): Promise<CreateResult> => {
      const actor = actorOf(ctx);
      if (input.productId !== undefined) return buyProduct(ctx, deps, actor, input);
      if (!booking) throw notFound();
      const counter = input.method === 'cash' || input.method === 'pos';
      const payer = payerOfBooking(booking);
      const remaining = remainingOf(booking, new Date());
      let amount = remaining;
      if (input.amount !== undefined) {
        const partialAllowed = booking.corporateId !== null && booking.paymentType === 'partial';
        if (input.amount > remaining || (!partialAllowed && input.amount !== remaining)) {
          throw new AppError('PAYMENT_AMOUNT_INVALID', {
            status: 400,
            fields: { amount: 'PAYMENT_AMOUNT_INVALID' },
          });
        }
        amount = input.amount;
      }
      if (amount <= 0) throw conflict('BOOKING_NOT_PAYABLE');
      const parts = await partsOf(ctx.db, booking, amount, remaining);
      const line = bookingLine(booking, parts);
      const base = {
        purpose: 'booking' as const,
        bookingId: booking.id,
        payerStudentId: payer.studentId,
        payerCorporateId: payer.corporateId,
        method: input.method,
        amount,
        ...parts,
        currency: 'SAR',
        branchId: booking.branchId,
      };
      const lang = isPayer(actor, payer) ? ctx.lang : null;

      if (counter || input.method === 'balance') {
        if (input.method === 'balance') {
          const balance = await lockedBalanceOf(ctx.db, payer);
          if (balance < amount) throw conflict('BALANCE_INSUFFICIENT');
        }
        const [payment] = await ctx.db
          .insert(payments)
          .values({
            ...base,
            status: 'paid',
            posReference: input.method === 'pos' ? (input.posReference ?? null) : null,
            takenByUserId: counter ? actor.userId : null,
            paidAt: new Date(),
          })
          .returning();
        if (!payment) throw new Error('payment not inserted');
        if (input.method === 'balance') {
          await ctx.db.insert(walletEntries).values({
            studentId: payer.studentId,
            corporateId: payer.corporateId,
            kind: 'payment',
            amount: -amount,
            paymentId: payment.id,
            bookingId: booking.id,
            createdByUserId: actor.userId,
          });
        }
        const { invoiceId } = await settlePaid(ctx, deps, payment, [line], lang);
        return {
          id: payment.id,
          status: 'paid',
          invoiceId,
          redirectUrl: null,
          message: translateMessage('PAYMENT_SUCCEEDED', ctx.lang),
        };
      }

      if (input.method === 'wire') {
        const payment = await insertPendingWire(ctx, base, input, actor.userId);
        await ctx.db
          .update(bookings)
          .set({ status: 'Pending', holdExpiresAt: null, updatedAt: new Date() })
          .where(eq(bookings.id, booking.id));
        return {
          id: payment.id,
          status: 'pending',
          invoiceId: null,
          redirectUrl: null,
          message: translateMessage('PAYMENT_WIRE_PENDING', ctx.lang),
        };
      }

      // Card: an earlier attempt the payer walked away from gives way to this one.
      await ctx.db
        .update(payments)
        .set({ status: 'cancelled', failureReason: 'replaced by a new attempt', updatedAt: new Date() })
        .where(
          and(
            eq(payments.bookingId, booking.id),
            eq(payments.status, 'pending'),
            eq(payments.method, 'card'),
          ),
        );
      return startCard(ctx, deps, base, `${booking.courseNameEn} ${booking.number}`);
    },
    audit: ({ input, result }) => ({
      entityId: result.id,
      after: { ...input, wireCopy: input.wireCopy ? '(file)' : undefined, status: result.status },
    }),
  });
}
