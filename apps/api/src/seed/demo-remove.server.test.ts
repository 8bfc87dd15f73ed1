import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../db/scratch-database.ts';
import { freePort, serving, startRealServer } from '../test/real-server.ts';
import { DEMO_PASSWORD, demoEmailOf } from './demo-users.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A start transpiles and migrates; on a busy 2-core machine that takes a while. */
const DEADLINE_MS = 120_000;
const ADMIN = { email: 'admin@centre.sa', password: 'Str0ng!Passw0rd' };

/** What production requires, beside the database. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
  SMS_API_URL: 'http://127.0.0.1:9/sms',
  SMS_API_KEY: 'k',
  SELLER_NAME_EN: 'Tasreeh Training Centre',
  SELLER_NAME_AR: 'مركز تصريح للتدريب',
  SELLER_VAT_NUMBER: '300000000000003',
  SELLER_ADDRESS_EN: 'King Fahd Road, Riyadh',
  SELLER_ADDRESS_AR: 'طريق الملك فهد، الرياض',
  MOYASAR_SECRET_KEY: 'sk_test_0123456789',
  PUBLIC_URL: 'https://tasreeh.example.sa',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};

/**
 * Runs one of the API's scripts to its end: its exit code and everything it printed. A script
 * still running at the deadline (a server that started when it should have refused) is stopped,
 * and its code is null.
 */
function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, output: output.join('') });
    }),
  );
}

const logIn = (port: number, email: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

let database: { name: string; url: string };
beforeAll(async () => {
  const template = inject('templateDatabase');
  if (template.engine !== 'postgres') throw new Error('a server test runs on PostgreSQL');
  // A database first started in development: migrated and seeded with the demo data.
  database = await createDatabase(SERVER_URL, 'tasreeh_demo_remove', { template: template.name });
});
afterAll(() => dropDatabase(SERVER_URL, database.name));

describe('production on a database first started in development', () => {
  it('refuses to start until `npm run demo:remove` has run, then starts without the demo accounts', {
    timeout: 4 * DEADLINE_MS,
  }, async () => {
    const env = { ...PRODUCTION, DATABASE_URL: database.url };
    const refused = await run('src/main.ts', env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/demo accounts? .*production does not start/s);
    expect(refused.output).toContain('npm run demo:remove');
    expect(refused.output).not.toMatch(/^\s+at /m);

    const removal = await run('src/seed/demo-remove-cli.ts', { DATABASE_URL: database.url });
    expect(removal.code, removal.output).toBe(0);
    expect(removal.output).toMatch(/Demo accounts disabled: \d+/);
    const again = await run('src/seed/demo-remove-cli.ts', { DATABASE_URL: database.url });
    expect(again.output).toContain('No demo accounts left');

    const port = await freePort();
    const server = startRealServer(port, { ...env, PORT: String(port) });
    try {
      await serving(server, Date.now() + DEADLINE_MS);
      expect((await logIn(port, demoEmailOf('super admin'), DEMO_PASSWORD)).status).not.toBe(200);
      expect((await logIn(port, ADMIN.email, ADMIN.password)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
