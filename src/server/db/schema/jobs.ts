// Mail sent by the job queue (src/server/jobs/mail.ts). The queue itself (pg-boss) keeps its jobs in a schema of
// its own; this table is ours: it is what makes a mail go at most once, whatever the queue retries.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per mail the queue has sent, or is sending, keyed by the mail's own key (a weekly summary's is the
 * leader and the week): a job that runs again after its mail went (an instance that died before it could say
 * so, two sends of the same key) finds the row and sends nothing. A send that fails removes its row, so the
 * retry can go.
 */
export const mailDeliveries = pgTable("mail_deliveries", {
  key: text("key").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
