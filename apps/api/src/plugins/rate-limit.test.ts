import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

let database: Database;
const opened: FastifyInstance[] = [];
let webDir: string | undefined;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => database.close());

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  opened.push(app);
  return app;
}
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
  webDir = undefined;
});

const health = (app: FastifyInstance, remoteAddress: string, lang = 'en') =>
  app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'accept-language': lang } });

describe('the general rate limit', () => {
  it('answers 429 in the error envelope once an address has made RATE_LIMIT_PER_MINUTE requests', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await health(app, '198.51.100.1')).statusCode).toBe(200);
    const refused = await health(app, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait a while and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const arabic = await health(app, '198.51.100.1', 'ar');
    expect(arabic.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    expect(arabic.json().message).toMatch(/محاولات كثيرة/);
    // Another address has its own count.
    expect((await health(app, '198.51.100.2')).statusCode).toBe(200);
  });

  it('counts the client behind a trusted proxy, not the proxy', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.1' });
    const via = (client: string) =>
      app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expect((await via('198.51.100.7')).statusCode).toBe(200);
    expect((await via('198.51.100.7')).statusCode).toBe(200);
    expect((await via('198.51.100.7')).statusCode).toBe(429);
    expect((await via('198.51.100.8')).statusCode).toBe(200);
  });

  it('does not count the web app files', async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2', WEB_DIST_DIR: webDir });
    for (let i = 0; i < 5; i++) {
      expect(
        (await app.inject({ method: 'GET', url: '/login', remoteAddress: '198.51.100.9' })).statusCode,
      ).toBe(200);
    }
    expect((await health(app, '198.51.100.9')).statusCode).toBe(200);
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '0' });
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i++) statuses.add((await health(app, '198.51.100.3')).statusCode);
    expect([...statuses]).toEqual([200]);
  });

  it('is on by default: 600 a minute', async () => {
    const app = await appWith({});
    const response = await health(app, '198.51.100.4');
    expect(response.headers['x-ratelimit-limit']).toBe('600');
  });
});
