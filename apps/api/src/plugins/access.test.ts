import { IdSchema, Resource, USER_TYPES } from '@tasreeh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forbidden, notFound } from '../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type Access, callerGuard, type DeclaredRoute, rowGuard } from './access.ts';

let t: TestApp;
beforeAll(async () => {
  // Probe routes exercise each kind of rule until the modules of later areas bring real ones.
  t = await buildTestApp({
    beforeReady(app) {
      app.get('/api/probe/tellers-only', { config: { access: { types: ['Teller'] } } }, async () => ({
        ok: true,
      }));
      app.get(
        '/api/probe/students-read',
        { config: { access: { permission: { resource: Resource.Students, action: 'read' } } } },
        async () => ({ ok: true }),
      );
      app.get(
        '/api/probe/students-delete',
        { config: { access: { permission: { resource: Resource.Students, action: 'delete' } } } },
        async () => ({ ok: true }),
      );
      app.get(
        '/api/probe/students-delete-or-read',
        {
          config: {
            access: {
              permission: [
                { resource: Resource.Students, action: 'delete' },
                { resource: Resource.Students, action: 'read' },
              ],
            },
          },
        },
        async () => ({ ok: true }),
      );
      // Row 1 is the caller's; any other row is outside its scope. The body is checked after that.
      app.post(
        '/api/probe/rows/:id',
        {
          schema: { params: z.strictObject({ id: IdSchema }), body: z.strictObject({ name: z.string() }) },
          config: {
            access: 'session',
            guard: rowGuard(z.strictObject({ id: IdSchema }), async (_ctx, { id }) => {
              if (id !== 1) throw notFound();
            }),
          },
        },
        async () => ({ ok: true }),
      );
      app.post(
        '/api/probe/tellers-by-guard',
        {
          schema: { body: z.strictObject({ name: z.string() }) },
          config: {
            access: 'session',
            guard: callerGuard((ctx) => {
              if (ctx.actor?.type !== 'Teller') throw forbidden();
            }),
          },
        },
        async () => ({ ok: true }),
      );
      app.get(
        '/api/probe/own-or-students-delete',
        {
          config: {
            access: { owners: ['student'], permission: { resource: Resource.Students, action: 'delete' } },
          },
        },
        async () => ({ ok: true }),
      );
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** Routes anyone may call, on purpose: the spec's log-in and reset calls, health, docs, the dev outbox. */
const INTENDED_PUBLIC = new Set([
  'GET /api/health',
  // Issue 24: liveness and readiness, for a supervisor and a load balancer (decision 0024).
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'GET /api/auth/challenge',
  'POST /api/check-user-exists',
  'POST /api/users/create-otp',
  'POST /api/users/verify-otp',
  'POST /api/users/update-password',
  'GET /api/dev/outbox',
  'GET /api/branches/public',
  'POST /api/students/register',
  'POST /api/centers/register',
  'GET /api/public/products',
  'GET /api/public/products/count',
  'GET /api/public/products/:id',
  'GET /api/public/product-images/:fileId',
  // Issue 12: the health-certificate inquiry (behind the proof-of-work challenge) and the key that checks certificates offline.
  'GET /api/public/certificates',
  'GET /api/public/certificate-key',
  // The online status of a certificate: only for a code the centre signed, rate-limited (decision 0017).
  'POST /api/public/certificates/status',
  // The holder's photo of a certificate in force, for that same signed code, never by an id (decision 0025).
  'POST /api/public/certificates/photo',
  // Payments (issue 11): the card gateway brings the payer's browser back (no bearer token) and
  // calls its webhook; both only confirm by fetching from the gateway. The development gateway's
  // hosted page answers callers on this machine only.
  'GET /api/payments/callback',
  'POST /api/payments/webhook',
  'GET /api/dev-gateway/pay/:id',
  'POST /api/dev-gateway/pay/:id',
]);

const apiRoutes = () =>
  t.app.declaredRoutes.filter(
    (route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
  );

describe('every API route declares who may call it', () => {
  it('has an access rule on every route, and only the intended ones are public', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      if (route.access === 'public')
        expect(INTENDED_PUBLIC, `${route.method} ${route.url} is public`).toContain(
          `${route.method} ${route.url}`,
        );
    }
  });

  it('refuses a route without a rule at registration', async () => {
    const { buildApp } = await import('../app.ts');
    const { loadConfig } = await import('../config.ts');
    const { openDatabase } = await import('../db/client.ts');
    const database = await openDatabase({ dataDir: 'memory' });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), WEB_DIST_DIR: '/nonexistent' }),
      database,
      logger: false,
    });
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/declares no access rule/);
    await app.close();
    await database.close();
  });

  it('answers 401 without a session on every route that is not public', async () => {
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await t.call({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to a logged-in caller of a type or without a right the route names, and lets the right caller in', async () => {
    const typed = apiRoutes().filter(
      (route): route is DeclaredRoute & { access: Exclude<Access, string> } =>
        typeof route.access === 'object',
    );
    expect(typed.length).toBeGreaterThan(0);
    for (const route of typed) {
      const { types, permission, owners } = route.access;
      const refused = USER_TYPES.find((type) => {
        if (types && !types.includes(type)) return true;
        return permission !== undefined && type === 'Instructor' && !owners?.includes(type);
      });
      if (!refused) continue;
      const { token } = await t.loginAs(refused);
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await t.call({
        method: route.method as 'GET',
        url,
        token,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url} as ${refused}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    // every declared route, twice: it grows with the product
  });

  it('lets in the types and rights a route names', async () => {
    const teller = await t.loginAs('Teller');
    expect(
      (await t.call({ method: 'GET', url: '/api/probe/tellers-only', token: teller.token })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/probe/students-read', token: teller.token })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/probe/students-delete', token: teller.token })).statusCode,
    ).toBe(403);
    const admin = await t.loginAs('super admin');
    expect(
      (await t.call({ method: 'GET', url: '/api/probe/students-delete', token: admin.token })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/probe/tellers-only', token: admin.token })).statusCode,
    ).toBe(403);
  });

  it('lets in a caller holding any one of the rights a route lists', async () => {
    const url = '/api/probe/students-delete-or-read';
    const status = async (type: 'Teller' | 'Instructor') =>
      (await t.call({ method: 'GET', url, token: (await t.loginAs(type)).token })).statusCode;
    expect(await status('Teller')).toBe(200);
    expect(await status('Instructor')).toBe(403);
  });

  it("refuses by the route's guard before its schema: a row outside the caller's scope is 404, whatever the body", async () => {
    const { token } = await t.loginAs('Teller');
    const post = (url: string, payload: object) => t.call({ method: 'POST', url, token, payload });
    expect((await post('/api/probe/rows/2', { junk: true })).statusCode).toBe(404);
    expect((await post('/api/probe/rows/2', { name: 'x' })).statusCode).toBe(404);
    expect((await post('/api/probe/rows/1', { junk: true })).statusCode).toBe(400);
    expect((await post('/api/probe/rows/1', { name: 'x' })).statusCode).toBe(200);
    // A path naming no row is the schema's to answer.
    expect((await post('/api/probe/rows/x', { name: 'x' })).statusCode).toBe(400);
  });

  it("refuses by a caller guard before the schema: a refused caller's bad body is a 403, not a 400", async () => {
    const url = '/api/probe/tellers-by-guard';
    const admin = await t.loginAs('super admin');
    expect(
      (await t.call({ method: 'POST', url, token: admin.token, payload: { junk: true } })).json(),
    ).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    const teller = await t.loginAs('Teller');
    expect(
      (await t.call({ method: 'POST', url, token: teller.token, payload: { junk: true } })).statusCode,
    ).toBe(400);
  });

  it("lets a route's owners in without its right, and everyone else only with it", async () => {
    const url = '/api/probe/own-or-students-delete';
    const status = async (type: 'student' | 'Teller' | 'super admin' | 'corporate') =>
      (await t.call({ method: 'GET', url, token: (await t.loginAs(type)).token })).statusCode;
    expect(await status('student')).toBe(200);
    expect(await status('corporate')).toBe(403);
    expect(await status('Teller')).toBe(403);
    expect(await status('super admin')).toBe(200);
  });
});
