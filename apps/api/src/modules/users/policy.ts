import type { StaffType, UserType } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/**
 * Types only some may make or change: super admin only by super admin; branch admin (who may
 * edit permission groups) only by super admin or branch admin.
 */
const MANAGED_BY: Partial<Record<UserType, readonly UserType[]>> = {
  'super admin': ['super admin'],
  'branch admin': ['super admin', 'branch admin'],
};

/** Whether the actor may create, edit, deactivate or reactivate an account of this type. */
export function canManageType(actor: Actor, type: UserType): boolean {
  const managers = MANAGED_BY[type];
  return managers === undefined || managers.includes(actor.type);
}

/**
 * Whether the actor may give a staff account this type and branch: see canManageType for the
 * types; branch staff place accounts in their own branch only (never head office).
 */
export function canPlaceStaff(actor: Actor, target: { type: StaffType; branchId: number | null }): boolean {
  if (!canManageType(actor, target.type)) return false;
  const scope = branchScopeOf(actor);
  return scope === undefined || target.branchId === scope;
}

interface OwnAccountFields {
  type: string;
  status: string;
  permissionGroupId: number | null;
  branchId: number | null;
}

/**
 * Nobody changes their own type, status, permission group or branch here: the first two are how
 * the last administrator locks everyone out, the last two how one would raise one's own rights.
 */
export function canChangeOwnAccount(
  actor: Actor,
  userId: number,
  before: OwnAccountFields,
  after: OwnAccountFields,
): boolean {
  if (actor.userId !== userId) return true;
  return (
    before.type === after.type &&
    before.status === after.status &&
    before.permissionGroupId === after.permissionGroupId &&
    before.branchId === after.branchId
  );
}
