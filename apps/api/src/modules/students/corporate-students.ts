import type { StudentInput } from '@tasreeh/shared';
import { translateMessage } from '@tasreeh/shared';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import * as repo from './repo.ts';
import { createStudent, findStudentInScope } from './service.ts';

/** A corporate adds a worker of its own (corporate area students/add-new-student): always with itself. */
export function addOwnStudent(ctx: Ctx, input: StudentInput) {
  return createStudent(ctx, { ...input, corporateId: actorOf(ctx).corporateId });
}

/**
 * A corporate stops booking for a student: the student stays, as an individual, in the same
 * branch; the corporate no longer sees them. (The screen asks for confirmation first.)
 */
export async function removeOwnStudent(ctx: Ctx, id: number) {
  const actor = actorOf(ctx);
  const before = await findStudentInScope(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.moveStudent(tx, id, before.userId, { branchId: before.branchId ?? 0, corporateId: null });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'student.leave-corporate',
      entity: 'students',
      entityId: id,
      before: { corporateId: before.corporateId },
      after: { corporateId: null },
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
