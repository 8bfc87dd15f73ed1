import type { Actor } from './context.ts';

/**
 * The branch a staff member's lists are limited to: their own, unless they have none
 * (head office and super admin see every branch).
 */
export function branchScopeOf(actor: Actor): number | undefined {
  if (actor.type === 'super admin') return undefined;
  return actor.branchId ?? undefined;
}
