import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FINGERPRINT_SERVICE_URL: 'http://127.0.0.1:15896/api/' } });
});
afterAll(async () => {
  await t.close();
});

describe('the local fingerprint reader service', () => {
  it('is the one other origin pages may call (connect-src), by its origin only', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:15896;");
  });
});
