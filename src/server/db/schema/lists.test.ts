import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_STATES, FAMILY_LINK_KINDS } from "../../../core/family";
import { REACTION_TYPES } from "../../../core/schemas/feed";
import { LEADER_QUESTION_STATUSES } from "../../../core/schemas/leader-questions";
import { AI_FLAG_KINDS, REPORT_TARGET_TYPES, ROLES } from "../../../core/schemas/moderation";
import { NOTIFICATION_TYPES } from "../../../core/schemas/notifications";
import { FOLDER_COLORS } from "../../../core/schemas/qna";
import { createTestApp, type TestApp } from "../../test/harness";
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
  leader_questions_status: LEADER_QUESTION_STATUSES,
  profiles_account_state: ACCOUNT_STATES,
  family_links_kind: FAMILY_LINK_KINDS,
};

describe("sqlList", () => {
  it("writes each value as a quoted SQL literal", () => {
    const query = new PgDialect().sqlToQuery(sql`x in (${sqlList(["like", "it's"])})`);
    expect(query).toEqual({ sql: "x in ('like', 'it''s')", params: [] });
  });
});

describe("the migrated database", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it.each(Object.entries(checkedLists))("allows exactly the listed values in %s", async (name, values) => {
    // Only this file's own schema: on a shared server other files' schemas hold the same constraints.
    const result = await t.db.execute(
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint
          where conname = ${name} and connamespace = current_schema()::regnamespace`,
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
