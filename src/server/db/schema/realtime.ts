// The realtime event log, from which a reconnecting tab is given what it missed.
import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Every realtime event, kept a while so that a reconnecting tab can be given what it missed
 * (Last-Event-ID). Topics are `user:{id}` (notifications, membership) and `group:{id}`.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("realtime_events_topic_idx").on(table.topic, table.id),
    index("realtime_events_created_idx").on(table.createdAt),
  ],
);
