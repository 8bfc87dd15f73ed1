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
import { hashPassword, privilegesFromStored, revokeUserSessions } from '../auth/index.ts';
import { grantsNoMoreThanActor, userScopeOf, usersPolicy } from './policy.ts';
import * as repo from './repo.ts';

type Privileges = ReturnType<typeof privilegesFromStored>;

/** The rights of an account's group (none without one), as the rules compare them. */
async function groupPrivilegesOf(ctx: Ctx, groupId: number | null): Promise<Privileges> {
  return privilegesFromStored(await repo.findGroupPrivilegesOf(ctx.db, groupId));
}

function toStaffUser(ctx: Ctx, row: repo.StaffRow, privileges: Privileges): StaffUser {
  return {
    ...staffUserOf(row),
    abilities: usersPolicy.abilities(ctx.actor, { id: row.id, type: row.type, privileges }, [
      'update',
      'setStatus',
    ]),
  };
}

function staffUserOf(row: repo.StaffRow): Omit<StaffUser, 'abilities'> {
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
  const page = await repo.listStaffUsers(ctx.db, { ...query, scopeBranchId: userScopeOf(actorOf(ctx)) });
  const groupIds = [...new Set(page.items.map((row) => row.groupId))];
  const rights = new Map(
    await Promise.all(groupIds.map(async (id) => [id, await groupPrivilegesOf(ctx, id)] as const)),
  );
  return { ...page, items: page.items.map((row) => toStaffUser(ctx, row, rights.get(row.groupId) ?? [])) };
}

/** How many staff accounts the actor may see match the filters (the list's scope, capped). */
export function countStaffUsers(ctx: Ctx, query: Omit<repo.StaffFilter, 'scopeBranchId'>) {
  return repo.countStaffUsers(ctx.db, { ...query, scopeBranchId: userScopeOf(actorOf(ctx)) });
}

async function findInScope(ctx: Ctx, id: number, lock = false) {
  const row = await repo.findStaffUser(ctx.db, id, lock);
  const scope = userScopeOf(actorOf(ctx));
  if (!row || (scope !== undefined && row.branchId !== scope)) throw notFound();
  return row;
}

/** The fields nobody changes on their own account, as a stored row holds them. */
function ownFieldsOf(row: repo.StaffRow) {
  return { type: row.type, status: row.status, permissionGroupId: row.groupId, branchId: row.branchId };
}

export async function getStaffUser(ctx: Ctx, id: number): Promise<StaffUser> {
  const row = await findInScope(ctx, id);
  return toStaffUser(ctx, row, await groupPrivilegesOf(ctx, row.groupId));
}

/**
 * Refuses what the caller may not touch (the policy): a type only others manage (403); an account
 * whose group holds a right the caller lacks (a super admin holds all) — so nobody deactivates or
 * rewrites an account stronger than theirs; and, given the change, their own standing.
 */
async function assertMayChange(ctx: Ctx, before: repo.StaffRow, after?: Partial<OwnAccountFields>) {
  usersPolicy.assert(ctx.actor, 'manageType', before);
  usersPolicy.assert(ctx.actor, 'outrank', { privileges: await groupPrivilegesOf(ctx, before.groupId) });
  if (after) {
    const own = ownFieldsOf(before);
    usersPolicy.assert(ctx.actor, 'changeOwn', {
      userId: before.id,
      before: own,
      after: { ...own, ...after },
    });
  }
}

type OwnAccountFields = ReturnType<typeof ownFieldsOf>;

/**
 * The route guard of a staff account's changes: outside the caller's branch 404, a type or rights
 * beyond the caller's 403 (assertMayChange), before the form is read.
 */
