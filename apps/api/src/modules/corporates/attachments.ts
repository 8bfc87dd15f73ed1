import { type CorporateAttachment, translateMessage } from '@tasreeh/shared';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { type ReceivedFile, requireFile } from '../../lib/multipart.ts';
import { FileKind } from '../files/kinds.ts';
import { replaceFile } from '../files/uploads.ts';
import * as repo from './repo.ts';
import { getCorporate } from './service.ts';

/**
 * Adds or replaces a corporate's commercial register copy or licence copy. The file belongs to
 * the corporate's own login; the copy it replaces leaves the store.
 */
export async function replaceCorporateAttachment(
  ctx: Ctx,
  store: FileStore,
  id: number,
  kind: CorporateAttachment,
  received: ReceivedFile | undefined,
) {
  const file = requireFile(received, 'file');
  const corporate = await getCorporate(ctx, id);
  const { replaced } = await replaceFile(ctx, store, {
    file,
    kind: FileKind.corporate(kind),
    ownerUserId: corporate.userId,
    previousId: kind === 'crCopy' ? corporate.crCopyFileId : corporate.licenceCopyFileId,
    link: (tx, fileId) => repo.setAttachment(tx, id, kind, fileId),
    audit: { action: `corporate.${kind}.replace`, entity: 'corporates', entityId: id },
  });
  return { id, message: translateMessage(replaced ? 'RECORDS_UPDATED' : 'RECORDS_SAVED', ctx.lang) };
}
