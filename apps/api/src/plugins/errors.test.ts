import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../test/challenge.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady(app) {
      app.get('/api/probe/crash', { config: { access: 'public' } }, async () => {
        throw new Error('select * from secret_table -- internal detail');
      });
      // Real refusals by the database, as a service that forgot to check would meet them.
      app.get('/api/probe/duplicate', { config: { access: 'public' } }, async () => {
        await app.deps.db.execute(
          sql`insert into permission_groups (name_en, name_ar) values ('Tellers', 'x')`,
        );
      });
      app.get('/api/probe/not-a-number', { config: { access: 'public' } }, async () => {
        await app.deps.db.execute(sql`select ${'12abc'}::integer`);
      });
      app.get('/api/probe/out-of-range', { config: { access: 'public' } }, async () => {
        await app.deps.db.execute(sql`select ${'99999999999'}::integer`);
      });
      // The connection lost under a query, as pg reports it: the server's 57P01 wrapped by
      // Drizzle, the socket closing, the server refusing a new connection.
      app.get('/api/probe/connection-ended', { config: { access: 'public' } }, async () => {
        const ended = Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
          severity: 'FATAL',
        });
        throw new DrizzleQueryError('select 1', [], ended);
      });
      app.get('/api/probe/connection-terminated', { config: { access: 'public' } }, async () => {
        throw new Error('Connection terminated unexpectedly');
      });
      app.get('/api/probe/connection-refused', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
          code: 'ECONNREFUSED',
          syscall: 'connect',
        });
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('malformed requests are a 400 in the one envelope', () => {
  it('bad JSON', async () => {
    const response = await post('/api/auth/login', '{"email": "a@b.c", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'MALFORMED_REQUEST',
      message: 'The request could not be read.',
    });
  });

  it('wrong types', async () => {
    const response = await post('/api/auth/login', { email: 42, password: ['x'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'FILL_ALL_FIELDS', password: 'FILL_ALL_FIELDS' });
  });

  it('a huge string', async () => {
    const response = await post('/api/auth/login', { email: 'a'.repeat(100_000), password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TOO_LONG', fields: { email: 'TOO_LONG' } });
  });

  it('a body over the size limit', async () => {
    const response = await post('/api/auth/login', { email: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body that is not JSON at all', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('a JSON array instead of an object', async () => {
    const response = await post('/api/check-user-exists', '[1,2]');
    expect(response.statusCode).toBe(400);
  });
});

describe('failures never leak internals', () => {
  it('answers an unexpected error with 500 "Something went wrong", without stack or SQL', async () => {
    const response = await t.call({ method: 'GET', url: '/api/probe/crash', lang: 'ar' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, code: 'SOMETHING_WENT_WRONG', message: 'حدث خطأ ما' });
    expect(response.body).not.toMatch(/secret_table|at .*\.ts/);
  });

  it('answers a unique key the service did not check with the duplicate 409, never a 500', async () => {
    const response = await t.call({ method: 'GET', url: '/api/probe/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'RECORDS_ALREADY_REGISTERED',
      message: 'Records already registered with this information.',
    });
  });

  it('answers a value the database cannot hold with a 400, without the value or SQL', async () => {
    for (const url of ['/api/probe/not-a-number', '/api/probe/out-of-range']) {
      const response = await t.call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        statusCode: 400,
        code: 'INVALID_VALUE',
        message: 'This value is not valid.',
      });
    }
  });

  it('answers a lost database connection with 503 DATABASE_UNAVAILABLE and Retry-After, never a 500', async () => {
    for (const url of [
      '/api/probe/connection-ended',
      '/api/probe/connection-terminated',
      '/api/probe/connection-refused',
    ]) {
      const english = await t.call({ method: 'GET', url });
      expect(english.statusCode, url).toBe(503);
      expect(english.headers['retry-after'], url).toBe('5');
      expect(english.json(), url).toEqual({
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
      const arabic = await t.call({ method: 'GET', url, lang: 'ar' });
      expect(arabic.json().message, url).toBe('الخدمة غير متاحة مؤقتاً. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.');
      expect(arabic.body, url).not.toMatch(/administrator|ECONNREFUSED|5432|select/);
    }
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.call({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('tags every response with a request id', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('operations', () => {
  it('reports health with the database engine', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('publishes OpenAPI with the spec calls at /api/docs', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/auth/login',
      '/api/auth/test-token',
      '/api/check-user-exists',
      '/api/users/update-password',
      '/api/auth/reset-password',
      '/api/users/create-otp',
      '/api/users/verify-otp',
    ]) {
      expect(paths).toContain(path);
    }
    const ui = await t.call({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('shows the development outbox newest first, with the code in the text', async () => {
    for (const phone of ['0551231231', '0551231232']) {
      const altcha = await solvedChallenge(t);
      await t.call({ method: 'POST', url: '/api/users/create-otp', payload: { phone, altcha } });
    }
    const response = await t.call({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    const [newest, older] = response.json();
    expect(newest).toMatchObject({ channel: 'sms', to: '+966551231232' });
    expect(newest.text).toMatch(/\d{4}/);
    expect(older.to).toBe('+966551231231');
  });
});

describe('requests refused before or around routing', () => {
  it('answers a malformed URL with the envelope', async () => {
    const response = await t.call({ method: 'GET', url: '/api/files/%E0%A4%A', lang: 'ar' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'MALFORMED_REQUEST',
      message: 'تعذرت قراءة الطلب.',
    });
  });

  it('reads a POST with a JSON type and no body as no body', async () => {
    const { token } = await t.loginAs('Teller');
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers an id beyond any row with 400, not 500', async () => {
    for (const userId of [99_999_999_999, '999999999999', 0, -1]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/users/update-password',
        payload: { userId, password: 'Strong@2027', rePassword: 'Strong@2027', resetToken: 'x' },
      });
      expect(response.statusCode, String(userId)).toBe(400);
    }
  });
});

describe('error logging', () => {
  it('keeps the values of a failed query out of the log', async () => {
    const { serializeError } = await import('../app.ts');
    const failed = Object.assign(
      new Error('Failed query: select 1 where grant = $1\nparams: secret-grant-hash'),
      {
        query: 'select 1 where grant = $1',
        params: ['secret-grant-hash'],
        cause: { message: 'value out of range', code: '22003' },
      },
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).not.toContain('secret-grant-hash');
    expect(logged).toContain('value out of range');
  });
});
