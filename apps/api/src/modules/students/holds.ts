import { translateMessage } from '@tasreeh/shared';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import * as repo from './repo.ts';
import { checkPlacement, findStudentInScope } from './service.ts';

/** Puts a student on hold, or takes the hold off, with the reason (kept on the student and in the audit log). */
export async function setStudentHold(ctx: Ctx, id: number, onHold: boolean, reason: string) {
  const actor = actorOf(ctx);
  const before = await findStudentInScope(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await repo.setHold(tx, id, onHold, onHold ? reason : null);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: onHold ? 'student.hold' : 'student.unhold',
      entity: 'students',
      entityId: id,
      before: { onHold: before.onHold, holdReason: before.holdReason },
      after: { onHold, reason },
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/** Moves a student to another branch and/or corporate (student-transfer); both ends must be in the actor's reach. */
export async function transferStudent(
  ctx: Ctx,
  id: number,
  input: { branchId?: number; corporateId?: number | null; reason: string },
) {
  const actor = actorOf(ctx);
  const before = await findStudentInScope(ctx, id);
  const target = {
    branchId: input.branchId ?? before.branchId ?? 0,
    corporateId: input.corporateId === undefined ? before.corporateId : input.corporateId,
  };
  await checkPlacement(ctx, target);
  await ctx.db.transaction(async (tx) => {
    await repo.moveStudent(tx, id, before.userId, target);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'student.transfer',
      entity: 'students',
      entityId: id,
      before: { branchId: before.branchId, corporateId: before.corporateId },
      after: { ...target, reason: input.reason },
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
