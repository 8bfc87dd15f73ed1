import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type FullConfig, request } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, type DemoAccount, demoEmail, logInThroughApi } from './accounts.ts';
import { sessionFile } from './sessions.ts';

/** The cookies' half day (spec §9), as the web app writes them. */
const HALF_DAY_SECONDS = 12 * 3600;

/**
 * The demo corporate must change its password at its first login: settled here once, through
 * the API (a password of its own, then the demo password back), so that every test signs in as
 * a corporate that has done so. The first-login screen itself is tested with the second demo
 * corporate (`alwaha`), whom nothing settles.
 */
async function settleFirstLogin(api: APIRequestContext, account: DemoAccount) {
  const temporary = 'e2eSettled2026x';
  for (const [oldPassword, newPassword] of [
    [DEMO_PASSWORD, temporary],
    [temporary, DEMO_PASSWORD],
  ]) {
    const session = await logInThroughApi(api, demoEmail(account), oldPassword);
    const changed = await api.post('/api/auth/reset-password', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: { oldPassword, newPassword },
    });
    if (!changed.ok()) throw new Error(`${account}: first-login change refused (${changed.status()})`);
  }
}

/**
 * Logs every demo account in once, through the API, and saves the session as the web app keeps
 * it (local storage `user` and `userId`, cookies `userType` and `privileges`): tests start
 * signed in instead of typing a login each time. The login screen is tested in login.spec.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL to sign the demo accounts in at');
  const api = await request.newContext({ baseURL });
  try {
    for (const account of ACCOUNTS) {
      if ('mustChangePassword' in account) await settleFirstLogin(api, account.slug);
    }
    await Promise.all(
      ACCOUNTS.map(async ({ slug }) => {
        const session = await logInThroughApi(api, demoEmail(slug), DEMO_PASSWORD);
        const cookie = (name: string, value: string) => ({
          name,
          value: encodeURIComponent(value),
          domain: new URL(baseURL).hostname,
          path: '/',
          expires: Math.floor(Date.now() / 1000) + HALF_DAY_SECONDS,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax' as const,
        });
        const state = {
          cookies: [
            cookie('userType', session.type),
            cookie('privileges', JSON.stringify(session.privileges)),
          ],
          origins: [
            {
              origin: new URL(baseURL).origin,
              localStorage: [
                { name: 'user', value: session.access_token },
                { name: 'userId', value: String(session.userId) },
              ],
            },
          ],
        };
        const file = sessionFile(slug);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(state));
      }),
    );
  } finally {
    await api.dispose();
  }
}
