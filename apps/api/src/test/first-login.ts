import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * Marks a login's forced first-login password change as done, keeping its password: for tests
 * about something else that act as an account opened by staff (its sessions are kept).
 */
export async function settleFirstLogin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ changePassword: false }).where(eq(users.id, userId));
}
