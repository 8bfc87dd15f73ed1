import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { classrooms } from '../../../db/schema/index.ts';

const columns = {
  id: classrooms.id,
  branchId: classrooms.branchId,
  name: classrooms.name,
  capacity: classrooms.capacity,
};

export function listClassrooms(db: Db, branchId: number) {
  return db
    .select(columns)
    .from(classrooms)
    .where(eq(classrooms.branchId, branchId))
    .orderBy(asc(classrooms.name), asc(classrooms.id));
}

export async function findClassroom(db: Db, id: number) {
  const [row] = await db.select(columns).from(classrooms).where(eq(classrooms.id, id));
  return row;
}

/** Another room of the branch with this name (case aside). */
export async function hasClassroomNamed(db: Db, branchId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(
      and(
        eq(classrooms.branchId, branchId),
        eq(sql`lower(${classrooms.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : sql`${classrooms.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertClassroom(db: Db, values: { branchId: number; name: string; capacity: number }) {
  const [row] = await db.insert(classrooms).values(values).returning({ id: classrooms.id });
  if (!row) throw new Error('classroom insert returned nothing');
  return row.id;
}

export async function updateClassroom(db: Db, id: number, values: { name: string; capacity: number }) {
  await db.update(classrooms).set(values).where(eq(classrooms.id, id));
}

export async function deleteClassroom(db: Db, id: number) {
  await db.delete(classrooms).where(eq(classrooms.id, id));
}
