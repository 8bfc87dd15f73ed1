import { type BookingChannel, CHANGEABLE_STATUSES, canAccess, Resource } from '@tasreeh/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
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
 * sessions). Whether the actor books at all is the policy's (assertMayBook, the command's authorize).
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
  if (studentId === undefined) throw studentRequired();
  return { channel: 'counter', studentId, corporateId: null, sessionBranchId: branchScopeOf(actor) };
}

/**
 * Who books at all, whatever the form says (the route's guard, before the form is read): a
 * student, a corporate, or a teller with create on bookings; other staff hear the spec's "only a
 * teller may add a booking".
 */
export function assertMayBook(actor: Actor): void {
  bookingsPolicy.assert(actor, 'bookAsBooker', undefined);
  bookingsPolicy.assert(actor, 'create', undefined);
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
function mayChangeBooking(actor: Actor, booking: ChangeableBooking): boolean {
  if (actor.type === 'student') return actor.studentId !== null && actor.studentId === booking.studentId;
  if (actor.type === 'corporate')
    return actor.corporateId !== null && actor.corporateId === booking.corporateId;
  if (!canAccess(actor.privileges, Resource.Bookings, 'edit')) return false;
  const branchId = branchScopeOf(actor);
  return branchId === undefined || branchId === booking.branchId;
}

/** A booking as its cancel and move rules see it: whose, where, in which status, when its session starts. */
interface LiveBooking extends ChangeableBooking {
  status: string;
  startsAt: Date;
}

/** Cancelling or moving: the caller may change it, it is held or booked, and its session is still ahead. */
function mayChangeLive(actor: Actor, booking: LiveBooking): boolean {
  return (
    (CHANGEABLE_STATUSES as readonly string[]).includes(booking.status) &&
    booking.startsAt.getTime() > Date.now() &&
    mayChangeBooking(actor, booking)
  );
}

const isBooker = (actor: Actor) => actor.type === 'student' || actor.type === 'corporate';

/**
 * Who may do what with bookings (spec resource 9; student and corporate `booking`): a student its
 * own, a corporate its students', a teller at the counter, staff with read_9 (edit_9) their
 * branch's. A booking the caller may not change is not found (404), as if it did not exist.
 */
export const bookingsPolicy = definePolicy({
  area: 'bookings',
  routes: {
    /** The booking lists: a student's or corporate's own, else read on bookings (9). */
    read: { owners: ['student', 'corporate'], permission: { resource: Resource.Bookings, action: 'read' } },
    /** Cancelling and moving: a student or a corporate (its own), or staff with edit on bookings; `change` then decides on the row. */
    change: { owners: ['student', 'corporate'], permission: { resource: Resource.Bookings, action: 'edit' } },
    /** Booking and a booking's details: anyone signed in; the rules (`bookAsBooker`, `create`) and the scope decide. */
    session: 'session',
    batch: { types: ['corporate'] },
  },
  rules: {
    /** Booking at all: a student, a corporate or a teller; other staff hear "only a teller may add a booking". */
    bookAsBooker: {
      allows: (actor: Actor) => isBooker(actor) || actor.type === 'Teller',
      refusal: () => new AppError('ONLY_TELLER_MAY_BOOK', { status: 403 }),
    },
    /** Adding a booking: a student, a corporate, or a teller with create on bookings. */
    create: (actor: Actor) =>
      isBooker(actor) || (actor.type === 'Teller' && holds(Resource.Bookings, 'create')(actor, undefined)),
    /** A corporate books many of its students at once. */
    batch: (actor: Actor) => actor.type === 'corporate',
    /** Changing a booking at all (see mayChangeBooking); refused as not found. */
    change: { allows: mayChangeBooking, refusal: notFound },
    cancel: mayChangeLive,
    move: mayChangeLive,
  },
});
