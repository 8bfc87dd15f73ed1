import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

const LOCK_AFTER_FAILURES = 10;
const LOCK_MINUTES = 15;

const notLocked = or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`));

/**
 * Takes one of the account's ten tries before the password is checked: one statement, so
 * that parallel guesses cannot all slip in before the count catches up. False when the
 * account is locked or ten checks are already under way.
 */
async function reserveTry(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(and(eq(users.id, userId), notLocked, sql`${users.failedLoginCount} < ${LOCK_AFTER_FAILURES}`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Keeps a wrong try counted; the tenth locks the account for 15 minutes. Returns whether it is locked now. */
async function recordWrongTry(db: Db, userId: number): Promise<boolean> {
  const full = sql`${users.failedLoginCount} >= ${LOCK_AFTER_FAILURES}`;
  const [row] = await db
    .update(users)
    .set({
      lockedUntil: sql`case when ${full} then now() + make_interval(mins => ${LOCK_MINUTES}) else ${users.lockedUntil} end`,
      failedLoginCount: sql`case when ${full} then 0 else ${users.failedLoginCount} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return Boolean(row?.lockedUntil && row.lockedUntil > new Date());
}

/** A right password clears the count, unless the account was locked while it was being checked. */
async function clearTries(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedLoginCount: 0 })
    .where(and(eq(users.id, userId), notLocked))
    .returning({ id: users.id });
  return rows.length === 1;
}

export type TryOutcome = 'right' | 'wrong' | 'locked';

/**
 * Checks a password of an account under its lockout: ten wrong in a row (across all
 * addresses, counted in the database) lock it for 15 minutes, during which even the right
 * password is refused; a right one resets the count.
 */
export async function checkUnderLockout(
  db: Db,
  userId: number,
  check: () => Promise<boolean>,
): Promise<TryOutcome> {
  if (!(await reserveTry(db, userId))) return 'locked';
  if (await check()) return (await clearTries(db, userId)) ? 'right' : 'locked';
  return (await recordWrongTry(db, userId)) ? 'locked' : 'wrong';
}
