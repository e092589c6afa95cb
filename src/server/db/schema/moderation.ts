// Child safety records: members' reports, every leader action, admin deletions and what the AI guardrails raised.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AI_FLAG_KINDS, REPORT_TARGET_TYPES } from "../../../core/schemas/moderation";
import { users } from "./auth";
import { createdAt, sqlList } from "./columns";
import { studyGroups } from "./groups";
import { conversations } from "./qna";
import { stories } from "./stories";

/** Who deleted what with the admin password, and when: kept after the post itself is gone. */
export const adminDeletions = pgTable(
  "admin_deletions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: uuid("post_id").notNull(),
    groupId: uuid("group_id"),
    postTitle: text("post_title").notNull(),
    postAuthorId: text("post_author_id"),
    createdAt: createdAt(),
  },
  (table) => [index("admin_deletions_created_idx").on(table.createdAt)],
);

/** A member's report of a post, comment or chat message; one per reporter and item. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    /** A post's or comment's uuid, a chat message's number as text, or for a picture (avatar) its owner's user id. */
    targetId: text("target_id").notNull(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note"),
    /**
     * Whether the report counts toward the automatic hide: not from an account younger than a day, nor from
     * one that joined the group in the last hour (fake accounts ganging up). Decided when the report is made.
     */
    countsTowardHide: boolean("counts_toward_hide").notNull().default(true),
    status: text("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("reports_reporter_target_idx").on(table.reporterId, table.targetType, table.targetId),
    index("reports_status_created_idx").on(table.status, table.createdAt),
    index("reports_target_idx").on(table.targetType, table.targetId),
    check("reports_target_type", sql`${table.targetType} in (${sqlList(REPORT_TARGET_TYPES)})`),
    check("reports_status", sql`${table.status} in ('open', 'dismissed', 'actioned')`),
  ],
);

/** Who did what, when and why: every leader action, readable by admins. Kept after its target is gone. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    details: jsonb("details").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt, table.id)],
);

/**
 * What the AI guardrails raised for leaders (issue 6): a question that signals risk (high priority), or an AI
 * output withheld by moderation. Keeps the words, so a leader can see what happened without opening the
 * child's private conversations.
 */
export const aiFlags = pgTable(
  "ai_flags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AI_FLAG_KINDS }).notNull(),
    priority: text("priority").notNull(),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "set null" }),
    /** What the child asked or wrote (the question, the share note), as they wrote it. */
    input: text("input").notNull().default(""),
    /** The AI output that was withheld; null for a risky question, which never reaches an AI. */
    output: text("output"),
    status: text("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // The queue: open flags, high priority first, then oldest first.
    index("ai_flags_status_priority_idx").on(table.status, table.priority, table.createdAt, table.id),
    index("ai_flags_user_idx").on(table.userId),
    check("ai_flags_kind", sql`${table.kind} in (${sqlList(AI_FLAG_KINDS)})`),
    check("ai_flags_priority", sql`${table.priority} in ('high', 'normal')`),
    check("ai_flags_status", sql`${table.status} in ('open', 'dismissed', 'reviewed')`),
  ],
);

/**
 * Report mails waiting to go (issue 25): one row per leader with a mail pending, due when the 15 minutes since
 * their last report mail have passed. A report that finds a row already there adds nothing: the pending mail
 * counts every open report when it goes. The job takes due rows by deleting them, so each mail goes once.
 */
export const reportMailQueue = pgTable(
  "report_mail_queue",
  {
    leaderId: text("leader_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("report_mail_queue_due_idx").on(table.dueAt)],
);
