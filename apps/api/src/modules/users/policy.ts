import type { StaffType } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/**
 * Whether the actor may give a staff account this type and branch: only super admin makes
 * super admins; branch staff place accounts in their own branch only (never head office).
 */
export function canPlaceStaff(actor: Actor, target: { type: StaffType; branchId: number | null }): boolean {
  if (target.type === 'super admin' && actor.type !== 'super admin') return false;
  const scope = branchScopeOf(actor);
  return scope === undefined || target.branchId === scope;
}

/** Nobody changes their own type or status here: that is how the last administrator locks everyone out. */
export function canChangeOwnAccount(
  actor: Actor,
  userId: number,
  before: { type: string; status: string },
  after: { type: string; status: string },
): boolean {
  if (actor.userId !== userId) return true;
  return before.type === after.type && before.status === after.status;
}
