import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// Keyset (cursor) pagination over timestamps. A cursor keeps PostgreSQL's microseconds: a JavaScript Date
// would round them to milliseconds and skip rows created within the same millisecond as a page's last one.

export const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz column as a cursor string with microseconds, in UTC. */
export function cursorTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
