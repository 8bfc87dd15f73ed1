import { normalizeDigits } from '@tasreeh/shared';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { corporates, permissionGroups, sessions, students, users } from '../../db/schema/index.ts';

const loginColumns = {
  id: users.id,
  type: users.type,
  status: users.status,
  email: users.email,
  phone: users.phone,
  nameEn: users.nameEn,
  nameAr: users.nameAr,
  passwordHash: users.passwordHash,
  changePassword: users.changePassword,
  branchId: users.branchId,
  groupPrivileges: permissionGroups.privileges,
  studentId: students.id,
  corporateId: corporates.id,
};

function selectLoginUser(db: Db) {
  return db
    .select(loginColumns)
    .from(users)
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.permissionGroupId))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(corporates, eq(corporates.userId, users.id));
}

export type LoginUser = Awaited<ReturnType<typeof findUserByLogin>>;

/**
 * The user a login names: an e-mail for anyone, a username for staff, an ID number for
 * students, a commercial registration number for corporates.
 */
export async function findUserByLogin(db: Db, login: string) {
  const value = normalizeDigits(login.trim());
  const where = value.includes('@')
    ? eq(sql`lower(${users.email})`, value.toLowerCase())
    : or(
        eq(sql`lower(${users.username})`, value.toLowerCase()),
        eq(users.idNumber, value.toUpperCase()),
        eq(corporates.crNumber, value),
      );
  const rows = await selectLoginUser(db).where(where).limit(2);
  // A login that names two accounts (a username equal to someone's ID number) names none.
  return rows.length === 1 ? rows[0] : undefined;
}

export async function findUserById(db: Db, userId: number) {
  const [row] = await selectLoginUser(db).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, status: users.status })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row;
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      changePassword: false,
      passwordChangedAt: new Date(),
      failedLoginCount: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, userId));
}

export async function createSession(
  db: Db,
  values: { userId: number; expiresAt: Date; ip: string; userAgent: string | undefined },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The live session's user: not revoked, not expired, and the user still active. */
export async function findLiveSessionUser(db: Db, sessionId: string, userId: number) {
  const [row] = await selectLoginUser(db)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    );
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, but `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
