import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the migrations not yet applied; on an up-to-date database it changes nothing. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The two migrators differ only in the driver type they accept; `db` was made by that same driver.
  if (database.engine === 'pglite') await migratePglite(database.db as PgliteDatabase<never>, config);
  else await migratePg(database.db as NodePgDatabase<never>, config);
}
