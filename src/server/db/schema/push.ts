// Push notifications (issue 26): each device a reader turned notifications on for. The endpoint is the push
// service's address for that device; the keys encrypt what is sent to it, so only the device can read it.
import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One device, one row: a shared tablet's next reader takes its row over. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);
