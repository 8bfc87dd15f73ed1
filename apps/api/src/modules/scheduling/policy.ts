import { BACK_OFFICE_TYPES, canAccess, Resource, type UserType } from '@tasreeh/shared';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/** The user types that see a calendar of sessions (spec §2: every area's `scheduling`). */
const CALENDAR_TYPES: readonly UserType[] = [
  ...BACK_OFFICE_TYPES,
  'student',
  'corporate',
  'Instructor',
  'Examiner',
];

const isBackOffice = (actor: Actor) => (BACK_OFFICE_TYPES as readonly UserType[]).includes(actor.type);
const isBooker = (actor: Actor) => actor.type === 'student' || actor.type === 'corporate';
const isSessionStaff = (actor: Actor) => actor.type === 'Instructor' || actor.type === 'Examiner';

/** The branch a scheduler works in: their own for branch staff, any for head office. */
export function branchScopeOfStaff(actor: Actor): number | undefined {
  return branchScopeOf(actor);
}

/**
 * Which sessions an actor's calendar holds: staff with read on scheduling (branch staff their
 * branch's), instructors and examiners their own, students and corporates those still to start.
 */
export function viewScopeOf(
  actor: Actor,
  now: Date,
): { scopeBranchId?: number; staffUserId?: number; openAfter?: Date } {
  if (isSessionStaff(actor)) return { staffUserId: actor.userId };
  if (isBooker(actor)) return { openAfter: now };
  if (isBackOffice(actor) && canAccess(actor.privileges, Resource.Scheduling, 'read')) {
    return { scopeBranchId: branchScopeOf(actor) };
  }
  throw forbidden();
}

interface SessionFacts {
  branchId: number;
  staffUserId: number | null;
  status: 'scheduled' | 'cancelled';
  startsAt: Date;
  capacity: number;
  seatsTaken: number;
}

/** Whether one session is on the actor's calendar (the same rule as the list). */
export function canSee(actor: Actor, session: SessionFacts, now: Date): boolean {
  if (isSessionStaff(actor)) return session.staffUserId === actor.userId;
  if (isBooker(actor)) return session.status === 'scheduled' && session.startsAt > now;
  if (!isBackOffice(actor) || !canAccess(actor.privileges, Resource.Scheduling, 'read')) return false;
  const scope = branchScopeOf(actor);
  return scope === undefined || scope === session.branchId;
}

/** A session as its abilities see it, at the time they are asked. */
interface SessionNow extends SessionFacts {
  now: Date;
}

const isLive = (session: SessionNow) => session.status === 'scheduled' && session.startsAt > session.now;

/**
 * Who may do what with sessions (spec resource 8; every area's calendar): back-office staff plan,
 * change and cancel them by their rights; students and corporates book a free seat of one still
 * ahead. Which sessions a caller sees is viewScopeOf / canSee (404 outside).
 */
export const schedulingPolicy = definePolicy({
  area: 'scheduling',
  routes: {
    /**
     * The calendar: instructors, examiners, students and corporates for the sessions that are
     * theirs to see, back-office staff with read on scheduling (8); viewScopeOf says which.
     */
    calendar: {
      types: CALENDAR_TYPES,
      owners: ['student', 'corporate', 'Instructor', 'Examiner'],
      permission: { resource: Resource.Scheduling, action: 'read' },
    },
    read: { permission: { resource: Resource.Scheduling, action: 'read' } },
    create: { permission: { resource: Resource.Scheduling, action: 'create' } },
    edit: { permission: { resource: Resource.Scheduling, action: 'edit' } },
    delete: { permission: { resource: Resource.Scheduling, action: 'delete' } },
  },
  rules: {
    /** Adding sessions: create_8 (the calendar's add button shows for it). */
    create: holds(Resource.Scheduling, 'create'),
    /** The commands' rights: edit_8 changes a session it sees, delete_8 cancels one. */
    update: holds(Resource.Scheduling, 'edit'),
    delete: holds(Resource.Scheduling, 'delete'),
    /** The abilities a session carries: edit and cancel one still ahead (back-office rights), book a free seat of it. */
    edit: (actor: Actor, session: SessionNow) =>
      isLive(session) && isBackOffice(actor) && canAccess(actor.privileges, Resource.Scheduling, 'edit'),
    cancel: (actor: Actor, session: SessionNow) =>
      isLive(session) && isBackOffice(actor) && canAccess(actor.privileges, Resource.Scheduling, 'delete'),
    book: (actor: Actor, session: SessionNow) =>
      isLive(session) && isBooker(actor) && session.seatsTaken < session.capacity,
  },
});

/** What the actor may do with a session it sees: edit and cancel (staff rights), book (a free seat ahead). */
export function abilitiesOf(actor: Actor, session: SessionFacts, now: Date) {
  return schedulingPolicy.abilities(actor, { ...session, now }, ['edit', 'cancel', 'book']);
}
