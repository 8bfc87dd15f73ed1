import { AppError, notFound } from '../../../lib/app-error.ts';
import { command } from '../../../lib/command.ts';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { roomSessionUse } from '../../scheduling/index.ts';
import { branchesPolicy, isBranchInScope } from '../policy.ts';
import { getBranch } from '../service.ts';
import * as repo from './repo.ts';

interface ClassroomInput {
  name: string;
  capacity: number;
}

/** The rooms of a branch the actor may see. */
export async function listClassrooms(ctx: Ctx, branchId: number) {
  await getBranch(ctx, branchId);
  const rooms = await repo.listClassrooms(ctx.db, branchId);
  return rooms.map((room) => ({
    ...room,
    abilities: branchesPolicy.abilities(ctx.actor, room, ['updateClassroom', 'deleteClassroom']),
  }));
}

/** A room of a branch the actor may see; 404 for any other (also the route guard of its edit). */
export async function findClassroomInScope(ctx: Ctx, { id }: { id: number }) {
  const room = await repo.findClassroom(ctx.db, id);
  if (!room || !isBranchInScope(actorOf(ctx), room.branchId)) throw notFound();
  return room;
}

type Room = Awaited<ReturnType<typeof findClassroomInScope>>;

/** A room's name is taken in its branch: by an earlier save, or by a parallel one (the unique index). */
const nameTaken = () => new AppError('NAME_EXISTS', { status: 409, fields: { name: 'NAME_EXISTS' } });

/** Adds a room to a branch the actor may see; its name must be new in the branch (case aside). */
export const addClassroom = command({
  name: 'classroom.create',
  entity: 'classrooms',
  authorize: branchesPolicy.authorize('addClassroom'),
  run: async (ctx, input: ClassroomInput & { branchId: number }) => {
    await getBranch(ctx, input.branchId);
    if (await repo.hasClassroomNamed(ctx.db, input.branchId, input.name)) throw nameTaken();
    return { id: await repo.insertClassroom(ctx.db, input) };
  },
  duplicate: nameTaken,
  message: 'RECORDS_SAVED',
});

/** Renames a room or changes its capacity; the name must stay unique in its branch. */
export const updateClassroom = command({
  name: 'classroom.update',
  entity: 'classrooms',
  load: (ctx, { id }: { id: number; input: ClassroomInput }) => findClassroomInScope(ctx, { id }),
  authorize: branchesPolicy.authorize('updateClassroom', (room: Room) => room),
  run: async (ctx, { id, input }, before) => {
    if (await repo.hasClassroomNamed(ctx.db, before.branchId, input.name, id)) throw nameTaken();
    await repo.updateClassroom(ctx.db, id, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: nameTaken,
  message: 'RECORDS_UPDATED',
});

/**
 * Deletes a room. A room with booked sessions is refused with "Class Can't be Deleted, It have
 * Booked Sessions"; a room with any other session (scheduled, past or cancelled) is refused too,
 * because those sessions keep it on their record.
 */
export const deleteClassroom = command({
  name: 'classroom.delete',
  entity: 'classrooms',
  load: (ctx, { id }: { id: number }) => findClassroomInScope(ctx, { id }),
  authorize: branchesPolicy.authorize('deleteClassroom'),
  run: async (ctx, { id }) => {
    const use = await roomSessionUse(ctx.db, id);
    if (use.hasBookings) throw new AppError('CLASS_HAS_BOOKED_SESSIONS', { status: 409 });
    if (use.hasSessions) throw new AppError('CLASS_HAS_SESSIONS', { status: 409 });
    await repo.deleteClassroom(ctx.db, id);
    return {};
  },
  audit: () => ({ after: null }),
  message: 'CLASS_DELETED',
});
