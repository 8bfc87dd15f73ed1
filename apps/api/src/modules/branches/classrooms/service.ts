import { translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { branchScopeOf } from '../../../lib/scope.ts';
import { getBranch } from '../service.ts';
import * as repo from './repo.ts';

interface ClassroomInput {
  name: string;
  capacity: number;
}

/** The rooms of a branch the actor may see. */
export async function listClassrooms(ctx: Ctx, branchId: number) {
  await getBranch(ctx, branchId);
  return repo.listClassrooms(ctx.db, branchId);
}

async function findClassroomInScope(ctx: Ctx, id: number) {
  const room = await repo.findClassroom(ctx.db, id);
  const scope = branchScopeOf(actorOf(ctx));
  if (!room || (scope !== undefined && room.branchId !== scope)) throw notFound();
  return room;
}

const nameTaken = () => new AppError('NAME_EXISTS', { status: 409, fields: { name: 'NAME_EXISTS' } });

export async function addClassroom(ctx: Ctx, branchId: number, input: ClassroomInput) {
  const actor = actorOf(ctx);
  await getBranch(ctx, branchId);
  if (await repo.hasClassroomNamed(ctx.db, branchId, input.name)) throw nameTaken();
  const id = await ctx.db.transaction(async (tx) => {
    const roomId = await repo.insertClassroom(tx, { branchId, ...input });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'classroom.create',
      entity: 'classrooms',
      entityId: roomId,
      after: { branchId, ...input },
      ip: ctx.ip,
    });
    return roomId;
  });
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

export async function updateClassroom(ctx: Ctx, id: number, input: ClassroomInput) {
  const actor = actorOf(ctx);
  const before = await findClassroomInScope(ctx, id);
  if (await repo.hasClassroomNamed(ctx.db, before.branchId, input.name, id)) throw nameTaken();
  await ctx.db.transaction(async (tx) => {
    await repo.updateClassroom(tx, id, input);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'classroom.update',
      entity: 'classrooms',
      entityId: id,
      before,
      after: input,
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/**
 * Deletes a room. Once scheduling exists, a room with booked sessions is refused with
 * "Class Can't be Deleted, It have Booked Sessions"; until then no room has any.
 */
export async function deleteClassroom(ctx: Ctx, id: number) {
  const actor = actorOf(ctx);
  const before = await findClassroomInScope(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteClassroom(tx, id);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'classroom.delete',
      entity: 'classrooms',
      entityId: id,
      before,
      ip: ctx.ip,
    });
  });
  return { message: translateMessage('CLASS_DELETED', ctx.lang) };
}
