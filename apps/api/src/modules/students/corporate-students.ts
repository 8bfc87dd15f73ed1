import type { StudentInput } from '@tasreeh/shared';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import * as repo from './repo.ts';
import { authorizeOnStudent, createStudent, findStudentInScope } from './service.ts';

/** A corporate adds a worker of its own (corporate area students/add-new-student): always with itself. */
export function addOwnStudent(ctx: Ctx, input: StudentInput) {
  return createStudent(ctx, { ...input, corporateId: actorOf(ctx).corporateId });
}

/**
 * A corporate stops booking for a student: the student stays, as an individual, in the same
 * branch; the corporate no longer sees them. (The screen asks for confirmation first.)
 */
export const removeOwnStudent = command({
  name: 'student.leave-corporate',
  entity: 'students',
  load: (ctx, { id }: { id: number }) => findStudentInScope(ctx, id),
  authorize: authorizeOnStudent('remove'),
  run: async (ctx, { id }, before) => {
    await repo.moveStudent(ctx.db, id, before.userId, { branchId: before.branchId ?? 0, corporateId: null });
    return { id };
  },
  audit: ({ before }) => ({ before: { corporateId: before.corporateId }, after: { corporateId: null } }),
  message: 'RECORDS_UPDATED',
});
