import { type StudentAttachment, translateMessage } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { deleteFileRecord, findFileWithOwner } from '../files/repo.ts';
import * as repo from './repo.ts';
import { findStudentInScope } from './service.ts';

/**
 * Replaces a student's photo or ID copy. The old file leaves the store: personal data is kept
 * once, not in every version it ever had.
 */
export async function replaceAttachment(
  ctx: Ctx,
  store: FileStore,
  id: number,
  kind: StudentAttachment,
  file: ReceivedFile | undefined,
) {
  const actor = actorOf(ctx);
  if (!file) throw new AppError('REQUIRED', { status: 400, fields: { file: 'REQUIRED' } });
  const student = await findStudentInScope(ctx, id);
  const previousId = kind === 'photo' ? student.photoFileId : student.idCopyFileId;
  const previous = previousId ? await findFileWithOwner(ctx.db, previousId) : undefined;
  const saved = await store.save(file.bytes, file.mimeType);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertFileRecord(tx, saved, `student-${kind}`, student.userId);
      await repo.setAttachment(tx, id, kind, saved.id);
      if (previous) await deleteFileRecord(tx, previous.id);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: `student.${kind}.replace`,
        entity: 'students',
        entityId: id,
        ip: ctx.ip,
      });
    });
  } catch (error) {
    await store.remove(saved.storageKey);
    throw error;
  }
  if (previous) await store.remove(previous.storageKey);
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
