import { notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { canSeeFile } from './policy.ts';
import { findFileOfKind, findFileWithHolder } from './repo.ts';

/** Opens a file for a caller allowed to see it; a look at someone else's personal file is audited. */
const openFile = command({
  name: 'file.read',
  entity: 'files',
  run: async (ctx, { id }: { id: string }) => {
    const actor = actorOf(ctx);
    const file = await findFileWithHolder(ctx.db, id);
    if (!file || !canSeeFile(actor, file)) throw notFound();
    return { storageKey: file.storageKey, mimeType: file.mimeType, own: file.ownerUserId === actor.userId };
  },
  audit: ({ input, result }) => (result.own ? null : { entityId: input.id, after: null }),
});

/**
 * A stored file for a caller allowed to see it; 404 for everyone else, so that ids cannot be
 * probed. Every look at someone else's personal file is written to the audit log.
 */
export async function readFileFor(ctx: Ctx, store: FileStore, id: string) {
  const file = await openFile(ctx, { id });
  return { bytes: await store.read(file.storageKey), mimeType: file.mimeType };
}

/** The bytes of a public image (a file nobody owns) by its id and kind; 404 for any other file. */
export async function readPublicImage(ctx: Ctx, store: FileStore, id: string | null, kind: string) {
  const file = id ? await findFileOfKind(ctx.db, id, kind) : undefined;
  if (!file) throw notFound();
  return { bytes: await store.read(file.storageKey), mimeType: file.mimeType };
}
