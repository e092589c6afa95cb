// The AI helper (/qna): a reader's own folders, conversations and their messages, private to their owner.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LEADER_QUESTION_STATUSES } from "../../../core/schemas/leader-questions";
import { FOLDER_COLORS } from "../../../core/schemas/qna";
import { users } from "./auth";
import { createdAt, sqlList } from "./columns";

export const conversationFolders = pgTable(
  "conversation_folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color", { enum: FOLDER_COLORS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("conversation_folders_user_created_idx").on(table.userId, table.createdAt, table.id),
    check("conversation_folders_color", sql`${table.color} in (${sqlList(FOLDER_COLORS)})`),
  ],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Deleting a folder leaves its conversations in no folder (spec §2). */
    folderId: uuid("folder_id").references(() => conversationFolders.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // The sidebar: newest activity first, a page at a time.
    index("conversations_user_last_message_idx").on(table.userId, table.lastMessageAt, table.id),
    index("conversations_folder_idx").on(table.folderId),
  ],
);

export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    content: text("content").notNull().default(""),
    /** An ai message is `streaming` while its answer is written, then `done` or `failed`. */
    status: text("status").notNull().default("done"),
    createdAt: createdAt(),
  },
  (table) => [
    index("conversation_messages_conversation_idx").on(table.conversationId, table.id),
    // "leader": a leader's reply to a question sent with 'Ask a leader'.
    check("conversation_messages_type", sql`${table.type} in ('user', 'ai', 'leader')`),
    check("conversation_messages_status", sql`${table.status} in ('streaming', 'done', 'failed')`),
  ],
);

/**
 * 'Ask a leader' (issue 22): a question a child sent to the ministry's leaders from one of the helper's answers
 * (at most once per answer), and the leader's reply, which is also added to the child's conversation. The
 * question goes with its conversation: a child who deletes the conversation takes it back.
 */
export const leaderQuestions = pgTable(
  "leader_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    answerMessageId: bigint("answer_message_id", { mode: "number" })
      .notNull()
      .references(() => conversationMessages.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    status: text("status", { enum: LEADER_QUESTION_STATUSES }).notNull().default("waiting"),
    reply: text("reply"),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("leader_questions_answer_idx").on(table.answerMessageId),
    // The leaders' lists: waiting ones oldest first, answered ones newest answer first.
    index("leader_questions_waiting_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'waiting'`),
    index("leader_questions_answered_idx")
      .on(table.answeredAt, table.id)
      .where(sql`${table.status} = 'answered'`),
    // A child's questions still waiting, counted against their limit.
    index("leader_questions_user_status_idx").on(table.userId, table.status),
    index("leader_questions_conversation_idx").on(table.conversationId),
    check("leader_questions_status", sql`${table.status} in (${sqlList(LEADER_QUESTION_STATUSES)})`),
    check(
      "leader_questions_answered",
      sql`(${table.status} = 'answered') = (${table.reply} is not null and ${table.answeredAt} is not null)`,
    ),
  ],
);

/**
 * A leader's reply offered to the helper's question bank (content/questions/), waiting for the ministry's
 * review before anyone adds it there. It goes with its question.
 */
export const questionBankDrafts = pgTable(
  "question_bank_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leaderQuestionId: uuid("leader_question_id")
      .notNull()
      .references(() => leaderQuestions.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("question_bank_drafts_question_idx").on(table.leaderQuestionId),
    index("question_bank_drafts_created_idx").on(table.createdAt, table.id),
  ],
);
