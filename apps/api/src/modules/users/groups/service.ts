import {
  ACTIONS,
  canAccess,
  type PermissionGroup,
  type PermissionGroupInput,
  type Privilege,
  translateMessage,
} from '@tasreeh/shared';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { type Actor, actorOf, type Ctx } from '../../../lib/context.ts';
import { privilegesFromStored } from '../../auth/actor.ts';
import * as repo from './repo.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>;

function toGroup({ stored, ...row }: GroupRow): PermissionGroup {
  return { ...row, privileges: privilegesFromStored(stored) };
}

/**
 * No escalation: a group may hold only flags its editor holds too (super admin holds all); the
 * same rule decides which groups the actor may put a staff account in.
 */
export function grantsNoMoreThanActor(actor: Actor, group: { privileges: readonly Privilege[] }): boolean {
  return group.privileges.every((privilege) =>
    ACTIONS.every((action) => !privilege[action] || canAccess(actor.privileges, privilege.id, action)),
  );
}

export async function listGroups(ctx: Ctx, query: Parameters<typeof repo.listGroups>[1]) {
  const page = await repo.listGroups(ctx.db, query);
  return { ...page, items: page.items.map(toGroup) };
}

export async function getGroup(ctx: Ctx, id: number) {
  const row = await repo.findGroup(ctx.db, id);
  if (!row) throw notFound();
  return toGroup(row);
}

async function checkGroupInput(ctx: Ctx, input: PermissionGroupInput, exceptId?: number) {
  if (!grantsNoMoreThanActor(actorOf(ctx), input)) {
    throw new AppError('CANNOT_GRANT_MORE', { status: 403, fields: { privileges: 'CANNOT_GRANT_MORE' } });
  }
  if (await repo.isGroupNameTaken(ctx.db, input, exceptId)) {
    throw new AppError('NAME_EXISTS', { status: 409, fields: { nameEn: 'NAME_EXISTS' } });
  }
}

export async function createGroup(ctx: Ctx, input: PermissionGroupInput) {
  const actor = actorOf(ctx);
  await checkGroupInput(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const groupId = await repo.insertGroup(tx, input);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'group.create',
      entity: 'permission_groups',
      entityId: groupId,
      after: input,
      ip: ctx.ip,
    });
    return groupId;
  });
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

/** Changes a group; its members have the new rights on their next call (privileges are read per request). */
export async function updateGroup(ctx: Ctx, id: number, input: PermissionGroupInput) {
  const actor = actorOf(ctx);
  const before = await getGroup(ctx, id);
  await checkGroupInput(ctx, input, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateGroup(tx, id, input);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'group.update',
      entity: 'permission_groups',
      entityId: id,
      before,
      after: input,
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
