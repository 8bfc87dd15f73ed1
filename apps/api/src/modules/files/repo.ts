import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, users } from '../../db/schema/index.ts';

export async function findFileWithOwner(db: Db, id: string) {
  const [row] = await db
    .select({
      id: files.id,
      kind: files.kind,
      storageKey: files.storageKey,
      mimeType: files.mimeType,
      ownerUserId: files.ownerUserId,
      ownerBranchId: users.branchId,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.ownerUserId))
    .where(eq(files.id, id));
  return row;
}

export async function deleteFileRecord(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}
