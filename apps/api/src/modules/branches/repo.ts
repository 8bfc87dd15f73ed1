import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/index.ts';

const publicColumns = {
  id: branches.id,
  code: branches.code,
  nameEn: branches.nameEn,
  nameAr: branches.nameAr,
};

export function listPublicBranches(db: Db) {
  return db.select(publicColumns).from(branches).orderBy(asc(branches.nameEn));
}

export async function findBranch(db: Db, id: number) {
  const [row] = await db.select(publicColumns).from(branches).where(eq(branches.id, id));
  return row;
}
