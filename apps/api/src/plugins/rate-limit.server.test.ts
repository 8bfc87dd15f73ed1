import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

/** Redis on this machine (and in CI); TEST_REDIS_URL names another. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  // Two API processes, as far as the limit can tell: two apps that share nothing but Redis.
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({
      JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL,
    });
    apps.push(await buildApp({ config, database, logger: false }));
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('the general rate limit with REDIS_URL', () => {
  it('counts an address across every API process', async () => {
    // A documentation network of its own per run (counted per /64), so that counts left in Redis by an earlier run do not matter.
    const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
    const address = `2001:db8:${a}:${b}::1`;
    const [first, second] = apps;
    if (!first || !second) throw new Error('apps missing');
    const health = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect((await health(first)).statusCode).toBe(200);
    expect((await health(second)).statusCode).toBe(200);
    expect((await health(first)).statusCode).toBe(200);
    const refused = await health(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
  });
});
