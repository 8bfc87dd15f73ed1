import { type BookingMoveInput, CHANGEABLE_STATUSES } from '@tasreeh/shared';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { command } from '../../../lib/command.ts';
import { type Actor, actorOf } from '../../../lib/context.ts';
import { branchScopeOf } from '../../../lib/scope.ts';
import { bookingsPolicy } from '../policy.ts';
import { releaseSeat } from '../repo.ts';
import { duplicateOf, takeSeats } from '../service.ts';
import * as repo from './repo.ts';

/** The branch the new session must be in: staff move within their branch; a student or corporate anywhere. */
function targetBranchOf(actor: Actor): number | undefined {
  if (actor.type === 'student' || actor.type === 'corporate') return undefined;
  return branchScopeOf(actor);
}

/**
 * Moves a booking to another session of the same course and kind, before its own session starts,
 * by whoever may cancel it. The new seat is taken by the same conditional write as a booking's
 * (a full session is SESSION_FULL, a started one SESSION_NOT_BOOKABLE), the old one given back,
 * in one transaction; the price, payments and invoices stay with the booking.
 */
type MovableBooking = NonNullable<Awaited<ReturnType<typeof repo.lockBooking>>>;

export const moveBooking = command({
  name: 'booking.move',
  entity: 'bookings',
  idempotency: 'required',
  load: async (ctx, { id }: { id: number; input: BookingMoveInput }) => {
    const booking = await repo.lockBooking(ctx.db, id);
    if (!booking) throw notFound();
    return booking;
  },
  // One the caller may not change is not found, as if it did not exist (the status rules are the 409s below).
  authorize: bookingsPolicy.authorize('change', (booking: MovableBooking) => booking),
  run: async (ctx, { id, input }, booking) => {
    if (booking.status === 'Pending') throw new AppError('PAYMENT_IN_PROGRESS', { status: 409 });
    if (!(CHANGEABLE_STATUSES as readonly string[]).includes(booking.status)) {
      throw new AppError('BOOKING_NOT_MOVABLE', { status: 409 });
    }
    if (booking.startsAt.getTime() <= Date.now())
      throw new AppError('BOOKING_MOVE_TOO_LATE', { status: 409 });
    if (input.sessionId === booking.sessionId) throw new AppError('MOVE_TO_SAME_SESSION', { status: 409 });
    const target = await repo.findSessionCourse(ctx.db, input.sessionId);
    if (!target) throw notFound();
    // An exam booking moves only to a session of the same form: a retake is priced by its form.
    if (
      target.courseId !== booking.courseId ||
      target.kind !== booking.kind ||
      target.examType !== booking.examType
    ) {
      throw new AppError('MOVE_TO_OTHER_COURSE', { status: 409 });
    }
    await takeSeats(ctx, input.sessionId, 1, targetBranchOf(actorOf(ctx)));
    await releaseSeat(ctx.db, booking.sessionId);
    await repo.setSession(ctx.db, id, input.sessionId);
    return { id, sessionId: input.sessionId, fromSessionId: booking.sessionId };
  },
  audit: ({ before, result }) => ({
    entityId: result.id,
    before: { sessionId: before.sessionId },
    after: { sessionId: result.sessionId },
  }),
  duplicate: duplicateOf,
  message: 'BOOKING_MOVED',
});
