// Families (issue 24): a parent's consent for a child under 13 (and a parent's invitation to a second parent or
// guardian), and the links between parents and their children.
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { FAMILY_LINK_KINDS } from "../../../core/family";
import { users } from "./auth";
import { createdAt, sqlList } from "./columns";

/**
 * A consent or invitation link, mailed to `parentEmail`. Only the token's SHA-256 is kept; it works once
 * (`usedAt`) and until `expiresAt` (7 days).
 */
export const familyLinks = pgTable(
  "family_links",
  {
    id: serial("id").primaryKey(),
    childUserId: text("child_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentEmail: text("parent_email").notNull(),
    kind: text("kind", { enum: FAMILY_LINK_KINDS }).notNull().default("consent"),
    /** The parent who invited a second one; null for a child's own request. */
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("family_links_child_idx").on(table.childUserId, table.createdAt),
    index("family_links_invited_by_idx").on(table.invitedBy),
    check("family_links_kind", sql`${table.kind} in (${sqlList(FAMILY_LINK_KINDS)})`),
  ],
);

/** A parent or guardian and a child they look after (at most 2 parents a child; any number of children a parent). */
export const parentChildren = pgTable(
  "parent_children",
  {
    parentUserId: text("parent_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childUserId: text("child_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.parentUserId, table.childUserId] }),
    index("parent_children_child_idx").on(table.childUserId),
  ],
);
