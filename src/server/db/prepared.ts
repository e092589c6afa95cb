import type { Database } from "./client";

/**
 * A prepared statement made once per database (each app instance, and each test's app, has its own) on first use:
 * `const ofReader = perDatabase((db) => db.select()….prepare("name"))`, then `ofReader(db).execute({…})`.
 * PostgreSQL plans a named statement once per connection instead of at every call; on a hot read that is a
 * good part of what the database spends on it.
 */
export function perDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
