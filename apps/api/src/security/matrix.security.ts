import { readFile, writeFile } from 'node:fs/promises';
import { USER_TYPES, type UserType } from '@tasreeh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmailOf } from '../seed/demo-users.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type Session, sessionOf, sessionsOfEveryType, suiteAddress } from './actors.ts';
import { apiRoutes, minimalUrl, openApiDocument, operationOf } from './routes.ts';

/**
 * The route × user-type matrix: every route of the route table, called with a minimal request
 * by anonymous and by the demo account of every user type, each answer classified as refused
 * (401, 403, or 404 from a route without an id) or allowed (anything else: a 2xx, or a 4xx the
 * route gave after access passed),
 * and compared with the reviewed table in expected-access.json. A refused call is sent again
 * with one unknown field and must be refused alike: access comes before validation (decision 0027).
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

/**
 * Routes open to every logged-in caller that take a body or a query: nobody is refused by a right
 * there, so no guard is needed (decision 0027). Any other `session` route with input must
 * declare its rights or a guard.
 */
const OPEN_TO_EVERY_SESSION: Record<string, string> = {
  'POST /api/auth/test-token': 'every login checks its own token',
  'POST /api/auth/logout': 'every login ends its own session',
  'POST /api/auth/reset-password': 'every login changes its own password',
};

/** The same request with one field no schema knows: in the query of a read, in the body of a write. */
function withJunkField(method: string, url: string): { url: string; payload: object | undefined } {
  if (method === 'GET' || method === 'DELETE')
    return { url: `${url}${url.includes('?') ? '&' : '?'}matrixProbe=1`, payload: undefined };
  return { url, payload: { matrixProbe: 1 } };
}

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
    const schemaShown: string[] = [];
    let calls = 0;
    let refusalsRetried = 0;
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
        if (!isRefusal(route.url, response.statusCode)) {
          allowed.push(caller);
          continue;
        }
        // A refused caller is refused whatever it sends: a bad query or body must not turn the
        // refusal into a 400 that shows the route's schema (access before validation, decision 0027).
        const junk = withJunkField(route.method, minimalUrl(document, route));
        const again = await t.call({
          method: route.method as 'GET',
          url: junk.url,
          token,
          payload: junk.payload,
          remoteAddress: suiteAddress(),
        });
        calls++;
        refusalsRetried++;
        if (again.statusCode !== response.statusCode)
          schemaShown.push(
            `${name} as ${caller}: ${response.statusCode}, with a bad field ${again.statusCode}`,
          );
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
        `  refusals sent again with a bad field: ${refusalsRetried}; answered otherwise (the schema shown to a refused caller): ${schemaShown.length}${schemaShown.map((line) => `\n    ${line}`).join('')}`,
        `  routes missing from the table: ${unlisted.length}${unlisted.map((line) => `\n    ${line}`).join('')}`,
        `  table rows for routes that no longer exist: ${stale.length}${stale.map((line) => `\n    ${line}`).join('')}`,
      ].join('\n'),
    );
    expect({ unexpectedAllows, unexpectedRefusals, serverErrors, schemaShown, unlisted, stale }).toEqual({
      unexpectedAllows: [],
      unexpectedRefusals: [],
      serverErrors: [],
      schemaShown: [],
      unlisted: [],
      stale: [],
    });
  }, 300_000);

  it('lets no route decide rights after its schema: a `session` route with input has a guard, or is open to all', async () => {
    const document = await openApiDocument(t);
    const undeclared = apiRoutes(t)
      .filter((route) => route.access === 'session' && !route.guarded)
      .filter((route) => {
        const operation = operationOf(document, route);
        const query = (operation?.parameters ?? []).some(
          (parameter) => 'in' in parameter && parameter.in === 'query',
        );
        return route.method !== 'GET' || query;
      })
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !(name in OPEN_TO_EVERY_SESSION));
    console.info(
      `matrix: \`session\` routes with a body or a query and neither a guard nor a place in OPEN_TO_EVERY_SESSION: ${undeclared.length}${undeclared.map((line) => `\n    ${line}`).join('')}`,
    );
    expect(undeclared).toEqual([]);
  });
});
