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
 * Creates a database named `<prefix>_<random>` on a PostgreSQL server: empty, or a copy of the
 * database named `template` (which no one may be connected to). `serverUrl` names any database
 * on that server; returns the new database's name and URL.
 */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string }> {
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
  return { name, url: url.toString() };
}

/**
 * A new database on a PostgreSQL server, for tests and benchmarks (see `createDatabase`);
 * closing it drops it.
 */
export async function openScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<Database> {
  const { name, url } = await createDatabase(serverUrl, prefix, options);
  const database = await openDatabase({ url });
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}
