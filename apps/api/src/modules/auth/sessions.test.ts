import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/demo-users.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const testToken = (token: string) =>
  t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} });

/** The id of the session a token names (its `sid` claim). */
function sessionIdOf(token: string): string {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sid;
}

async function setLastSeen(token: string, minutesAgo: number) {
  await t.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(sessions.id, sessionIdOf(token)));
}

async function lastSeenAtOf(token: string): Promise<number> {
  const [row] = await t.db
    .select({ at: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(token)));
  return row?.at.getTime() ?? Number.NaN;
}

async function lastSeenAgeSeconds(token: string): Promise<number> {
  const [row] = await t.db
    .select({ age: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::int` })
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(token)));
  return Number(row?.age);
}

describe('the forced first-login password change, on the server', () => {
  it('refuses every route but the session check, the change and logout with 403 PASSWORD_CHANGE_REQUIRED', async () => {
    // The demo corporate, as seeded: its first-login change is due (loginAs would settle it).
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'corporate@tasreeh.test', password: DEMO_PASSWORD },
    });
    expect(login.json().changePassword).toBe(true);
    const token: string = login.json().access_token;
    for (const url of ['/api/students', '/api/corporate/students', '/api/branches']) {
      const response = await t.call({ method: 'GET', url, token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: 'Please change your password before you continue.',
      });
    }
    const arabic = await t.call({ method: 'GET', url: '/api/corporate/students', token, lang: 'ar' });
    expect(arabic.json().message).toBe('يرجى تغيير كلمة المرور قبل المتابعة.');

    const checked = await testToken(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ type: 'corporate', changePassword: true });

    const changed = await t.call({
      method: 'POST',
      url: '/api/auth/reset-password',
      token,
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'harbourlight9' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await testToken(token)).json().changePassword).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/corporate/students', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
  });

  it('lets a login that must change its password log out', async () => {
    const { token } = await t.loginAs('training center');
    await t.db.execute(
      sql`update users set change_password = true where id = (select user_id from sessions where id = ${sessionIdOf(token)})`,
    );
    expect((await t.call({ method: 'GET', url: '/api/center/profile', token })).json().code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect((await testToken(token)).statusCode).toBe(401);
  });

  it('names the routes open before the change in the route table, and no others', () => {
    const open = t.app.declaredRoutes
      .filter((route) => route.allowBeforePasswordChange)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(open).toEqual([
      'POST /api/auth/logout',
      'POST /api/auth/reset-password',
      'POST /api/auth/test-token',
    ]);
  });
});

describe('session lifetime', () => {
  it('ends a staff session after 30 idle minutes', async () => {
    const { token } = await t.loginAs('Teller');
    await setLastSeen(token, 29);
    expect((await testToken(token)).statusCode).toBe(200);
    await setLastSeen(token, 31);
    const response = await testToken(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it.each(['Instructor', 'Examiner', 'super admin'] as const)('counts %s as staff', async (type) => {
    const { token } = await t.loginAs(type);
    await setLastSeen(token, 31);
    expect((await testToken(token)).statusCode).toBe(401);
  });

  it.each(['student', 'medical center'] as const)(
    'keeps an idle %s session for its half day',
    async (type) => {
      const { token } = await t.loginAs(type);
      await setLastSeen(token, 6 * 60);
      expect((await testToken(token)).statusCode).toBe(200);
    },
  );

  it('ends every session after SESSION_HOURS (12) from login, busy or not', async () => {
    const { token } = await t.loginAs('student');
    const [row] = await t.db
      .select({
        hours: sql<number>`extract(epoch from ${sessions.expiresAt} - ${sessions.createdAt}) / 3600`,
      })
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(token)));
    expect(Math.round(Number(row?.hours))).toBe(12);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, sessionIdOf(token)));
    expect((await testToken(token)).statusCode).toBe(401);
  });

  it('marks a session seen at most once a minute', async () => {
    const { token } = await t.loginAs('CFO');
    await setLastSeen(token, 10);
    const tenMinutesAgo = await lastSeenAtOf(token);
    await testToken(token);
    // Marked seen again: moved to the request's now, ten minutes later, however long the call took.
    expect(await lastSeenAtOf(token)).toBeGreaterThanOrEqual(tenMinutesAgo + 10 * 60_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '40 seconds'` })
      .where(eq(sessions.id, sessionIdOf(token)));
    await testToken(token);
    expect(await lastSeenAgeSeconds(token)).toBeGreaterThanOrEqual(39);
  });

  it('keeps a staff session that is in use past 30 minutes from login', async () => {
    const { token } = await t.loginAs('COO');
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '2 hours'`, lastSeenAt: sql`now() - interval '20 minutes'` })
      .where(eq(sessions.id, sessionIdOf(token)));
    expect((await testToken(token)).statusCode).toBe(200);
    await setLastSeen(token, 25);
    expect((await testToken(token)).statusCode).toBe(200);
  });
});
