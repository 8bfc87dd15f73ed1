import { BACK_OFFICE_TYPES, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import type { Sitting } from './repo.ts';

const readsStudents = holds(Resource.Students, 'read');

/**
 * Who may see a check-in photo: the candidate (their own, not logged), the examiner of the
 * session, or staff with read on students (read_3) whose branch is the session's or the
 * student's (any branch for head office). Everyone else: none (404).
 */
export function photoReaderOf(actor: Actor, sitting: Sitting): 'owner' | 'staff' | undefined {
  if (actor.type === 'student') return actor.studentId === sitting.studentId ? 'owner' : undefined;
  if (actor.type === 'Examiner') return sitting.examinerUserId === actor.userId ? 'staff' : undefined;
  if (actor.type === 'corporate' || !readsStudents(actor, undefined)) return undefined;
  const branchId = branchScopeOf(actor);
  if (
    branchId === undefined ||
    branchId === sitting.sessionBranchId ||
    branchId === sitting.studentBranchId
  ) {
    return 'staff';
  }
  return undefined;
}

/**
 * Check-in before an exam (exam/check-out): the candidate alone takes the steps of its own
 * Booked exam seat (anything else is 404: ids cannot be probed); a check-in photo is seen by the
 * candidate, the session's examiner, or staff with read_3 of the session's or student's branch.
 */
export const examCheckinsPolicy = definePolicy({
  area: 'exam-checkins',
  routes: {
    /** The candidate alone: the service then checks the booking is theirs. */
    candidate: { types: ['student'], owners: ['student'] },
    /** The service decides on the row (photoReaderOf) and logs every staff reading. */
    photoReaders: {
      types: [...BACK_OFFICE_TYPES, 'student', 'Examiner'],
      owners: ['student', 'Examiner'],
      permission: { resource: Resource.Students, action: 'read' },
    },
  },
  rules: {
    /**
     * The caller's own exam seat: a student's Booked seat in an exam session that was not
     * cancelled. Another student's booking, a training, a seat not paid: no.
     */
    checkIn: (actor, sitting: Sitting) =>
      actor.type === 'student' &&
      actor.studentId !== null &&
      sitting.studentId === actor.studentId &&
      sitting.sessionKind === 'exam' &&
      sitting.sessionStatus !== 'cancelled' &&
      sitting.status === 'Booked',
    readPhoto: (actor, sitting: Sitting) => photoReaderOf(actor, sitting) !== undefined,
  },
});
