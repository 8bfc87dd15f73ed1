import { notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { filesPolicy } from './policy.ts';
import { type FileWithHolder, findFileOfKind, findFileWithHolder } from './repo.ts';

/** Opens a file for a caller allowed to see it; a look at someone else's personal file is audited. */
const openFile = command({
  name: 'file.read',
  entity: 'files',
  load: async (ctx, { id }: { id: string }) => {
    const file = await findFileWithHolder(ctx.db, id);
    if (!file) throw notFound();
    return file;
  },
  authorize: filesPolicy.authorize('read', (file: FileWithHolder) => file),
  run: async (ctx, _input, file) => ({
    storageKey: file.storageKey,
    mimeType: file.mimeType,
    own: file.ownerUserId === actorOf(ctx).userId,
  }),
  // Nothing of the file's record in the audit row: who looked, and at which file.
  audit: ({ input, result }) => (result.own ? null : { entityId: input.id, before: null, after: null }),
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
