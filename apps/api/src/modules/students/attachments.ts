import { type StudentAttachment, translateMessage } from '@tasreeh/shared';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { type ReceivedFile, requireFile } from '../../lib/multipart.ts';
import { FileKind } from '../files/kinds.ts';
import { replaceFile } from '../files/uploads.ts';
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
  received: ReceivedFile | undefined,
) {
  const file = requireFile(received, 'file');
  const student = await findStudentInScope(ctx, id);
  await replaceFile(ctx, store, {
    file,
    kind: FileKind.student(kind),
    ownerUserId: student.userId,
    previousId: kind === 'photo' ? student.photoFileId : student.idCopyFileId,
    link: (tx, fileId) => repo.setAttachment(tx, id, kind, fileId),
    audit: { action: `student.${kind}.replace`, entity: 'students', entityId: id },
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
