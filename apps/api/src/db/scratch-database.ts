import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client.ts';

/**
 * Drops a scratch database once its last connection has gone: a pool's sockets may still be
 * closing for a moment after it ends, and forcing them would only make them report errors.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await dropper.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await dropper.end();
  }
}

/**
 * A new database on a PostgreSQL server, for tests and benchmarks: empty, or a copy of the
 * database named `template` (which no one may be connected to); closing it drops it.
 * `serverUrl` names any database on that server (it is only used to create and drop).
 */
export async function openScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<Database> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}
