import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, students, users } from '../../db/schema/index.ts';
import type { StoredFile } from '../../lib/file-store.ts';

/** Whether an account already uses this e-mail, ID number or phone. */
export async function isAlreadyRegistered(
  db: Db,
  values: { email: string; idNumber: string; phone: string },
) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, values.email.toLowerCase()),
        eq(users.idNumber, values.idNumber),
        eq(users.phone, values.phone),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertFileRecord(db: Db, file: StoredFile, kind: string, ownerUserId: number) {
  await db.insert(files).values({ ...file, kind, ownerUserId });
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function insertStudent(db: Db, values: typeof students.$inferInsert) {
  const [row] = await db.insert(students).values(values).returning({ id: students.id });
  if (!row) throw new Error('student insert returned nothing');
  return row.id;
}
