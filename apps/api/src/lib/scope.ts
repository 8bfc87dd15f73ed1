import type { Actor } from './context.ts';

/**
 * The branch a staff member's lists are limited to: their own, unless they have none
 * (head office and super admin see every branch).
 */
export function branchScopeOf(actor: Actor): number | undefined {
  if (actor.type === 'super admin') return undefined;
  return actor.branchId ?? undefined;
}

/** Which students an actor's lists and lookups are limited to: a corporate's own, or a branch's. */
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
