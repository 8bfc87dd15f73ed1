import { canAccess, type PayerKind, Resource } from '@tasreeh/shared';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isInStudentScope, isStaff, studentScopeOf } from '../../lib/scope.ts';

/** Finance with create_10 records an advance for any payer (cash, POS, wire). */
const recordsAdvances = (actor: Actor) =>
  isStaff(actor) && canAccess(actor.privileges, Resource.Finance, 'create');

/** The payer an advance is for, as its input names it. */
interface AdvancePayer {
  payerKind: PayerKind;
  payerId: number;
}

/** A student or a corporate paying its own advance (by card or wire). */
export function isOwnAdvance(actor: Actor, payer: AdvancePayer): boolean {
  if (actor.type === 'student') return payer.payerKind === 'student' && actor.studentId === payer.payerId;
  if (actor.type === 'corporate')
    return payer.payerKind === 'corporate' && actor.corporateId === payer.payerId;
  return false;
}

/**
 * Whose balance an actor reads (decision 0026): a student or a corporate its own; staff with
 * finance read (read_10) a student in their student scope — the rule of `GET /api/students/:id`
 * (lib/scope.ts) — and any corporate (a corporate belongs to no branch, as on `GET
 * /api/corporates/:id`). Everyone else is told the payer does not exist.
 */
function mayReadBalance(
  actor: Actor,
  payer: { kind: PayerKind; id: number; branchId: number | null; corporateId: number | null },
): boolean {
  if (actor.type === 'student') return payer.kind === 'student' && payer.id === actor.studentId;
  if (actor.type === 'corporate') return payer.kind === 'corporate' && payer.id === actor.corporateId;
  if (!canAccess(actor.privileges, Resource.Finance, 'read')) return false;
  return payer.kind === 'corporate' || isInStudentScope(studentScopeOf(actor), payer);
}

/**
 * Who may do what with advance payments and balances (issue 13, F5): finance reads them (read_10,
 * its branch's advances when it belongs to one) and records one for any payer (create_10); a
 * payer pays its own and reads its own balance.
 */
export const advancesPolicy = definePolicy({
  area: 'advances',
  routes: {
    read: { permission: { resource: Resource.Finance, action: 'read' } },
    pay: { permission: { resource: Resource.Finance, action: 'create' }, owners: ['student', 'corporate'] },
    findPayers: { permission: { resource: Resource.Finance, action: 'create' } },
    balance: { permission: { resource: Resource.Finance, action: 'read' }, owners: ['student', 'corporate'] },
  },
  rules: {
    /** Finance records an advance (the list's "new" button). */
    create: recordsAdvances,
    /** An advance is paid by its own payer or recorded by finance; for anyone else the payer does not exist. */
    pay: {
      allows: (actor, payer: AdvancePayer) => isOwnAdvance(actor, payer) || recordsAdvances(actor),
      refusal: () => notFound(),
    },
    readBalance: mayReadBalance,
  },
});
