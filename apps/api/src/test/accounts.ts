import { desc, eq } from 'drizzle-orm';
import { branches, outbox, permissionGroups } from '../db/schema/index.ts';
import { settleFirstLogin } from './first-login.ts';
import type { TestApp } from './test-app.ts';

/** The id of a seeded branch by its code (`RUH-01`: where the branch-bound demo staff work). */
export async function branchIdOf(t: TestApp, code: 'RUH-01' | 'JED-01'): Promise<number> {
  const [row] = await t.db.select({ id: branches.id }).from(branches).where(eq(branches.code, code));
  if (!row) throw new Error(`no seeded branch ${code}`);
  return row.id;
}

/** The id of a seeded permission group by its English name ("Tellers"…). */
export async function groupIdOf(t: TestApp, nameEn: string): Promise<number> {
  const [row] = await t.db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(eq(permissionGroups.nameEn, nameEn));
  if (!row) throw new Error(`no seeded permission group ${nameEn}`);
  return row.id;
}

/** The generated password of the latest SMS sent, as a login opened by staff receives it. */
export async function lastSentPassword(t: TestApp): Promise<string> {
  const [sms] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const password = sms?.body.match(/password (\S+?)[,;]/)?.[1];
  if (!password) throw new Error(`no password in the latest message: ${sms?.body}`);
  return password;
}

/**
 * Logs in with a login name (e-mail, CR or ID number) and a password; returns the bearer token.
 * An account opened by staff comes back settled, as if its first-login password change were done.
 */
export async function tokenOf(t: TestApp, login: string, password: string): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: login, password },
  });
  if (response.statusCode !== 200) throw new Error(`login as ${login} failed: ${response.body}`);
  const body = response.json<{ access_token: string; userId: number; changePassword: boolean }>();
  if (body.changePassword) await settleFirstLogin(t.db, body.userId);
  return body.access_token;
}
