import { normalizeDigits } from '@tasreeh/shared';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  corporates,
  permissionGroups,
  sessions,
  students,
  usedChallenges,
  users,
} from '../../db/schema/index.ts';
import { preparedPerDb } from '../../lib/prepared.ts';

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

/** A user as login and the session check read them, with `extra` columns when asked. */
function selectLoginUser<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ ...loginColumns, ...extra })
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
  const rows = await selectLoginUser(db, {}).where(where).limit(2);
  // A login that names two accounts (a username equal to someone's ID number) names none.
  return rows.length === 1 ? rows[0] : undefined;
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

/** Who keeps a session through idle time: people serving themselves, not staff at a shared desk. */
const SELF_SERVICE_TYPES = ['student', 'corporate', 'training center', 'medical center'] as const;
const STAFF_IDLE_MINUTES = 30;

/** What the session check reads of a session's user: never the password hash. */
const sessionUserColumns = {
  id: users.id,
  type: users.type,
  nameEn: users.nameEn,
  nameAr: users.nameAr,
  changePassword: users.changePassword,
  branchId: users.branchId,
  groupPrivileges: permissionGroups.privileges,
  studentId: students.id,
  corporateId: corporates.id,
  /** The session's last-seen time is over a minute old (and should be touched). */
  isStale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
};

/**
 * The live session's user, by session id: not revoked, not past its end (the half day of
 * SESSION_HOURS), for staff not idle for 30 minutes, and the user still active. Built and
 * prepared once per database (every request runs it), its values bound as parameters.
 */
const liveSessionUser = preparedPerDb((db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.permissionGroupId))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(corporates, eq(corporates.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        or(
          inArray(users.type, SELF_SERVICE_TYPES),
          gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${STAFF_IDLE_MINUTES})`),
        ),
        eq(users.status, 'active'),
      ),
    )
    .prepare('live_session_user'),
);

export async function findLiveSessionUser(db: Db, sessionId: string, userId: number) {
  const [row] = await liveSessionUser(db).execute({ sessionId, userId });
  return row;
}

/** Marks a session seen now; at most once a minute, so a busy session writes rarely. */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
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

/**
 * Records a proof-of-work challenge as used until it expires; false when it already was.
 * Expired records are dropped on the way, so the table holds only live ones.
 */
export async function recordUsedChallenge(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, sql`now()`));
  const rows = await db
    .insert(usedChallenges)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: usedChallenges.id });
  return rows.length === 1;
}

/** A user's password and first-login mark, locked for a change of password. */
export async function lockPasswordOf(db: Db, userId: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, changePassword: users.changePassword })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}
