import { type BookingCancelInput, type Language, toRiyalString, translateMessage } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import { cancelPendingCards, giveBackBooking } from '../money/index.ts';
import { findPayableBooking, type PayableBooking } from './payable.ts';
import { bookingsPolicy } from './policy.ts';
import { releaseSeat } from './repo.ts';

/** What the cancellation says it did with the money: credited all, the rest after refunds, nothing left, or nothing paid. */
function cancelledMessage(given: { amount: number; givenBackBefore: number }, lang: Language): string {
  const amount = toRiyalString(given.amount);
  const givenBack = toRiyalString(given.givenBackBefore);
  if (given.amount > 0 && given.givenBackBefore > 0)
    return translateMessage('BOOKING_CANCELLED_CREDITED_REST', lang, { amount, givenBack });
  if (given.amount > 0) return translateMessage('BOOKING_CANCELLED_CREDITED', lang, { amount });
  if (given.givenBackBefore > 0) return translateMessage('BOOKING_CANCELLED_NOTHING_LEFT', lang);
  return translateMessage('BOOKING_CANCELLED', lang);
}

/**
 * `POST /api/bookings/:id/cancel`: before the session starts, by the booking's student, its
 * corporate or staff with edit on bookings (their branch's). The seat is freed in the same
 * transaction; what is left to give back of each paid payment (paid − what refunds already gave
 * back) becomes a credit in the payer's balance with its credit note, through the settlement step
 * (booking → payment locks; nothing left credits nothing).
 */
export function cancelBooking(seller: Config['seller']) {
  return command({
    name: 'booking.cancel',
    entity: 'bookings',
    idempotency: 'required',
    load: async (ctx, { id }: { id: number; input: BookingCancelInput }) => {
      const booking = await findPayableBooking(ctx.db, id, true);
      if (!booking) throw notFound();
      return booking;
    },
    // One the caller may not change is not found, as if it did not exist (the status rules are the 409s below).
    authorize: bookingsPolicy.authorize('change', (booking: PayableBooking) => booking),
    run: async (ctx, { id, input }, booking) => {
      if (booking.status === 'Pending') throw new AppError('PAYMENT_IN_PROGRESS', { status: 409 });
      if (booking.status !== 'Pending Payment' && booking.status !== 'Booked')
        throw new AppError('BOOKING_NOT_CANCELLABLE', { status: 409 });
      if (booking.startsAt.getTime() <= Date.now())
        throw new AppError('BOOKING_CANCEL_TOO_LATE', { status: 409 });
      await cancelPendingCards(ctx.db, id);
      await ctx.db
        .update(bookings)
        .set({
          status: 'Cancelled',
          cancelledAt: new Date(),
          cancelReason: input.reason || null,
          holdExpiresAt: null,
          updatedAt: new Date(),
        })
        .where(eq(bookings.id, id));
      await releaseSeat(ctx.db, booking.sessionId);
      const given = await giveBackBooking(ctx.db, seller, {
        bookingId: id,
        bookingNumber: booking.number,
        byUserId: actorOf(ctx).userId,
        now: new Date(),
      });
      return {
        id,
        status: 'Cancelled' as const,
        refund: {
          kind: given.amount > 0 ? ('balance' as const) : ('none' as const),
          amount: given.amount,
          givenBackBefore: given.givenBackBefore,
        },
        creditNoteId: given.creditNoteId,
        message: cancelledMessage(given, ctx.lang),
      };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.status, amountPaid: before.amountPaid },
      after: { status: 'Cancelled', refund: result.refund },
    }),
  });
}
