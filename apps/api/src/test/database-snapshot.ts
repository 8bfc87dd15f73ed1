import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Every table's rows (ours and drizzle's), one digest per table: equal digests, equal data. */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  // Both drivers answer `execute` with `{ rows }`; the shared Db type leaves the result unknown.
  const query = async <T>(statement: SQL) => (await db.execute(statement)) as unknown as { rows: T[] };
  const tables = await query<{ name: string }>(sql`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
    order by 1`);
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = await query<{ digest: string }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`),
    );
    digests[name] = result.rows[0]?.digest ?? '';
  }
  return digests;
}
