import { notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { canSeeFile } from './policy.ts';
import { findFileWithOwner } from './repo.ts';

/**
 * A stored file for a caller allowed to see it; 404 for everyone else, so that ids cannot be
 * probed. Every look at someone else's personal file is written to the audit log.
 */
export async function readFileFor(ctx: Ctx, store: FileStore, id: string) {
  const actor = actorOf(ctx);
  const file = await findFileWithOwner(ctx.db, id);
  if (!file || !canSeeFile(actor, file)) throw notFound();
  if (file.ownerUserId !== actor.userId) {
    await writeAudit(ctx.db, {
      actorUserId: actor.userId,
      action: 'file.read',
      entity: 'files',
      entityId: file.id,
      ip: ctx.ip,
    });
  }
  return { bytes: await store.read(file.storageKey), mimeType: file.mimeType };
}
