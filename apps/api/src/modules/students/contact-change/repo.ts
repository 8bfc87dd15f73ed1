import type { ContactField } from '@tasreeh/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contactChanges, users } from '../../../db/schema/index.ts';

/** The login e-mail and phone of an account. */
export async function findLoginContacts(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

/** Puts a change waiting for its code, in place of any earlier one of the account. */
export async function savePendingChange(db: Db, values: typeof contactChanges.$inferInsert) {
  const { userId: _userId, ...rest } = values;
  await db
    .insert(contactChanges)
    .values(values)
    .onConflictDoUpdate({
      target: contactChanges.userId,
      set: { ...rest, failedAttempts: 0, createdAt: sql`now()`, updatedAt: sql`now()` },
    });
}

/** A change whose code can still be entered: not expired, tries left. */
function isLive(maxTries: number) {
  return and(gt(contactChanges.expiresAt, sql`now()`), lt(contactChanges.failedAttempts, maxTries));
}

/** The account's waiting change, if its code can still be entered. */
export async function findLiveChange(db: Db, userId: number, maxTries: number) {
  const [row] = await db
    .select()
    .from(contactChanges)
    .where(and(eq(contactChanges.userId, userId), isLive(maxTries)));
  return row;
}

/** Counts a wrong code against this change; the last allowed try leaves it unusable. */
export async function recordWrongTry(db: Db, userId: number, codeId: string) {
  await db
    .update(contactChanges)
    .set({ failedAttempts: sql`${contactChanges.failedAttempts} + 1` })
    .where(and(eq(contactChanges.userId, userId), eq(contactChanges.codeId, codeId)));
}

/**
 * Takes the change whose code was entered: removes it and returns it, if it is still live. One
 * statement, so of parallel entries of one code exactly one gets it.
 */
export async function takeChange(db: Db, userId: number, codeId: string, maxTries: number) {
  const [row] = await db
    .delete(contactChanges)
    .where(and(eq(contactChanges.userId, userId), eq(contactChanges.codeId, codeId), isLive(maxTries)))
    .returning({ field: contactChanges.field, newValue: contactChanges.newValue });
  return row;
}

/** Writes the account's new login e-mail or phone. */
export async function setLoginContact(db: Db, userId: number, field: ContactField, value: string) {
  await db
    .update(users)
    .set(field === 'email' ? { email: value } : { phone: value })
    .where(eq(users.id, userId));
}
