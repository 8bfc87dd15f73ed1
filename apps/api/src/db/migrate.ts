import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Schema } from './client.ts';
import { sqlExecutorOf } from './sql-executor.ts';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The key of the session-level advisory lock that start-up work (migrations, seeding) and a
 * restore hold on PostgreSQL. Any fixed number does; this one spells "tasreeh" on a phone pad.
 */
const START_LOCK_KEY = 8_277_334;

/** The schema the job runner (pg-boss) keeps its queues and jobs in. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Applies the migrations not yet applied, then installs or upgrades the job runner's schema
 * (pg-boss's own migrations); on an up-to-date database it changes nothing.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The two migrators differ only in the driver type they accept; `db` was made by that same driver.
  if (database.engine === 'pglite') await migratePglite(database.db as PgliteDatabase<never>, config);
  else await migratePg(database.db as NodePgDatabase<never>, config);
  const boss = new PgBoss({
    db: sqlExecutorOf(database.db),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/**
 * Runs `work` while holding the start lock, so that of several API processes started at once
 * on one new PostgreSQL database one migrates and seeds while the others wait, then find the
 * work done. The lock belongs to one connection taken from the pool for the whole time; the
 * work itself runs on the pool's other connections. PGlite serves one process, which needs no lock.
 */
export async function withStartLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite') return work();
  // A `postgres` database was made by drizzle's node-postgres driver over a pg.Pool (client.ts).
  const pool = (database.db as NodePgDatabase<Schema> & { $client: pg.Pool }).$client;
  const session = await pool.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    }
  } finally {
    session.release();
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * The migrations this code knows, by the timestamp drizzle records for each applied one
 * (`__drizzle_migrations.created_at`, the journal's `when`), with its file name.
 */
export function knownMigrationStamps(): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}
