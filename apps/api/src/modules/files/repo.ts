import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, students } from '../../db/schema/index.ts';
import type { StoredFile } from '../../lib/file-store.ts';

const fileColumns = {
  id: files.id,
  kind: files.kind,
  storageKey: files.storageKey,
  mimeType: files.mimeType,
  ownerUserId: files.ownerUserId,
};

export async function findFile(db: Db, id: string) {
  const [row] = await db.select(fileColumns).from(files).where(eq(files.id, id));
  return row;
}

/** A stored file of one kind; a file of any other kind is not found. */
export async function findFileOfKind(db: Db, id: string, kind: string) {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.id, id), eq(files.kind, kind)));
  return row;
}

/**
 * Inside a transaction about to name the file: the file of that kind, held `FOR SHARE` until the
 * commit, so that the orphan sweep (files/orphans.ts) passes over it; undefined once swept.
 */
export async function holdFileOfKind(db: Db, id: string, kind: string) {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.id, id), eq(files.kind, kind)))
    .for('share');
  return row;
}

/** A file with, when its owner is a student, the branch and corporate that student is under. */
export async function findFileWithHolder(db: Db, id: string) {
  const [row] = await db
    .select({
      ...fileColumns,
      studentId: students.id,
      studentBranchId: students.branchId,
      studentCorporateId: students.corporateId,
    })
    .from(files)
    .leftJoin(students, eq(students.userId, files.ownerUserId))
    .where(eq(files.id, id));
  return row;
}

export type FileWithHolder = NonNullable<Awaited<ReturnType<typeof findFileWithHolder>>>;

/** The record of a stored file: its kind, and whose personal data it is (null: nobody's). */
export async function insertFileRecord(db: Db, file: StoredFile, kind: string, ownerUserId: number | null) {
  await db.insert(files).values({ ...file, kind, ownerUserId });
}

export async function deleteFileRecord(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}
