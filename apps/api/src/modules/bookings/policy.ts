import { type BookingChannel, canAccess, Resource } from '@tasreeh/shared';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import type { Access } from '../../plugins/access.ts';
import type { BookingScope } from './repo.ts';

/** Who a booking is made by and for: the channel, the student, the paying corporate, the branch the session must be in. */
export interface Booker {
  channel: BookingChannel;
  studentId: number;
  corporateId: number | null;
  sessionBranchId: number | undefined;
}

/**
 * Decides who may book a seat for whom: a student for itself (no `studentId`), a corporate for
 * one of its students, a teller at the counter for a student of its choice (in its branch's
 * sessions). Any other staff type is refused with the spec's "only a teller may add a booking".
 */
export function bookerOf(actor: Actor, studentId: number | undefined): Booker {
  assertMayBook(actor);
  if (actor.type === 'student') {
    if (studentId !== undefined || actor.studentId === null) {
      throw new AppError('INVALID_VALUE', { status: 400, fields: { studentId: 'INVALID_VALUE' } });
    }
    return { channel: 'student', studentId: actor.studentId, corporateId: null, sessionBranchId: undefined };
  }
  if (actor.type === 'corporate') {
    if (studentId === undefined) throw studentRequired();
    return { channel: 'corporate', studentId, corporateId: actor.corporateId, sessionBranchId: undefined };
  }
  if (studentId === undefined) throw studentRequired();
  return { channel: 'counter', studentId, corporateId: null, sessionBranchId: branchScopeOf(actor) };
}

/**
 * Who books at all, whatever the form says (the route's guard, before the form is read): a
 * student, a corporate, or a teller with create on bookings; other staff hear the spec's "only a
 * teller may add a booking".
 */
export function assertMayBook(actor: Actor): void {
  if (actor.type === 'student' || actor.type === 'corporate') return;
  if (actor.type !== 'Teller') throw new AppError('ONLY_TELLER_MAY_BOOK', { status: 403 });
  if (!canAccess(actor.privileges, Resource.Bookings, 'create')) throw forbidden();
}

function studentRequired(): AppError {
  return new AppError('SELECT_STUDENT', { status: 400, fields: { studentId: 'SELECT_STUDENT' } });
}

/**
 * Which bookings an actor sees: a student its own, a corporate those it made or of its students,
 * staff with read on bookings (resource 9) every booking of their branch's sessions (all for
 * head office); anyone else none (403).
 */
export function bookingScopeOf(actor: Actor): BookingScope {
  if (actor.type === 'student') return { studentId: actor.studentId ?? -1 };
  if (actor.type === 'corporate') return { corporateId: actor.corporateId ?? -1 };
  if (!canAccess(actor.privileges, Resource.Bookings, 'read')) throw forbidden();
  return { branchId: branchScopeOf(actor) };
}

/** The route-level rule of the booking lists: a student's or corporate's own, else read on bookings (9). */
export const BOOKING_READERS = {
  owners: ['student', 'corporate'],
  permission: { resource: Resource.Bookings, action: 'read' },
} as const satisfies Access;

/**
 * The route-level rule of cancelling and moving a booking: a student or a corporate (for its own
 * bookings), or staff with edit on bookings; `mayChangeBooking` then decides on the row.
 */
export const BOOKING_CHANGERS = {
  owners: ['student', 'corporate'],
  permission: { resource: Resource.Bookings, action: 'edit' },
} as const satisfies Access;

/** What decides who may change a booking: whose it is, who pays for it, its session's branch. */
interface ChangeableBooking {
  studentId: number;
  corporateId: number | null;
  branchId: number;
}

/**
 * Who may cancel or move a booking: its student, the corporate that booked and pays for it, or
 * staff with edit on bookings (resource 9) of its session's branch (any branch for head office).
 */
export function mayChangeBooking(actor: Actor, booking: ChangeableBooking): boolean {
  if (actor.type === 'student') return actor.studentId !== null && actor.studentId === booking.studentId;
  if (actor.type === 'corporate')
    return actor.corporateId !== null && actor.corporateId === booking.corporateId;
  if (!canAccess(actor.privileges, Resource.Bookings, 'edit')) return false;
  const branchId = branchScopeOf(actor);
  return branchId === undefined || branchId === booking.branchId;
}
