import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { sessionOf, suiteAddress } from './actors.ts';
import { apiRoutes, minimalUrl, openApiDocument } from './routes.ts';

/**
 * Forged and revoked bearer tokens on every route that needs a session: each must be a 401.
 * The forgeries start from a real super-admin token, so an accepted one would open everything.
 */

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

let t: TestApp;
let forgeries: Record<string, string>;
let revoked: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await sessionOf(t, 'superadmin@tasreeh.test');
  const other = await sessionOf(t, 'teller@tasreeh.test');
  const [header, payload, signature] = admin.token.split('.') as [string, string, string];
  const claims = decodeJwt(admin.token);
  const key = t.app.deps.tokenKey;
  const now = Math.floor(Date.now() / 1000);
  const sign = (body: Record<string, unknown>, options: { alg?: string; key?: Uint8Array } = {}) =>
    new SignJWT(body).setProtectedHeader({ alg: options.alg ?? 'HS256' }).sign(options.key ?? key);
  const tellerSession = decodeJwt(other.token).sid;

  forgeries = {
    'bad signature (another secret)': await sign(claims, {
      key: new TextEncoder().encode('not-the-secret-not-the-secret-0000'),
    }),
    'signature cut off': `${header}.${payload}.`,
    'signature of another token': `${header}.${payload}.${other.token.split('.')[2]}`,
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none, upper case': `${base64url({ alg: 'NONE' })}.${payload}.`,
    'another algorithm (HS512, right secret)': await sign(claims, { alg: 'HS512' }),
    'expired (right secret, live session)': await sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
    'tampered payload (subject changed, old signature)': `${header}.${base64url({ ...claims, sub: String(other.userId) })}.${signature}`,
    'tampered payload (expiry pushed out, old signature)': `${header}.${base64url({ ...claims, exp: now + 10 * 365 * 86400 })}.${signature}`,
    "right secret, another user's session": await sign({ ...claims, sid: tellerSession }),
    'right secret, a session that never existed': await sign({ ...claims, sid: randomUUID() }),
    'right secret, no session id': await sign({ sub: claims.sub, exp: claims.exp }),
    'not a token at all': 'garbage',
    'empty parts': '..',
  };

  const doomed = await sessionOf(t, 'superadmin@tasreeh.test');
  const logout = await t.call({
    method: 'POST',
    url: '/api/auth/logout',
    token: doomed.token,
    remoteAddress: suiteAddress(),
  });
  if (logout.statusCode !== 200) throw new Error(`logout failed: ${logout.body}`);
  revoked = doomed.token;
  // The real token works: the 401s below are the forgeries' doing.
  const control = await t.call({
    method: 'POST',
    url: '/api/auth/test-token',
    token: admin.token,
    payload: {},
    remoteAddress: suiteAddress(),
  });
  if (control.statusCode !== 200) throw new Error(`the real token does not work: ${control.body}`);
});
afterAll(async () => {
  await t.close();
});

describe('forged and revoked tokens', () => {
  it('are a 401 on every route that needs a session', async () => {
    const document = await openApiDocument(t);
    const routes = apiRoutes(t).filter((route) => route.access !== 'public');
    const tokens = { ...forgeries, 'revoked (after logout)': revoked };
    const accepted: string[] = [];
    const byStatus: Record<number, number> = {};
    let calls = 0;
    for (const route of routes) {
      for (const [kind, token] of Object.entries(tokens)) {
        const response = await t.call({
          method: route.method as 'GET',
          url: minimalUrl(document, route),
          token,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          remoteAddress: suiteAddress(),
        });
        calls++;
        byStatus[response.statusCode] = (byStatus[response.statusCode] ?? 0) + 1;
        if (response.statusCode !== 401)
          accepted.push(`${route.method} ${route.url} with ${kind}: ${response.statusCode}`);
      }
    }
    console.info(
      [
        `tokens: ${Object.keys(tokens).length} forged or revoked tokens × ${routes.length} session routes = ${calls} calls; by status ${JSON.stringify(byStatus)}`,
        `  not refused with 401: ${accepted.length}${accepted.map((line) => `\n    ${line}`).join('')}`,
      ].join('\n'),
    );
    expect(accepted).toEqual([]);
  });
});
