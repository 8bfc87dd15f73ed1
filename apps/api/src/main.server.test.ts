import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTER_GROUPS } from './db/seed/permission-groups.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Three starts (transpiling, migrating, seeding one after another) on a busy machine, with room. */
const DEADLINE_MS = 150_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Started {
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const started: Started[] = [];
const databaseName = `tasreeh_scale_${randomUUID().replaceAll('-', '')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-scale-'));

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(SERVER_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function start(port: number, databaseUrl: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, child, output, exited };
}

/** Resolves when the process answers /api/health; rejects with its output if it exits or the deadline passes. */
async function serving(server: Started, deadline: number): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the process on port ${server.port} exited (${exitCode}):\n${server.output.join('')}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the process on port ${server.port} did not answer in time:\n${server.output.join('')}`);
}

afterAll(async () => {
  for (const server of started) server.child.kill('SIGTERM');
  await Promise.all(
    started.map((server) =>
      Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]).then(() =>
        server.child.kill('SIGKILL'),
      ),
    ),
  );
  await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('three API processes started at once on one new PostgreSQL database', () => {
  it('all serve, on a database migrated and seeded once, and share sessions', {
    timeout: DEADLINE_MS + 30_000,
  }, async () => {
    await admin((client) => client.query(`create database ${databaseName}`));
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const port of ports) started.push(start(port, url.toString()));
    const deadline = Date.now() + DEADLINE_MS;
    await Promise.all(started.map((server) => serving(server, deadline)));

    const counts = await admin(async (client) => {
      const result = await client.query<{ admins: string; branches: string; groups: string }>(
        `select (select count(*) from users where type = 'super admin') as admins,
                (select count(*) from branches) as branches,
                (select count(*) from permission_groups) as groups`,
      );
      return result.rows[0];
    }, databaseName);
    // Seeded once: the starter groups and the demo branch's own group, not three times over.
    const seededGroups = Object.keys(STARTER_GROUPS).length + 1;
    expect(counts).toEqual({ admins: '1', branches: '3', groups: String(seededGroups) });

    // A login on one process is a session on the others.
    const [first, second] = ports;
    const login = await fetch(`http://127.0.0.1:${first}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@tasreeh.test', password: 'Tasreeh@2026' }),
    });
    expect(login.status).toBe(200);
    const { access_token: token, userId } = (await login.json()) as { access_token: string; userId: number };
    const check = await fetch(`http://127.0.0.1:${second}/api/auth/test-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ userId }),
    });
    expect(check.status).toBe(200);
  });
});
