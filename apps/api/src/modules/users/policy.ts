import { ACTIONS, canAccess, type Privilege, Resource, type StaffType, type UserType } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/**
 * Types only some may make or change: super admin only by super admin; branch admin (who may
 * edit permission groups) only by super admin or branch admin.
 */
const MANAGED_BY: Partial<Record<UserType, readonly UserType[]>> = {
  'super admin': ['super admin'],
  'branch admin': ['super admin', 'branch admin'],
};

/** Spec §2: user-group is for super admin or branch admin (a branch's admin: that branch's groups only). */
const GROUP_EDITORS: readonly UserType[] = ['super admin', 'branch admin'];

/** Whether the actor may create, edit, deactivate or reactivate an account of this type. */
function canManageType(actor: Actor, type: UserType): boolean {
  const managers = MANAGED_BY[type];
  return managers === undefined || managers.includes(actor.type);
}

/**
 * No escalation: a group may hold only flags its editor holds too (super admin holds all); the
 * same rule decides which groups the actor may put a staff account in, and whose accounts they
 * may change.
 */
export function grantsNoMoreThanActor(actor: Actor, group: { privileges: readonly Privilege[] }): boolean {
  return group.privileges.every((privilege) =>
    ACTIONS.every((action) => !privilege[action] || canAccess(actor.privileges, privilege.id, action)),
  );
}

/**
 * Whether the actor may give a staff account this type and branch: see canManageType for the
 * types; branch staff place accounts in their own branch only (never head office).
 */
function canPlaceStaff(actor: Actor, target: { type: StaffType; branchId: number | null }): boolean {
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

/** A change to an account: whose, and its fields before and after. */
interface AccountChange {
  userId: number;
  before: OwnAccountFields;
  after: OwnAccountFields;
}

/** A staff account as the rules see it: its type and the rights of its group. */
interface StaffAccount {
  type: UserType;
  privileges: readonly Privilege[];
}

const isGroupEditor = (actor: Actor) => GROUP_EDITORS.includes(actor.type);

/**
 * Who may do what with staff accounts (spec resource 1) and permission groups (user-group): the
 * rights of the grid, the types only some manage, no escalation (nobody changes an account or a
 * group stronger than theirs, nor grants a right they lack), nobody changes their own standing.
 */
export const usersPolicy = definePolicy({
  area: 'users',
  routes: {
    read: { permission: { resource: Resource.Users, action: 'read' } },
    create: { permission: { resource: Resource.Users, action: 'create' } },
    edit: { permission: { resource: Resource.Users, action: 'edit' } },
    groups: { types: GROUP_EDITORS },
  },
  rules: {
    create: holds(Resource.Users, 'create'),
    /** Changing an account: edit_1, a type the actor manages, rights no stronger than theirs. */
    update: (actor: Actor, account: StaffAccount) =>
      holds(Resource.Users, 'edit')(actor, account) &&
      canManageType(actor, account.type) &&
      grantsNoMoreThanActor(actor, account),
    /** Deactivating or reactivating it: as `update`, and never one's own account. */
    setStatus: (actor: Actor, account: StaffAccount & { id: number }) =>
      actor.userId !== account.id &&
      holds(Resource.Users, 'edit')(actor, account) &&
      canManageType(actor, account.type) &&
      grantsNoMoreThanActor(actor, account),
    /** The account's type is one the actor manages (super admin, branch admin: see MANAGED_BY). */
    manageType: (actor: Actor, account: { type: UserType }) => canManageType(actor, account.type),
    /** The account holds no right the actor lacks. */
    outrank: {
      allows: (actor: Actor, account: { privileges: readonly Privilege[] }) =>
        grantsNoMoreThanActor(actor, account),
      refusal: () => new AppError('ACCOUNT_HOLDS_MORE_RIGHTS', { status: 403 }),
    },
    /**
     * Nobody changes their own type, status, permission group or branch here: the first two are how
     * the last administrator locks everyone out, the last two how one would raise one's own rights.
     */
    changeOwn: (actor: Actor, { userId, before, after }: AccountChange) =>
      actor.userId !== userId ||
      (before.type === after.type &&
        before.status === after.status &&
        before.permissionGroupId === after.permissionGroupId &&
        before.branchId === after.branchId),
    /** Giving an account this type and branch. */
    place: (actor: Actor, target: { type: StaffType; branchId: number | null }) =>
      canPlaceStaff(actor, target),
    /** Putting an account in a group: it holds no right the actor lacks. */
    grant: {
      allows: (actor: Actor, group: { privileges: readonly Privilege[] }) =>
        grantsNoMoreThanActor(actor, group),
      refusal: () =>
        new AppError('CANNOT_GRANT_MORE', {
          status: 403,
          fields: { permissionGroupId: 'CANNOT_GRANT_MORE' },
        }),
    },
    createGroup: isGroupEditor,
    /** Editing a group: a group editor, the group holding no right they lack. */
    updateGroup: {
      allows: (actor: Actor, group: { privileges: readonly Privilege[] }) =>
        isGroupEditor(actor) && grantsNoMoreThanActor(actor, group),
      refusal: () => new AppError('GROUP_HOLDS_MORE_RIGHTS', { status: 403 }),
    },
    /** A group's grid holds no right the actor lacks. */
    grantInGroup: {
      allows: (actor: Actor, grid: { privileges: readonly Privilege[] }) =>
        grantsNoMoreThanActor(actor, grid),
      refusal: () =>
        new AppError('CANNOT_GRANT_MORE', { status: 403, fields: { privileges: 'CANNOT_GRANT_MORE' } }),
    },
    /** The branch a new group belongs to: branch staff only their own (or none, meaning theirs). */
    ownGroup: (actor: Actor, requested: number | null | undefined) => {
      const scope = branchScopeOf(actor);
      return scope === undefined || requested === undefined || requested === scope;
    },
  },
});

/** The staff accounts and groups a caller's lists hold: their branch's for branch staff, all for head office. */
export function userScopeOf(actor: Actor): number | undefined {
  return branchScopeOf(actor);
}
