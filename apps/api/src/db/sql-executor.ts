import type { Db } from './client.ts';

/** What pg-boss runs its SQL through (`db.executeSql` in its options). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number | null }>;
}

/** The driver client under a drizzle database or transaction: a pg Pool/PoolClient or a PGlite (transaction). */
interface DriverClient {
  query(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
  /** PGlite only: runs several statements without parameters, returning each one's result. */
  exec?(text: string): Promise<{ rows: unknown[]; affectedRows?: number }[]>;
}

/**
 * The client drizzle runs `db`'s statements on. For a transaction it is the transaction's own
 * connection (node-postgres) or PGlite transaction, so SQL run on it is part of that transaction.
 * drizzle keeps it as `session.client` on both drivers.
 */
function driverClientOf(db: Db): DriverClient {
  return (db as unknown as { session: { client: DriverClient } }).session.client;
}

/**
 * pg-boss's SQL run on `db` (the app's database, or a command's transaction). PGlite runs a text
 * of several statements (pg-boss's maintenance, sent without parameters) through `exec`, whose
 * last result is the answer; node-postgres runs such a text through `query` itself.
 */
export function sqlExecutorOf(db: Db): SqlExecutor {
  const client = driverClientOf(db);
  return {
    async executeSql(text, values) {
      if (client.exec && (!values || values.length === 0)) {
        const results = await client.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? null };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? null };
    },
  };
}
