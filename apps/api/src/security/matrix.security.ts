import { readFile, writeFile } from 'node:fs/promises';
import { USER_TYPES, type UserType } from '@tasreeh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmailOf } from '../db/seed/demo-users.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type Session, sessionOf, sessionsOfEveryType, suiteAddress } from './actors.ts';
import { apiRoutes, minimalUrl, openApiDocument } from './routes.ts';

/**
 * The route × user-type matrix: every route of the route table, called with a minimal request
 * by anonymous and by the demo account of every user type, each answer classified as refused
 * (401, 403, or 404 from a route without an id) or allowed (anything else: a 2xx, or a 4xx the
 * route gave after access passed),
 * and compared with the reviewed table in expected-access.json.
 *
 * Regenerate the table (then review its diff): `npm run security:expected -w apps/api`.
 */
const EXPECTED_FILE = new URL('./expected-access.json', import.meta.url);
const WRITE_EXPECTED = process.env.SECURITY_WRITE_EXPECTED === '1';

type Caller = 'anonymous' | UserType;
const CALLERS: Caller[] = ['anonymous', ...USER_TYPES];

/**
 * A refusal: 401 or 403, or a 404 from a route with no id in its path — such a route hides itself
 * from callers it does not answer (the development outbox from anyone but the machine itself).
 */
function isRefusal(url: string, status: number): boolean {
  return status === 401 || status === 403 || (status === 404 && !url.includes(':'));
}

/** Routes that end the caller's session: called with a session of their own. */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

let t: TestApp;
let sessions: Record<UserType, Session>;
beforeAll(async () => {
  t = await buildTestApp();
  sessions = await sessionsOfEveryType(t);
});
afterAll(async () => {
  await t.close();
});

describe('route × user-type matrix', () => {
  it('lets in exactly the callers the reviewed table lists, with no 5xx', async () => {
    const document = await openApiDocument(t);
    const actual: Record<string, Caller[]> = {};
    const serverErrors: string[] = [];
    let calls = 0;
    const routes = apiRoutes(t).sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const allowed: Caller[] = [];
      for (const caller of CALLERS) {
        let token: string | undefined;
        if (caller !== 'anonymous') {
          token = SESSION_ENDING.has(name)
            ? (await sessionOf(t, demoEmailOf(caller))).token
            : sessions[caller].token;
        }
        const response = await t.call({
          method: route.method as 'GET',
          url: minimalUrl(document, route),
          token,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          remoteAddress: suiteAddress(),
        });
        calls++;
        if (response.statusCode >= 500) serverErrors.push(`${name} as ${caller}: ${response.statusCode}`);
        if (!isRefusal(route.url, response.statusCode)) allowed.push(caller);
      }
      actual[name] = allowed;
    }

    if (WRITE_EXPECTED) {
      await writeFile(EXPECTED_FILE, `${JSON.stringify(actual, null, 2)}\n`);
      console.info(`matrix: wrote ${Object.keys(actual).length} routes to ${EXPECTED_FILE.pathname}`);
    }
    const expected: Record<string, Caller[]> = JSON.parse(await readFile(EXPECTED_FILE, 'utf8'));

    const unexpectedAllows: string[] = [];
    const unexpectedRefusals: string[] = [];
    const unlisted = Object.keys(actual).filter((name) => !(name in expected));
    const stale = Object.keys(expected).filter((name) => !(name in actual));
    for (const [name, allowed] of Object.entries(actual)) {
      const listed = new Set(expected[name] ?? []);
      for (const caller of CALLERS) {
        const isAllowed = allowed.includes(caller);
        if (isAllowed && !listed.has(caller)) unexpectedAllows.push(`${name} as ${caller}`);
        if (!isAllowed && listed.has(caller)) unexpectedRefusals.push(`${name} as ${caller}`);
      }
    }
    console.info(
      [
        `matrix: ${routes.length} routes × ${CALLERS.length} callers (anonymous and ${USER_TYPES.length} user types) = ${calls} calls`,
        `  unexpected allows: ${unexpectedAllows.length}${unexpectedAllows.map((line) => `\n    ${line}`).join('')}`,
        `  unexpected refusals: ${unexpectedRefusals.length}${unexpectedRefusals.map((line) => `\n    ${line}`).join('')}`,
        `  5xx: ${serverErrors.length}${serverErrors.map((line) => `\n    ${line}`).join('')}`,
        `  routes missing from the table: ${unlisted.length}${unlisted.map((line) => `\n    ${line}`).join('')}`,
        `  table rows for routes that no longer exist: ${stale.length}${stale.map((line) => `\n    ${line}`).join('')}`,
      ].join('\n'),
    );
    expect({ unexpectedAllows, unexpectedRefusals, serverErrors, unlisted, stale }).toEqual({
      unexpectedAllows: [],
      unexpectedRefusals: [],
      serverErrors: [],
      unlisted: [],
      stale: [],
    });
  }, 300_000);
});
