import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTER_GROUPS } from './seed/permission-groups.ts';
import { freePort, type RealServer, serving, startRealServer } from './test/real-server.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Three starts (transpiling, migrating, seeding one after another) on a busy machine, with room. */
const DEADLINE_MS = 150_000;

type Started = RealServer;

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
  return startRealServer(port, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
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
});

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
