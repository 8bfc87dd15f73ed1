import { type CorporateAttachment, translateMessage } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { deleteFileRecord, findFileWithOwner } from '../files/repo.ts';
import * as repo from './repo.ts';
import { getCorporate } from './service.ts';

/** The stored file's kind: the files policy lets staff who may read corporates see it. */
const corporateFileKind = (kind: CorporateAttachment) => `corporate-${kind}`;

/**
 * Adds or replaces a corporate's commercial register copy or licence copy. The file belongs to
 * the corporate's own login; the copy it replaces leaves the store.
 */
export async function replaceCorporateAttachment(
  ctx: Ctx,
  store: FileStore,
  id: number,
  kind: CorporateAttachment,
  file: ReceivedFile | undefined,
) {
  const actor = actorOf(ctx);
  if (!file) throw new AppError('REQUIRED', { status: 400, fields: { file: 'REQUIRED' } });
  const corporate = await getCorporate(ctx, id);
  const previousId = kind === 'crCopy' ? corporate.crCopyFileId : corporate.licenceCopyFileId;
  const previous = previousId ? await findFileWithOwner(ctx.db, previousId) : undefined;
  const saved = await store.save(file.bytes, file.mimeType);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertFileRecord(tx, saved, corporateFileKind(kind), corporate.userId);
      await repo.setAttachment(tx, id, kind, saved.id);
      if (previous) await deleteFileRecord(tx, previous.id);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: `corporate.${kind}.replace`,
        entity: 'corporates',
        entityId: id,
        ip: ctx.ip,
      });
    });
  } catch (error) {
    await store.remove(saved.storageKey);
    throw error;
  }
  if (previous) await store.remove(previous.storageKey);
  return { id, message: translateMessage(previous ? 'RECORDS_UPDATED' : 'RECORDS_SAVED', ctx.lang) };
}
