import type { Db } from '../db/client.ts';

/**
 * A query built and prepared once per database (or transaction) object, its values bound as
 * placeholders: hot reads skip building the SQL text again, and on PostgreSQL its plan is
 * kept per connection.
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const byDb = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
