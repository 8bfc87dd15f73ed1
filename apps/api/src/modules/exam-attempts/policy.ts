import { type Action, canAccess, isBackOfficeType, Resource, type UserType } from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import { bankAccessOf } from '../assessments/index.ts';

/** Who never proctors: candidates, the corporates that book for them, and the centres' own logins. */
const NOT_STAFF = new Set<UserType>(['student', 'corporate', 'training center', 'medical center']);

/** The types a proctor route lets through; `mayProctor` then decides on the session. */
export const PROCTOR_TYPES = [
  'super admin',
  'branch admin',
  'CFO',
  'CEO',
  'COO',
  'TrainingManager',
  'manager',
  'HeadOfIT',
  'DevTeam',
  'Amanah',
  'Teller',
  'branchaccountant',
  'Instructor',
  'Examiner',
] as const satisfies readonly UserType[];

/**
 * Whether an actor proctors an exam session: the examiner it is given to (its `staff_user_id`),
 * or staff holding `read` (the live view) or `edit` (every action) on scheduling (resource 8)
 * within their branch scope.
 */
export function mayProctor(
  actor: Actor,
  session: { staffUserId: number | null; branchId: number },
  action: Extract<Action, 'read' | 'edit'>,
): boolean {
  if (NOT_STAFF.has(actor.type)) return false;
  if (session.staffUserId !== null && session.staffUserId === actor.userId) return true;
  if (!canAccess(actor.privileges, Resource.Scheduling, action)) return false;
  const scope = branchScopeOf(actor);
  return scope === undefined || scope === session.branchId;
}

export function assertProctor(
  actor: Actor,
  session: { staffUserId: number | null; branchId: number },
  action: Extract<Action, 'read' | 'edit'>,
): void {
  if (!mayProctor(actor, session, action)) throw forbidden();
}

/**
 * The check before any row is read: a caller who proctors no session at all is refused at once
 * (403), whatever the id — candidates, corporates, centres, and back-office staff without
 * read/edit on scheduling. An examiner or instructor without the permission may still proctor the
 * sessions given to it, which only the row tells.
 */
export function assertMayProctorSome(actor: Actor, action: Extract<Action, 'read' | 'edit'>): void {
  if (NOT_STAFF.has(actor.type)) throw forbidden();
  if (isBackOfficeType(actor.type) && !canAccess(actor.privileges, Resource.Scheduling, action)) {
    throw forbidden();
  }
}

/**
 * Whether an attempt's review may say which answer was correct (decision 0026). Only those who
 * may read the course's question banks, which hold every answer key: staff with read_7, or the
 * examiner assigned to an exam session of the course (the assessments policy); and the candidate,
 * once its attempt is submitted, when the exam's review setting is 'answers'. Whoever else may
 * see the attempt (proctoring staff with scheduling read: tellers, branch admins) is not told.
 */
export async function mayReadAnswerKey(
  db: Db,
  actor: Actor,
  attempt: { studentId: number; status: string; review: string; courseId: number },
): Promise<boolean> {
  if (actor.type === 'student') {
    return (
      attempt.studentId === actor.studentId && attempt.status === 'submitted' && attempt.review === 'answers'
    );
  }
  return (await bankAccessOf(db, actor, attempt.courseId)).read;
}