export async function assertMayChangeStaff(ctx: Ctx, { id }: { id: number }): Promise<void> {
  await assertMayChange(ctx, await findInScope(ctx, id));
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
  if (!usersPolicy.may(ctx.actor, 'place', input)) throw forbidden();
  if (input.permissionGroupId === null && needsPermissionGroup(input.type)) throw groupRefused();
  if (input.permissionGroupId !== null) {
    const group = await repo.findGroupPrivileges(ctx.db, input.permissionGroupId);
    if (!group || (group.branchId !== null && group.branchId !== input.branchId)) throw groupRefused();
    usersPolicy.assert(ctx.actor, 'grant', { privileges: privilegesFromStored(group.stored) });
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
  authorize: usersPolicy.authorize('create'),
  run: async (ctx, { password, rePassword: _rePassword, ...account }: NewStaffUserInput) => {
    await checkStaffInput(ctx, account);
    return { id: await repo.insertStaffUser(ctx.db, account, await hashPassword(password)) };
  },
  audit: ({ input: { password: _password, rePassword: _rePassword, ...account } }) => ({ after: account }),
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

type StaffChange = { id: number; input: StaffUserInput };

/**
 * Changes a staff account (see assertMayChange for whose); deactivating it ends its sessions at
 * once. Nobody deactivates, retypes, regroups or moves themselves.
 */
export const updateStaffUser = command({
  name: 'user.update',
  entity: 'users',
  load: (ctx, { id }: StaffChange) => findInScope(ctx, id, true),
  authorize: usersPolicy.authorizeBy('update', (ctx, { input }: StaffChange, before: repo.StaffRow) =>
    assertMayChange(ctx, before, {
      type: input.type,
      status: input.status,
      permissionGroupId: input.permissionGroupId,
      branchId: input.branchId,
    }),
  ),
  run: async (ctx, { id, input }) => {
    await checkStaffInput(ctx, input, id);
    await repo.updateStaffUser(ctx.db, id, input);
    if (input.status !== 'active') await revokeUserSessions(ctx.db, id);
    return { id };
  },
  audit: ({ input, before }) => ({ before: staffUserOf(before), after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});

/**
 * What the caller's staff form may offer: the types, branches and groups they may give an account
 * (head-office groups and their branch's, holding no right the caller lacks).
 */
export async function getStaffFormOptions(ctx: Ctx): Promise<StaffUserFormOptions> {
  const actor = actorOf(ctx);
  const scope = userScopeOf(actor);
  const [branches, groups] = await Promise.all([
    repo.listBranchChoices(ctx.db, scope),
    repo.listGroupChoices(ctx.db, scope),
  ]);
  const permissionGroups = groups
    .filter((group) => grantsNoMoreThanActor(actor, { privileges: privilegesFromStored(group.stored) }))
    .map(({ stored: _stored, ...group }) => group);
  return {
    types: STAFF_TYPES.filter((type) => usersPolicy.may(actor, 'place', { type, branchId: scope ?? null })),
    branches,
    headOffice: usersPolicy.may(actor, 'place', { type: 'Teller', branchId: null }),
    permissionGroups,
  };
}

type StatusChange = { id: number; status: StaffStatusInput['status'] };

/** Deactivating or reactivating: the same rules as an edit (assertMayChange), never oneself. */
function statusCommand(name: 'user.deactivate' | 'user.reactivate') {
  return command({
    name,
    entity: 'users',
    load: (ctx, { id }: StatusChange) => findInScope(ctx, id, true),
    authorize: usersPolicy.authorizeBy('setStatus', (ctx, { status }: StatusChange, before: repo.StaffRow) =>
      assertMayChange(ctx, before, { status }),
    ),
    run: async (ctx, { id, status }) => {
      await repo.updateStaffStatus(ctx.db, id, status);
      if (status !== 'active') await revokeUserSessions(ctx.db, id);
      return { id };
    },
    audit: ({ input, before }) => ({ before: { status: before.status }, after: { status: input.status } }),
    message: 'RECORDS_UPDATED',
  });
}

const deactivate = statusCommand('user.deactivate');
const reactivate = statusCommand('user.reactivate');

/** Deactivates or reactivates an account (deactivating ends its sessions at once). */
export function setStaffStatus(ctx: Ctx, input: StatusChange) {
  return (input.status === 'active' ? reactivate : deactivate)(ctx, input);
}
