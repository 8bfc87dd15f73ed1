import { command } from '../../lib/command.ts';
import * as repo from './repo.ts';
import { authorizeOnStudent, checkPlacement, findStudentInScope } from './service.ts';

/** Puts a student on hold, or takes the hold off, with the reason (kept on the student and in the audit log). */
function holdCommand(onHold: boolean) {
  return command({
    name: onHold ? 'student.hold' : 'student.unhold',
    entity: 'students',
    load: (ctx, { id }: { id: number; reason: string }) => findStudentInScope(ctx, id),
    authorize: authorizeOnStudent('hold'),
    run: async (ctx, { id, reason }) => {
      await repo.setHold(ctx.db, id, onHold, onHold ? reason : null);
      return { id };
    },
    audit: ({ input, before }) => ({
      before: { onHold: before.onHold, holdReason: before.holdReason },
      after: { onHold, reason: input.reason },
    }),
    message: 'RECORDS_UPDATED',
  });
}

export const holdStudent = holdCommand(true);
export const unholdStudent = holdCommand(false);

interface TransferRequest {
  id: number;
  input: { branchId?: number; corporateId?: number | null; reason: string };
}

/** Moves a student to another branch and/or corporate (student-transfer); both ends must be in the actor's reach. */
export const transferStudent = command({
  name: 'student.transfer',
  entity: 'students',
  load: (ctx, { id }: TransferRequest) => findStudentInScope(ctx, id),
  authorize: authorizeOnStudent('transfer'),
  run: async (ctx, { id, input }, before) => {
    const target = {
      branchId: input.branchId ?? before.branchId ?? 0,
      corporateId: input.corporateId === undefined ? before.corporateId : input.corporateId,
    };
    await checkPlacement(ctx, target);
    await repo.moveStudent(ctx.db, id, before.userId, target);
    return { id, target };
  },
  audit: ({ input, before, result }) => ({
    before: { branchId: before.branchId, corporateId: before.corporateId },
    after: { ...result.target, reason: input.input.reason },
  }),
  message: 'RECORDS_UPDATED',
});
