// The AI helper (/qna): a reader's own folders, conversations and their messages, private to their owner.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    check("conversation_messages_type", sql`${table.type} in ('user', 'ai')`),
    check("conversation_messages_status", sql`${table.status} in ('streaming', 'done', 'failed')`),
  ],
);
