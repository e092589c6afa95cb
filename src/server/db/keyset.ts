import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// Keyset (cursor) pagination over timestamps. A cursor keeps PostgreSQL's microseconds: a JavaScript Date
// would round them to milliseconds and skip rows created within the same millisecond as a page's last one.

const CURSOR_TIME_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a cursor's time is one PostgreSQL accepts. The shape alone lets "2024-99-99T99:99:99" through, and its
 * cast would fail the request: a time that does not exist fails to parse here or comes back as another one.
 */
export function isCursorTime(time: string | undefined): time is string {
  if (!time || !CURSOR_TIME_SHAPE.test(time) || time.startsWith("0000")) return false;
  const date = new Date(`${time.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === time.slice(0, 23);
}

/** LIKE reads % and _ as wildcards and \ as its escape; searched text means itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A timestamptz column as a cursor string with microseconds, in UTC. */
export function cursorTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A page's last row as an opaque cursor: its time (with microseconds) and id. */
export function encodeTimeCursor(time: string, id: string): string {
  return Buffer.from(`${time}|${id}`).toString("base64url");
}

/** The time and id of a cursor, or null for anything that is not one of ours (it then reads as the first page). */
export function decodeTimeCursor(cursor: string): { time: string; id: string } | null {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return isCursorTime(time) && id && UUID.test(id) ? { time, id } : null;
}
