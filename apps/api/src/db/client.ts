import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { withServerPrepared } from './server-prepared.ts';

/** The extensions the migrations create (trigram search, the sessions' clash constraints); every PGlite opened on the data gets them. */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

export type Schema = typeof schema;
/** The database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, else PGlite with its files in `<dataDir>/pglite` (or in memory). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | 'memory';
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is replaced on
    // next use; without a listener its error would end the whole process.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    return { db: drizzlePg(pool, { schema }), engine: 'postgres', close: () => pool.end() };
  }
  const dataDir =
    options.dataDir === 'memory' || !options.dataDir ? undefined : path.join(options.dataDir, 'pglite');
  const client = await PGlite.create(dataDir, {
    extensions: PGLITE_EXTENSIONS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return {
    db: drizzlePglite(withServerPrepared(client), { schema }),
    engine: 'pglite',
    close: () => client.close(),
  };
}
