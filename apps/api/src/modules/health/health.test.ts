import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const get = (app: TestApp, url: string) => app.call({ method: 'GET', url });

describe('health, liveness and readiness', () => {
  it('answer 200 while the database is up; once it is gone, 503 with Retry-After but liveness', async () => {
    t = await buildTestApp();
    const health = await get(t, '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: t.app.deps.engine });
    expect((await get(t, '/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get(t, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', migrations: 'applied' });
    const { token } = await t.loginAs('Teller');

    await t.closeDatabase();

    const healthDown = await get(t, '/api/health');
    expect(healthDown.statusCode).toBe(503);
    expect(healthDown.headers['retry-after']).toBe('5');
    expect(healthDown.json()).toEqual({ status: 'unavailable', database: 'down' });
    const readyDown = await get(t, '/api/health/ready');
    expect(readyDown.statusCode).toBe(503);
    expect(readyDown.headers['retry-after']).toBe('5');
    expect(readyDown.json()).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown' });
    expect((await get(t, '/api/health/live')).statusCode).toBe(200);
    // Any other request is the one 503 envelope, in the caller's language.
    const list = await t.call({ method: 'GET', url: '/api/students', token, lang: 'ar' });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(list.json()).toEqual({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: 'الخدمة غير متاحة مؤقتاً. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
    });
  });

  it('is not ready while a migration this code knows is not applied', async () => {
    t = await buildTestApp();
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await get(t, '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    // The database itself answers: health says so.
    expect((await get(t, '/api/health')).statusCode).toBe(200);
  });
});
