import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knownMigrationStamps } from '../../db/migrate.ts';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Whether every migration this code knows is applied: drizzle records each applied one with its
 * journal stamp, and applies them in order, so the newest stamp recorded must reach the newest known.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const newestKnown = Math.max(...knownMigrationStamps().keys());
  const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  // Both drivers answer `execute` with the rows of the query; this one has one row.
  const [row] = (result as unknown as { rows: { newest: string | number | null }[] }).rows;
  return Number(row?.newest ?? 0) >= newestKnown;
}
