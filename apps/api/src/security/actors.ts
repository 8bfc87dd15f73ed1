import { USER_TYPES, type UserType } from '@tasreeh/shared';
import { DEMO_PASSWORD, demoEmailOf } from '../seed/demo-users.ts';
import type { TestApp } from '../test/test-app.ts';

/** The password the suite gives an account that must change its own first (corporate first login). */
export const SUITE_PASSWORD = 'Probe-Matrix#2026q';

let addressSeed = 0;
/** A fresh client address per call, so that per-address limits never stand in for access rules. */
export const suiteAddress = () =>
  `100.64.${Math.floor(addressSeed / 250) % 250}.${(addressSeed++ % 250) + 1}`;

export interface Session {
  token: string;
  userId: number;
}

async function logIn(t: TestApp, login: string, password: string) {
  return t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: login, password },
    remoteAddress: suiteAddress(),
  });
}

/**
 * Logs in as a demo account (the demo account of a user type, or another login name). An
 * account that must change its password first (corporates) changes it through the API, then
 * logs in again, so that what the suite sees are the account's real rights.
 */
export async function sessionOf(t: TestApp, login: string): Promise<Session> {
  let response = await logIn(t, login, DEMO_PASSWORD);
  if (response.statusCode !== 200) response = await logIn(t, login, SUITE_PASSWORD);
  if (response.statusCode !== 200) throw new Error(`login as ${login} failed: ${response.body}`);
  const body = response.json<{ access_token: string; userId: number; changePassword: boolean }>();
  if (!body.changePassword) return { token: body.access_token, userId: body.userId };
  const changed = await t.call({
    method: 'POST',
    url: '/api/auth/reset-password',
    token: body.access_token,
    payload: { oldPassword: DEMO_PASSWORD, newPassword: SUITE_PASSWORD },
    remoteAddress: suiteAddress(),
  });
  if (changed.statusCode !== 200) throw new Error(`password change of ${login} failed: ${changed.body}`);
  const again = await logIn(t, login, SUITE_PASSWORD);
  if (again.statusCode !== 200) throw new Error(`login as ${login} after its change failed: ${again.body}`);
  const fresh = again.json<{ access_token: string; userId: number; changePassword: boolean }>();
  if (fresh.changePassword) throw new Error(`${login} still must change its password`);
  return { token: fresh.access_token, userId: fresh.userId };
}

/** A session for the demo account of every user type of packages/shared. */
export async function sessionsOfEveryType(t: TestApp): Promise<Record<UserType, Session>> {
  const sessions = {} as Record<UserType, Session>;
  for (const type of USER_TYPES) sessions[type] = await sessionOf(t, demoEmailOf(type));
  return sessions;
}
