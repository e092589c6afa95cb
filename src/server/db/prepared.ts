import type { SQL } from "drizzle-orm";
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
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

/**
 * The rows of a prepared select as the driver hands them over, for a long list a screen reads on every visit
 * (the bell's): one plain object a row, keyed by the SQL's own column names, with
 * timestamps in PostgreSQL's text (`isoTime` gives the API's form). drizzle's own mapping walks every column's
 * path through iterators and builds nested objects: on the bell's 50 rows it made a third of the server's
 * allocations, and reading the rows this way took a request from about 330 to 210 µs of the server's time,
 * what a hand-written server pays. `Row` is the caller's word for the columns; the answers' tests read every
 * field, so a column renamed in the schema shows there. The selected columns' names must differ from each other.
 */
export async function driverRows<Row>(
  query: PgPreparedQuery<PreparedQueryConfig>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  // Both drivers' prepared statements (node-postgres's and PGlite's) have `all`, drizzle's own reading without
  // the mapping; the abstract type that a Database's `prepare` gives does not name it.
  return (await (query as unknown as DriverQuery).all(values)) as Row[];
}

type DriverQuery = { all(values: Record<string, unknown>): Promise<unknown> };

/**
 * The rows of one SQL statement as the driver gives them (column names as in the SQL, timestamps as PostgreSQL's
 * text): for a statement drizzle's builders cannot write, such as a CTE that inserts and notifies, or a call of
 * one of the database's own functions. `db.execute` answers each driver's own result type; both carry `rows`.
 */
export async function sqlRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** A timestamp as PostgreSQL writes it ("2026-11-27 18:38:07.440046+00") in the API's ISO form, as a Date would give. */
export const isoTime = (text: string): string => new Date(text).toISOString();
