import { and, count, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { StartupError } from '../config.ts';
import type { Db } from '../db/client.ts';
import { contactChanges, isDemoAccount, oneTimeCodes, sessions, users } from '../db/schema/index.ts';
import { writeAudit } from '../lib/audit.ts';

/**
 * What a removed demo account's password hash is replaced with: not an argon2 string, so no
 * password ever matches it (verifyPassword answers false), and the mark that it was removed.
 */
export const REMOVED_DEMO_PASSWORD_HASH = '!removed-demo-account';

/** A demo account that can still be used: not yet removed by `npm run demo:remove`. */
const usableDemoAccount = and(isDemoAccount(users), ne(users.passwordHash, REMOVED_DEMO_PASSWORD_HASH));

/** A demo account `npm run demo:remove` has disabled. */
export const removedDemoAccount = sql`(${isDemoAccount(users)} and ${users.passwordHash} = ${REMOVED_DEMO_PASSWORD_HASH})`;

/** How many demo accounts could still log in (or be brought back to): read through the demo index. */
export async function countUsableDemoAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(usableDemoAccount);
  return row?.value ?? 0;
}

/**
 * Production's refusal to start on a database that still has demo accounts: their password is
 * published (and their e-mails are nobody's), so the demo super admin would log in from anywhere.
 */
export async function refuseDemoAccounts(db: Db): Promise<void> {
  const usable = await countUsableDemoAccounts(db);
  if (usable === 0) return;
  throw new StartupError(
    `This database still has ${usable} demo account${usable === 1 ? '' : 's'} (seeded in development with the ` +
      'published demo password, or with a demo e-mail): production does not start with them.\n' +
      'Stop every server on this database and run `npm run demo:remove` (with the same DATABASE_URL or ' +
      'DATA_DIR): it disables every demo account and ends its sessions, and touches no other account. ' +
      'Then start again.',
  );
}

export interface DemoRemoval {
  /** Demo accounts disabled by this run (0 when an earlier run did it). */
  removed: number;
  sessionsEnded: number;
}

/**
 * Disables every usable demo account, in one transaction: inactive, its password hash replaced by
 * one nothing matches, its sessions ended, its open one-time codes and contact changes gone, its
 * phone, username and ID number freed for the real people who may hold them. Rows are kept, not
 * deleted: bookings, payments, invoices, credit notes, the journal, certificates and the audit
 * log name them, and those records are never edited or removed. A second run finds nothing.
 * Each account gets an audit row (no actor: the operator at the console).
 */
export async function removeDemoAccounts(db: Db): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const disabled = await tx
      .update(users)
      .set({
        status: 'inactive',
        passwordHash: REMOVED_DEMO_PASSWORD_HASH,
        changePassword: false,
        phone: null,
        username: null,
        idNumber: null,
        updatedAt: sql`now()`,
      })
      .where(usableDemoAccount)
      .returning({ id: users.id, email: users.email });
    const ids = disabled.map((user) => user.id);
    if (ids.length === 0) return { removed: 0, sessionsEnded: 0 };
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    // A code or reset grant asked for before the removal is of no use after it.
    await tx
      .update(oneTimeCodes)
      .set({ burnedAt: sql`now()`, grantUsedAt: sql`coalesce(${oneTimeCodes.grantUsedAt}, now())` })
      .where(
        and(
          inArray(oneTimeCodes.userId, ids),
          or(isNull(oneTimeCodes.burnedAt), isNull(oneTimeCodes.grantUsedAt)),
        ),
      );
    await tx.delete(contactChanges).where(inArray(contactChanges.userId, ids));
    for (const user of disabled) {
      await writeAudit(tx, {
        actorUserId: null,
        action: 'user.demo-remove',
        entity: 'users',
        entityId: user.id,
        after: { email: user.email, status: 'inactive' },
      });
    }
    return { removed: ids.length, sessionsEnded: ended.length };
  });
}
