import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserType } from '@tasreeh/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { DEMO_PASSWORD, demoEmailOf } from '../seed/demo-users.ts';
import { settleFirstLogin } from './first-login.ts';
import { openFromTemplate } from './template-database.ts';
import { TEST_JWT_SECRET } from './test-secret.ts';

/**
 * A fresh database for one test app: an in-memory PGlite, or — when TEST_DATABASE_URL is set —
 * a new database on that PostgreSQL server, dropped afterwards. Either is a copy of the template
 * the global set-up migrated and seeded once for the run (test/template-database.ts).
 */
function openTestDatabase(): Promise<Database> {
  return openFromTemplate(inject('templateDatabase'), process.env.TEST_DATABASE_URL);
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** A request through the app, with JSON body and an optional bearer token and language. */
  call(options: InjectOptions & { token?: string; lang?: 'en' | 'ar' }): Promise<LightMyRequestResponse>;
  /**
   * Logs in as the demo account of a user type; returns its token and user id. A demo account that
   * must change its password (the corporate) comes back settled, as if its first-login change were
   * done: tests of that forced change log in with `call` themselves.
   */
  loginAs(type: UserType): Promise<{ token: string; userId: number }>;
  /** Closes the database under the running app, as an outage would; `close` then closes the app alone. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
}

let addressCounter = 0;

/** The whole API on a fresh, migrated and demo-seeded database of its own. */
export async function buildTestApp(
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    /** Settings beyond the test defaults (`TRUST_PROXY`…). */
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    // The general per-address limit is tested on its own (plugins/rate-limit.test.ts).
    RATE_LIMIT_PER_MINUTE: '0',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    // A proof-of-work a test solves at once (test/challenge.ts); the code path is the real one.
    ALTCHA_MAX_NUMBER: '3',
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false });
  options.beforeReady?.(app);
  await app.ready();

  // Each test app gets its own address, so that per-address limits of one test do not leak into another.
  const address = `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  addressCounter++;
  const call: TestApp['call'] = ({ token, lang, headers, ...options }) =>
    app.inject({
      ...options,
      remoteAddress: options.remoteAddress ?? address,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...headers,
      },
    });

  let databaseClosed: Promise<void> | undefined;
  const closeDatabase = () => {
    databaseClosed ??= database.close();
    return databaseClosed;
  };

  return {
    app,
    db: database.db,
    call,
    async loginAs(type) {
      const response = await call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demoEmailOf(type), password: DEMO_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login as ${type} failed: ${response.body}`);
      const body = response.json<{ access_token: string; userId: number; changePassword: boolean }>();
      if (body.changePassword) await settleFirstLogin(database.db, body.userId);
      return { token: body.access_token, userId: body.userId };
    },
    closeDatabase,
    async close() {
      await app.close();
      await closeDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
