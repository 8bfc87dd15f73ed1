import { type BookingCancelInput, toRiyalString, translateMessage } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { bookings, walletEntries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import { mayChangeBooking } from '../bookings/policy.ts';
import { releaseSeat } from '../bookings/repo.ts';
import { issueCreditNotes } from '../invoices/issue.ts';
import * as repo from './repo.ts';
import { cancelPendingCards, type PaymentDeps, payerOfBooking } from './service.ts';

/**
 * `POST /api/bookings/:id/cancel`: before the session starts, by the booking's student, its
 * corporate or staff with edit on bookings (their branch's). The seat is freed in the same
 * transaction; what was paid becomes a credit in the payer's balance and a credit note for each
 * invoice (a refund to the card comes with the finance issue).
 */
export function cancelBooking(deps: PaymentDeps) {
  return command({
    name: 'booking.cancel',
    entity: 'bookings',
    idempotency: 'required',
    load: async (ctx, { id }: { id: number; input: BookingCancelInput }) => {
      const booking = await repo.findBooking(ctx.db, id, true);
      if (!booking || !mayChangeBooking(actorOf(ctx), booking)) throw notFound();
      return booking;
    },
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
      if (booking.amountPaid <= 0) {
        return {
          id,
          status: 'Cancelled' as const,
          refund: { kind: 'none' as const, amount: 0 },
          creditNoteId: null,
          message: translateMessage('BOOKING_CANCELLED', ctx.lang),
        };
      }
      const payer = payerOfBooking(booking);
      await ctx.db.insert(walletEntries).values({
        studentId: payer.studentId,
        corporateId: payer.corporateId,
        kind: 'credit',
        amount: booking.amountPaid,
        bookingId: id,
        note: `booking ${booking.number} cancelled`,
        createdByUserId: actorOf(ctx).userId,
      });
      const creditNoteId = await issueCreditNotes(ctx.db, deps.config.seller, id);
      return {
        id,
        status: 'Cancelled' as const,
        refund: { kind: 'balance' as const, amount: booking.amountPaid },
        creditNoteId,
        message: translateMessage('BOOKING_CANCELLED_CREDITED', ctx.lang, {
          amount: toRiyalString(booking.amountPaid),
        }),
      };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.status, amountPaid: before.amountPaid },
      after: { status: 'Cancelled', refund: result.refund },
    }),
  });
}
