import type {
  NewStaffUserInput,
  StaffStatusInput,
  StaffUser,
  StaffUserFormOptions,
  StaffUserInput,
} from '@tasreeh/shared';
import { needsPermissionGroup, STAFF_TYPES } from '@tasreeh/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import { hashPassword, privilegesFromStored, revokeUserSessions } from '../auth/index.ts';
import { grantsNoMoreThanActor } from './groups/service.ts';
import { canChangeOwnAccount, canManageType, canPlaceStaff } from './policy.ts';
import * as repo from './repo.ts';

function toStaffUser(row: repo.StaffRow): StaffUser {
  return {
    id: row.id,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    email: row.email,
    username: row.username,
    phone: row.phone,
    // Both queries select staff types only.
    type: row.type as StaffUser['type'],
    employeeType: row.employeeType,
    permissionGroup:
      row.groupId === null
        ? null
        : { id: row.groupId, nameEn: row.groupNameEn ?? '', nameAr: row.groupNameAr ?? '' },
    branch:
      row.branchId === null
        ? null
        : {
            id: row.branchId,
            code: row.branchCode ?? '',
            nameEn: row.branchNameEn ?? '',
            nameAr: row.branchNameAr ?? '',
          },
    dateOfBirth: row.dateOfBirth,
    idType: row.idType,
    idNumber: row.idNumber,
    idExpiryHijri: row.idExpiryHijri,
    status: row.status,
    createdAt: row.createdAt,
  };
}

/** Staff accounts the actor may see: all for head office, their branch's for branch staff. */
export async function listStaffUsers(ctx: Ctx, query: Omit<repo.StaffListFilter, 'scopeBranchId'>) {
  const page = await repo.listStaffUsers(ctx.db, { ...query, scopeBranchId: branchScopeOf(actorOf(ctx)) });
  return { ...page, items: page.items.map(toStaffUser) };
}

/** How many staff accounts the actor may see match the filters (the list's scope, capped). */
export function countStaffUsers(ctx: Ctx, query: Omit<repo.StaffFilter, 'scopeBranchId'>) {
  return repo.countStaffUsers(ctx.db, { ...query, scopeBranchId: branchScopeOf(actorOf(ctx)) });
}

async function findInScope(ctx: Ctx, id: number, lock = false) {
  const row = await repo.findStaffUser(ctx.db, id, lock);
  const scope = branchScopeOf(actorOf(ctx));
  if (!row || (scope !== undefined && row.branchId !== scope)) throw notFound();
  return row;
}

/** The fields nobody changes on their own account, as a stored row holds them. */
function ownFieldsOf(row: repo.StaffRow) {
  return { type: row.type, status: row.status, permissionGroupId: row.groupId, branchId: row.branchId };
}

export async function getStaffUser(ctx: Ctx, id: number): Promise<StaffUser> {
  return toStaffUser(await findInScope(ctx, id));
}

/**
 * Locks and returns the account about to change, refusing what the caller may not touch: outside
 * their scope (404); a type only others manage; an account whose group holds a right the caller
 * lacks (a super admin holds all) — so nobody deactivates or rewrites an account stronger than theirs.
 */
async function loadChangeable(ctx: Ctx, id: number, lock = true) {
  const actor = actorOf(ctx);
  const before = await findInScope(ctx, id, lock);
  if (!canManageType(actor, before.type)) throw forbidden();
  const stored = await repo.findGroupPrivilegesOf(ctx.db, before.groupId);
  if (!grantsNoMoreThanActor(actor, { privileges: privilegesFromStored(stored) })) {
    throw new AppError('ACCOUNT_HOLDS_MORE_RIGHTS', { status: 403 });
  }
  return before;
}

/**
 * The route guard of a staff account's changes: outside the caller's branch 404, a type or rights
 * beyond the caller's 403 (loadChangeable), before the form is read.
 */
export async function assertMayChangeStaff(ctx: Ctx, { id }: { id: number }): Promise<void> {
  await loadChangeable(ctx, id, false);
}

const groupRefused = () =>
  new AppError('SELECT_PERMISSION_GROUP', {
    status: 400,
    fields: { permissionGroupId: 'SELECT_PERMISSION_GROUP' },
  });

const alreadyRegistered = (field?: string) =>
  new AppError('RECORDS_ALREADY_REGISTERED', {
    status: 409,
    fields: field ? { [field]: 'RECORDS_ALREADY_REGISTERED' } : undefined,
  });

/** The field a unique index of `users` guards, when a parallel save took its value. */
function duplicateOf(constraint: string | undefined) {
  if (constraint?.includes('username')) return alreadyRegistered('username');
  if (constraint?.includes('email')) return alreadyRegistered('email');
  if (constraint?.includes('id_number')) return alreadyRegistered('idNumber');
  if (constraint?.includes('phone')) return alreadyRegistered('phone');
  return alreadyRegistered();
}

