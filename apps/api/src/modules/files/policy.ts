import { canAccess, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';

/**
 * Who may see a personal file: its owner; for a corporate's copies (kind `corporate-…`), staff
 * who may read corporates; otherwise staff who may read students, within their own branch
 * unless they have none (head office).
 */
export function canSeeFile(
  actor: Actor,
  file: { kind: string; ownerUserId: number | null; ownerBranchId: number | null },
): boolean {
  if (file.ownerUserId === actor.userId) return true;
  if (file.kind.startsWith('corporate-')) return canAccess(actor.privileges, Resource.Corporates, 'read');
  if (!canAccess(actor.privileges, Resource.Students, 'read')) return false;
  if (actor.type === 'super admin' || actor.branchId === null) return true;
  return file.ownerBranchId === actor.branchId;
}
