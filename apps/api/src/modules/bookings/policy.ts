import { type BookingChannel, canAccess, Resource } from '@tasreeh/shared';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
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
  if (actor.type !== 'Teller') throw new AppError('ONLY_TELLER_MAY_BOOK', { status: 403 });
  if (!canAccess(actor.privileges, Resource.Bookings, 'create')) throw forbidden();
  if (studentId === undefined) throw studentRequired();
  return { channel: 'counter', studentId, corporateId: null, sessionBranchId: branchScopeOf(actor) };
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
