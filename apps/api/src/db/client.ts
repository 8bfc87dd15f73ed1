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

/** How long a query waits for a connection (a new one while the server is down, or a free one of the pool). */
const CONNECT_TIMEOUT_MS = 10_000;

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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // While the server is away a request waits this long for a connection, then is answered 503.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection to a server that vanished without closing it (a failover) is found dead in
      // minutes (the system's keep-alive probes after 10 s idle), not the system default's hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A connection the server ends (restart, failover, pg_terminate_backend, an idle timeout)
    // emits errors on its client, in use or idle; without a listener they would end the whole
    // process. The query that was on it fails (a 503), the pool drops the client and opens a new
    // one on next use. Each lost connection is logged once, by its client's listener; the pool
    // re-emits an idle client's error, already logged.
    pool.on('connect', (client) => {
      let logged = false;
      client.on('error', (error) => {
        if (!logged) console.warn(`PostgreSQL ended a connection: ${error.message}`);
        logged = true;
      });
    });
    pool.on('error', () => {});
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
