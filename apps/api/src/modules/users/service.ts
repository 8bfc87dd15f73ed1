import type {
  NewStaffUserInput,
  StaffStatusInput,
  StaffUser,
  StaffUserFormOptions,
  StaffUserInput,
} from '@tasreeh/shared';
import { needsPermissionGroup, STAFF_TYPES, translateMessage } from '@tasreeh/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import { privilegesFromStored } from '../auth/actor.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { revokeUserSessions } from '../auth/repo.ts';
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

async function findInScope(ctx: Ctx, id: number) {
  const row = await repo.findStaffUser(ctx.db, id);
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
 * The checks every save runs: placement allowed, group and branch real, the group holding no
 * right the caller lacks (super admin holds all), nothing taken by another account.
 */
async function checkStaffInput(ctx: Ctx, input: StaffUserInput, exceptId?: number) {
  const actor = actorOf(ctx);
  if (!canPlaceStaff(actor, input)) throw forbidden();
  if (input.permissionGroupId === null && needsPermissionGroup(input.type)) {
    throw new AppError('SELECT_PERMISSION_GROUP', {
      status: 400,
      fields: { permissionGroupId: 'SELECT_PERMISSION_GROUP' },
    });
  }
  if (input.permissionGroupId !== null) {
    const group = await repo.findGroupPrivileges(ctx.db, input.permissionGroupId);
    if (!group) {
      throw new AppError('SELECT_PERMISSION_GROUP', {
        status: 400,
        fields: { permissionGroupId: 'SELECT_PERMISSION_GROUP' },
      });
    }
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
  if (await repo.findClashingUser(ctx.db, input, exceptId)) {
    throw new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 });
  }
}

export async function createStaffUser(ctx: Ctx, input: NewStaffUserInput) {
  const actor = actorOf(ctx);
  const { password, rePassword: _rePassword, ...account } = input;
  await checkStaffInput(ctx, account);
  const passwordHash = await hashPassword(password);
  const id = await ctx.db.transaction(async (tx) => {
    const userId = await repo.insertStaffUser(tx, account, passwordHash);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.create',
      entity: 'users',
      entityId: userId,
      after: account,
      ip: ctx.ip,
    });
    return userId;
  });
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

/**
 * Changes a staff account; deactivating it ends its sessions at once. Nobody deactivates,
 * retypes, regroups or moves themselves.
 */
export async function updateStaffUser(ctx: Ctx, id: number, input: StaffUserInput) {
  const actor = actorOf(ctx);
  const before = await findInScope(ctx, id);
  if (!canChangeOwnAccount(actor, id, ownFieldsOf(before), input)) throw forbidden();
  if (!canManageType(actor, before.type)) throw forbidden();
  await checkStaffInput(ctx, input, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateStaffUser(tx, id, input);
    if (input.status !== 'active') await revokeUserSessions(tx, id);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.update',
      entity: 'users',
      entityId: id,
      before: toStaffUser(before),
      after: input,
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/**
 * What the caller's staff form may offer: the types, branches and groups they may give an account
 * (only groups holding no right the caller lacks).
 */
export async function getStaffFormOptions(ctx: Ctx): Promise<StaffUserFormOptions> {
  const actor = actorOf(ctx);
  const scope = branchScopeOf(actor);
  const [branches, groups] = await Promise.all([
    repo.listBranchChoices(ctx.db, scope),
    repo.listGroupChoices(ctx.db),
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

/**
 * Deactivates or reactivates an account (deactivating ends its sessions at once). The same
 * rules as an edit: in scope, never oneself, a super admin only by a super admin.
 */
export async function setStaffStatus(ctx: Ctx, id: number, input: StaffStatusInput) {
  const actor = actorOf(ctx);
  const before = await findInScope(ctx, id);
  const unchanged = ownFieldsOf(before);
  if (!canChangeOwnAccount(actor, id, unchanged, { ...unchanged, status: input.status })) throw forbidden();
  if (!canManageType(actor, before.type)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await repo.updateStaffStatus(tx, id, input.status);
    if (input.status !== 'active') await revokeUserSessions(tx, id);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: input.status === 'active' ? 'user.reactivate' : 'user.deactivate',
      entity: 'users',
      entityId: id,
      before: { status: before.status },
      after: input,
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
