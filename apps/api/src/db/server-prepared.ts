import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The SQL texts of the hot queries (lib/prepared.ts) by the name of their server-side prepared
 * statement. Drizzle's PGlite driver sends every query unnamed, so PGlite parses and plans it
 * again each time, reading the size of every table and index the plan touches (a five-table
 * join costs four primary-key SELECTs); a statement prepared on the server (`PREPARE`) is
 * planned once and, after PostgreSQL's first five runs, runs its generic plan.
 */
const namesByText = new Map<string, string>();

/** Marks a query text (with `$1`… placeholders) to be run as a server-side prepared statement on PGlite. */
export function prepareOnServer(text: string): void {
  if (!namesByText.has(text)) namesByText.set(text, `tasreeh_hot_${namesByText.size + 1}`);
}

/**
 * A value as an SQL literal for `EXECUTE name(…)` (which takes no bound parameters), or
 * undefined for a kind of value that is not written inline (the query then runs unnamed).
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // escapeLiteral doubles quotes and writes an E'' string when a backslash is present
  if (typeof value === 'string') return value.includes('\0') ? undefined : pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  return undefined;
}

/**
 * A PGlite client whose `query` runs a marked text as `EXECUTE` of a statement it prepared on
 * first use; everything else (other queries, transactions, exec) goes to the client unchanged.
 */
export function withServerPrepared(client: PGlite): PGlite {
  // by name: the PREPARE, sent once (requests arriving together wait for the same one)
  const prepared = new Map<string, Promise<unknown>>();
  const query: PGlite['query'] = async (text, params, options) => {
    const name = namesByText.get(text);
    const literals = (params ?? []).map(literalOf);
    if (!name || literals.some((literal) => literal === undefined))
      return client.query(text, params, options);
    let preparing = prepared.get(name);
    if (!preparing) {
      preparing = client.exec(`PREPARE ${name} AS ${text}`).catch((error: unknown) => {
        prepared.delete(name); // tried again by the next request
        throw error;
      });
      prepared.set(name, preparing);
    }
    await preparing;
    const execute = literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`;
    return client.query(execute, [], options);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
