// The spec's notifications: mentions, reactions and the like, each to its recipient only.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { NOTIFICATION_TYPES } from "../../../core/schemas/notifications";
import { users } from "./auth";
import { createdAt, sqlList } from "./columns";
import { studyGroups } from "./groups";

/**
 * The spec's notification: mentions and reactions, to their recipient only. `entity_id` is the post or
 * comment it is about, and `group_id` lets the bell link to the group.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    groupId: uuid("group_id").references(() => studyGroups.id, { onDelete: "cascade" }),
    entityId: uuid("entity_id"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_recipient_created_idx").on(table.recipientId, table.createdAt),
    check("notifications_type", sql`${table.type} in (${sqlList(NOTIFICATION_TYPES)})`),
  ],
);
