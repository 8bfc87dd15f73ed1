import type { Db } from '../../db/client.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import type { StoredFile } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import type { Authorization } from '../../lib/policy.ts';
import { deleteFileRecord, findFile, insertFileRecord } from './repo.ts';

/** A file a command gives a record in place of its previous one (or its first). */
export interface FileChange {
  file: ReceivedFile;
  /** The new file's kind (kinds.ts) and whose personal data it is (null: nobody's). */
  kind: string;
  ownerUserId: number | null;
  /** The file it replaces, if there is one. */
  previousId: string | null;
  /** Points the holder's record at the new file, inside the command's transaction. */
  link: (tx: Db, fileId: string) => Promise<void>;
}

/**
 * Inside a command: stores the new file (it leaves the store again if the command does not
 * commit), records and links it, and removes the previous record; the previous bytes leave the
 * store once the command has committed. Personal data is kept once, not in every version it had.
 * Returns what the audit row should say: ids, type and size — never the bytes.
 */
export async function changeStoredFile(ctx: CommandCtx, change: FileChange) {
  const previous = change.previousId ? await findFile(ctx.db, change.previousId) : undefined;
  const saved = await ctx.saveFile(change.file);
  await insertFileRecord(ctx.db, saved, change.kind, change.ownerUserId);
  await change.link(ctx.db, saved.id);
  if (previous) {
    await deleteFileRecord(ctx.db, previous.id);
    ctx.afterCommit(() => ctx.files.remove(previous.storageKey));
  }
  return {
    before: { fileId: previous?.id ?? null },
    after: { fileId: saved.id, mimeType: saved.mimeType, sizeBytes: saved.sizeBytes },
  };
}

/** Inside a command: stores and records received files, each of the kind its name gives, all one owner's. */
export async function saveFileRecords<Name extends string>(
  ctx: CommandCtx,
  received: Partial<Record<Name, ReceivedFile>>,
  kindOf: (name: Name) => string,
  ownerUserId: number,
): Promise<Partial<Record<Name, StoredFile>>> {
  const saved: Partial<Record<Name, StoredFile>> = {};
  for (const [name, file] of Object.entries(received) as [Name, ReceivedFile | undefined][]) {
    if (!file) continue;
    const stored = await ctx.saveFile(file);
    await insertFileRecord(ctx.db, stored, kindOf(name), ownerUserId);
    saved[name] = stored;
  }
  return saved;
}

/**
 * The command that gives a record a new public image (nobody's personal data), in place of its
 * previous one: the record is locked first, so that parallel uploads each remove the one before.
 */
export function publicImageCommand(spec: {
  name: string;
  entity: string;
  kind: string;
  /** Locks the record (404/403 to refuse) and says which image it has now. */
  lock: (ctx: CommandCtx, id: number) => Promise<{ imageFileId: string | null }>;
  link: (tx: Db, id: number, fileId: string) => Promise<void>;
  /** Who may change the record's image: its area's policy, asked once the record is locked. */
  authorize: Authorization<{ id: number; file: ReceivedFile }, { imageFileId: string | null }>;
}) {
  return command({
    name: spec.name,
    entity: spec.entity,
    load: (ctx, { id }: { id: number; file: ReceivedFile }) => spec.lock(ctx, id),
    authorize: spec.authorize,
    run: async (ctx, { id, file }, record) => {
      const change = await changeStoredFile(ctx, {
        file,
        kind: spec.kind,
        ownerUserId: null,
        previousId: record.imageFileId,
        link: (tx, fileId) => spec.link(tx, id, fileId),
      });
      return { id, change };
    },
    // Ids, type and size of the files: never the bytes the input holds.
    audit: ({ result }) => result.change,
    message: 'RECORDS_UPDATED',
  });
}
