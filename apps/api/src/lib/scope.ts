import { and, eq, type SQL } from 'drizzle-orm';
import { students } from '../db/schema/index.ts';
import type { Actor } from './context.ts';

/** Whether a caller works for the centre (any staff type), rather than being a student or a corporate. */
export const isStaff = (actor: Actor) => actor.type !== 'student' && actor.type !== 'corporate';

/**
 * The branch a staff member's lists are limited to: their own, unless they have none
 * (head office and super admin see every branch).
 */
export function branchScopeOf(actor: Actor): number | undefined {
  if (actor.type === 'super admin') return undefined;
  return actor.branchId ?? undefined;
}

/**
 * Which students an actor sees (decision 0026: the one rule of every route that shows a
 * student — the students' own, their balances, the payer lookup): a corporate its own, branch
 * staff their branch's (by the student's registration branch), head office every one.
 */
export interface StudentScope {
  branchId?: number;
  corporateId?: number;
}

export function studentScopeOf(actor: Actor): StudentScope {
  if (actor.type === 'corporate') return { corporateId: actor.corporateId ?? -1 };
  return { branchId: branchScopeOf(actor) };
}

/** Whether a student's branch and corporate fall inside a scope. */
export function isInStudentScope(
  scope: StudentScope,
  student: { branchId: number | null; corporateId: number | null },
): boolean {
  if (scope.branchId !== undefined && student.branchId !== scope.branchId) return false;
  if (scope.corporateId !== undefined && student.corporateId !== scope.corporateId) return false;
  return true;
}

/** The same scope as a condition on the `students` table, for lists; undefined when it limits nothing. */
export function studentsInScope(scope: StudentScope): SQL | undefined {
  return and(
    scope.branchId !== undefined ? eq(students.branchId, scope.branchId) : undefined,
    scope.corporateId !== undefined ? eq(students.corporateId, scope.corporateId) : undefined,
  );
}
