// Study groups: the group itself, its members and its live chat.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";
import { stories } from "./stories";

/** The spec's study_group: joined by a 6-character invite code, unique across groups. */
export const studyGroups = pgTable(
  "study_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteCode: text("invite_code").notNull().unique(),
    /** Media from members (not leaders or admins) waits for a leader's approval before others see it. */
    approveMediaFirst: boolean("approve_media_first").notNull().default(true),
    /**
     * Moves on every change a feed page shows (posts, their comments and reactions, their authors' names and
     * pictures), by triggers in the same transaction (migrations 0008, 0013 and 0014): a page cached at one
     * version is the page the database would give, on every instance, until the version moves.
     */
    feedVersion: bigint("feed_version", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("study_groups_created_idx").on(table.createdAt, table.id),
    check("study_groups_invite_code_format", sql`${table.inviteCode} ~ '^[A-Z0-9]{6}$'`),
    check("study_groups_name_length", sql`char_length(${table.name}) between 1 and 60`),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** owner for the creator; joiners get the default. */
    role: text("role").notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index("group_members_user_idx").on(table.userId, table.joinedAt),
    check("group_members_role", sql`${table.role} in ('owner', 'member')`),
  ],
);

/** The spec's message: the live group chat, read oldest first, earlier history paged by id. */
export const groupMessages = pgTable(
  "group_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    /** Null once the sender deleted their account: the message stays, by "deleted user". */
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("group_messages_group_idx").on(table.groupId, table.id),
    check("group_messages_body_length", sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

/**
 * This week's story (issue 25): at most one per group, set by its owner or a leader. While it is here the story
 * opens for the group's members whatever their level; clearing it deletes the row.
 */
export const groupAssignments = pgTable(
  "group_assignments",
  {
    groupId: uuid("group_id")
      .primaryKey()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    layers: integer("layers").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    /** Null once the leader who set it deleted their account: the assignment stays. */
    setBy: text("set_by").references(() => users.id, { onDelete: "set null" }),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The level lock asks "is this story assigned to one of the reader's groups?" by story.
    index("group_assignments_story_idx").on(table.storyId),
    check("group_assignments_layers_range", sql`${table.layers} between 1 and 3`),
  ],
);