/**
 * The checks every save runs: placement allowed; the group real, head office's or the account's
 * branch's, and holding no right the caller lacks (super admin holds all); the branch real; nothing
 * taken by another account.
 */
async function checkStaffInput(ctx: Ctx, input: StaffUserInput, exceptId?: number) {
  const actor = actorOf(ctx);
  if (!canPlaceStaff(actor, input)) throw forbidden();
  if (input.permissionGroupId === null && needsPermissionGroup(input.type)) throw groupRefused();
  if (input.permissionGroupId !== null) {
    const group = await repo.findGroupPrivileges(ctx.db, input.permissionGroupId);
    if (!group || (group.branchId !== null && group.branchId !== input.branchId)) throw groupRefused();
    if (!grantsNoMoreThanActor(actor, { privileges: privilegesFromStored(group.stored) })) {
      throw new AppError('CANNOT_GRANT_MORE', {
        status: 403,
        fields: { permissionGroupId: 'CANNOT_GRANT_MORE' },
      });
    }
  }
  if (input.branchId !== null && !(await repo.branchExists(ctx.db, input.branchId))) {
    throw new AppError('SELECT_BRANCH', { status: 400, fields: { branchId: 'SELECT_BRANCH' } });
  }
  const clash = await repo.findClashingField(ctx.db, input, exceptId);
  if (clash) throw alreadyRegistered(clash);
}

/** A new staff account with its first password; the audit row never holds the password. */
export const createStaffUser = command({
  name: 'user.create',
  entity: 'users',
  run: async (ctx, { password, rePassword: _rePassword, ...account }: NewStaffUserInput) => {
    await checkStaffInput(ctx, account);
    return { id: await repo.insertStaffUser(ctx.db, account, await hashPassword(password)) };
  },
  audit: ({ input: { password: _password, rePassword: _rePassword, ...account } }) => ({ after: account }),
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

/**
 * Changes a staff account (see loadChangeable for whose); deactivating it ends its sessions at
 * once. Nobody deactivates, retypes, regroups or moves themselves.
 */
export const updateStaffUser = command({
  name: 'user.update',
  entity: 'users',
  load: async (ctx, { id, input }: { id: number; input: StaffUserInput }) => {
    const before = await loadChangeable(ctx, id);
    if (!canChangeOwnAccount(actorOf(ctx), id, ownFieldsOf(before), input)) throw forbidden();
    return before;
  },
  run: async (ctx, { id, input }) => {
    await checkStaffInput(ctx, input, id);
    await repo.updateStaffUser(ctx.db, id, input);
    if (input.status !== 'active') await revokeUserSessions(ctx.db, id);
    return { id };
  },
  audit: ({ input, before }) => ({ before: toStaffUser(before), after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});

/**
 * What the caller's staff form may offer: the types, branches and groups they may give an account
 * (head-office groups and their branch's, holding no right the caller lacks).
 */
export async function getStaffFormOptions(ctx: Ctx): Promise<StaffUserFormOptions> {
  const actor = actorOf(ctx);
  const scope = branchScopeOf(actor);
  const [branches, groups] = await Promise.all([
    repo.listBranchChoices(ctx.db, scope),
    repo.listGroupChoices(ctx.db, scope),
  ]);
  const permissionGroups = groups
    .filter((group) => grantsNoMoreThanActor(actor, { privileges: privilegesFromStored(group.stored) }))
    .map(({ stored: _stored, ...group }) => group);
  return {
    types: STAFF_TYPES.filter((type) => canPlaceStaff(actor, { type, branchId: scope ?? null })),
    branches,
    headOffice: canPlaceStaff(actor, { type: 'Teller', branchId: null }),
    permissionGroups,
  };
}

type StatusChange = { id: number; status: StaffStatusInput['status'] };

/** Deactivating or reactivating: the same rules as an edit (loadChangeable), never oneself. */
function statusCommand(name: 'user.deactivate' | 'user.reactivate') {
  return command({
    name,
    entity: 'users',
    load: async (ctx, { id, status }: StatusChange) => {
      const before = await loadChangeable(ctx, id);
      const unchanged = ownFieldsOf(before);
      if (!canChangeOwnAccount(actorOf(ctx), id, unchanged, { ...unchanged, status })) throw forbidden();
      return { status: before.status };
    },
    run: async (ctx, { id, status }) => {
      await repo.updateStaffStatus(ctx.db, id, status);
      if (status !== 'active') await revokeUserSessions(ctx.db, id);
      return { id };
    },
    audit: ({ input }) => ({ after: { status: input.status } }),
    message: 'RECORDS_UPDATED',
  });
}

const deactivate = statusCommand('user.deactivate');
const reactivate = statusCommand('user.reactivate');

/** Deactivates or reactivates an account (deactivating ends its sessions at once). */
export function setStaffStatus(ctx: Ctx, input: StatusChange) {
  return (input.status === 'active' ? reactivate : deactivate)(ctx, input);
}
