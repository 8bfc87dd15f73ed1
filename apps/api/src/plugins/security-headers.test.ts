import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

let database: Database;
let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  database = await openDatabase({ dataDir: 'memory' });
  const config = loadConfig({
    JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
    WEB_DIST_DIR: webDir,
    TRUST_PROXY: '127.0.0.1',
  });
  app = await buildApp({ config, database, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('come with every kind of response: the web app, the API, an error, a route that does not exist', async () => {
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/login' }),
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { nope: 1 } }),
      app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 400, 404]);
    for (const response of responses) {
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['default-src']).toBe("'self'");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['script-src-attr']).toBe("'none'");
      expect(csp['object-src']).toBe("'none'");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['base-uri']).toBe("'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('send HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // An untrusted client saying "https" is not believed.
    const claimed = await app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
