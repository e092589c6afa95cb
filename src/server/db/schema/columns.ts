// Column and constraint helpers shared by the table files; not tables, so index.ts does not re-export them.
import { type SQL, sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A list from src/core as SQL literals, e.g. `'like', 'love', 'pray'`, for a CHECK's `in (…)`: the constant
 * stays the one source, so adding a value is a change to it plus the migration `npm run db:generate` writes.
 */
export const sqlList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
