import { existsSync, readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { REACTION_TYPES } from "../../../core/schemas/feed";
import { AI_FLAG_KINDS, REPORT_TARGET_TYPES, ROLES } from "../../../core/schemas/moderation";
import { NOTIFICATION_TYPES } from "../../../core/schemas/notifications";
import { FOLDER_COLORS } from "../../../core/schemas/qna";
import { type DatabaseHandle, openDatabase } from "../client";
import { sqlList } from "./columns";

// The CHECK constraints built from src/core's lists: a value added to a list without its migration fails here,
// before the database would refuse it.

const checkedLists: Record<string, readonly string[]> = {
  post_reactions_type: REACTION_TYPES,
  comment_reactions_type: REACTION_TYPES,
  profiles_role: ROLES,
  notifications_type: NOTIFICATION_TYPES,
  reports_target_type: REPORT_TARGET_TYPES,
  ai_flags_kind: AI_FLAG_KINDS,
  conversation_folders_color: FOLDER_COLORS,
};

describe("sqlList", () => {
  it("writes each value as a quoted SQL literal", () => {
    const query = new PgDialect().sqlToQuery(sql`x in (${sqlList(["like", "it's"])})`);
    expect(query).toEqual({ sql: "x in ('like', 'it''s')", params: [] });
  });
});

describe("the migrated database", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    // The suite's migrated template when it made one (PGlite runs), else a fresh migration.
    const template = inject("pgliteTemplate");
    if (existsSync(template)) {
      database = openDatabase({
        pglite: await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) }),
      });
    } else {
      database = openDatabase({ pglite: new PGlite() });
      await database.migrate();
    }
  });

  afterAll(() => database.close());

  it.each(Object.entries(checkedLists))("allows exactly the listed values in %s", async (name, values) => {
    const result = await database.db.execute(
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`,
    );
    const { rows } = result as unknown as { rows: { definition: string }[] };
    expect(rows, `constraint ${name}`).toHaveLength(1);
    // PostgreSQL shows `in (...)` as `= ANY (ARRAY['like'::text, ...])`.
    const allowed = [...(rows[0]?.definition ?? "").matchAll(/'((?:[^']|'')*)'::text/g)].map((match) =>
      (match[1] ?? "").replaceAll("''", "'"),
    );
    expect(allowed, `${name}: a list changed without its migration (npm run db:generate)`).toEqual([
      ...values,
    ]);
  });
});
