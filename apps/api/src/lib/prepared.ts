import type { Db } from '../db/client.ts';
import { prepareOnServer } from '../db/server-prepared.ts';

/**
 * A query built and prepared once per database (or transaction) object, its values bound as
 * placeholders: hot reads skip building the SQL text again, and its plan is kept (on
 * PostgreSQL per connection by drizzle's named statement, on PGlite by db/server-prepared.ts).
 */
export function preparedPerDb<Query extends { getQuery(): { sql: string } }>(
  build: (db: Db) => Query,
): (db: Db) => Query {
  const byDb = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      prepareOnServer(query.getQuery().sql);
      byDb.set(db, query);
    }
    return query;
  };
}
