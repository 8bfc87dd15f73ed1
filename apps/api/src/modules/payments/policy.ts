import { canAccess, type PayerKind, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { isInStudentScope, studentScopeOf } from '../../lib/scope.ts';

/**
 * Whose balance an actor reads (decision 0026): a student or a corporate its own; staff with
 * finance read (read_10) a student in their student scope — the rule of `GET /api/students/:id`
 * (lib/scope.ts) — and any corporate (a corporate belongs to no branch, as on `GET
 * /api/corporates/:id`). Everyone else is told the payer does not exist.
 */
export function mayReadBalance(
  actor: Actor,
  payer: { kind: PayerKind; id: number; branchId: number | null; corporateId: number | null },
): boolean {
  if (actor.type === 'student') return payer.kind === 'student' && payer.id === actor.studentId;
  if (actor.type === 'corporate') return payer.kind === 'corporate' && payer.id === actor.corporateId;
  if (!canAccess(actor.privileges, Resource.Finance, 'read')) return false;
  return payer.kind === 'corporate' || isInStudentScope(studentScopeOf(actor), payer);
}
