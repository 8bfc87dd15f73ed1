import { and, asc, eq, inArray, lt, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  centers,
  certificates,
  corporateAttachments,
  courses,
  dailyClosings,
  examCheckinPhotos,
  files,
  payments,
  products,
  questionAnswers,
  questions,
  sensitiveAccessLog,
  students,
} from '../../db/schema/index.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { FileKind } from './kinds.ts';

/**
 * Every column that points at a stored file (every foreign key to `files`; a test compares this
 * list with the database's constraints, so a new one cannot be forgotten). A file any of them
 * names is never removed, whatever its kind.
 */
export const FILE_REFERENCES: readonly [PgTable, AnyPgColumn][] = [
  [students, students.photoFileId],
  [students, students.idCopyFileId],
  [corporateAttachments, corporateAttachments.fileId],
  [centers, centers.crCopyFileId],
  [centers, centers.licenceCopyFileId],
  [courses, courses.imageFileId],
  [products, products.imageFileId],
  [payments, payments.wireCopyFileId],
  [questions, questions.imageFileId],
  [questions, questions.audioFileId],
  [questionAnswers, questionAnswers.audioFileId],
  [examCheckinPhotos, examCheckinPhotos.fileId],
  [certificates, certificates.photoFileId],
  [sensitiveAccessLog, sensitiveAccessLog.fileId],
  [dailyClosings, dailyClosings.depositSlipFileId],
];

/** Whether any row of any table names the file of the query's `files` row. */
const isReferenced: SQL = sql`(${sql.join(
  FILE_REFERENCES.map(
    ([table, column]) => sql`exists (select 1 from ${table} where ${column} = ${files.id})`,
  ),
  sql` or `,
)})`;

/** How long an upload may wait for the record that names it (a builder's tab left open overnight). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** How many files one transaction of the sweep takes at most. */
const BATCH = 100;

interface OrphanSweep {
  /** The kind of file swept: files of any other kind are never touched. */
  kind: string;
  now?: Date;
  graceMs?: number;
  batch?: number;
}

/**
 * Removes the files of one kind that no row names and that are older than the grace period, from
 * the database and from the disk, in batches; many processes may sweep at once.
 *
 * 1. Mark: a batch of unnamed old files is taken `FOR UPDATE SKIP LOCKED` (a command naming one
 *    holds it locked, so it is skipped) and, checked again, given the kind `removing-<kind>`:
 *    no command names a file of that kind any more. Committed.
 * 2. Remove: marked files are taken `FOR UPDATE SKIP LOCKED` and looked at once more with a fresh
 *    snapshot, the lock keeping new references out: one some row names after all goes back to its
 *    kind. The bytes of the others leave the disk, then their rows go. A file whose bytes could
 *    not be removed is logged and keeps its marked row, so the next sweep tries again (as it
 *    does for rows left marked by a process that stopped between the two steps).
 *
 * Returns how many files it removed.
 */
export async function sweepOrphanFiles(
  db: Db,
  store: FileStore,
  log: Pick<FastifyBaseLogger, 'error'>,
  sweep: OrphanSweep,
): Promise<number> {
  const cutoff = new Date((sweep.now ?? new Date()).getTime() - (sweep.graceMs ?? ORPHAN_GRACE_MS));
  const batch = sweep.batch ?? BATCH;
  const marked = FileKind.removing(sweep.kind);

  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.kind, sweep.kind), lt(files.createdAt, cutoff), not(isReferenced)))
        .orderBy(asc(files.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(files)
        .set({ kind: marked })
        .where(
          and(
            inArray(
              files.id,
              due.map((row) => row.id),
            ),
            not(isReferenced),
          ),
        );
      return due.length;
    });
    if (taken < batch) break;
  }

  let removed = 0;
  const failed: string[] = [];
  for (;;) {
    const { taken, gone } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: files.id, storageKey: files.storageKey })
        .from(files)
        .where(and(eq(files.kind, marked), failed.length > 0 ? notInArray(files.id, failed) : undefined))
        .orderBy(asc(files.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { taken: 0, gone: [] };
      const ids = rows.map((row) => row.id);
      const restored = await tx
        .update(files)
        .set({ kind: sweep.kind })
        .where(and(inArray(files.id, ids), isReferenced))
        .returning({ id: files.id });
      const named = new Set(restored.map((row) => row.id));
      const gone: string[] = [];
      for (const row of rows) {
        if (named.has(row.id)) continue;
        try {
          await store.remove(row.storageKey);
          gone.push(row.id);
        } catch (error) {
          failed.push(row.id);
          log.error(
            { err: error, fileId: row.id },
            'an orphaned file could not be removed; the next sweep tries again',
          );
        }
      }
      if (gone.length > 0) {
        await tx.delete(files).where(inArray(files.id, gone));
        await writeAudit(tx, {
          actorUserId: null,
          action: 'file.orphans-removed',
          entity: 'files',
          entityId: null,
          before: { kind: sweep.kind, fileIds: gone },
          after: null,
        });
      }
      return { taken: rows.length, gone };
    });
    removed += gone.length;
    if (taken < batch) return removed;
  }
}
