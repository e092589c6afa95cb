// Scheduled jobs (src/server/jobs/scheduler.ts): when each job runs next, kept in the database so that the
// schedule survives restarts and every instance of a deployment shares it.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per job, made the first time an instance starts with it. An instance claims a due job by setting
 * `lockedUntil` (a lease: a crashed instance's claim runs out by itself), runs it, then sets `nextRunAt`.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  /** The last run's error message; null after a run that succeeded. */
  lastError: text("last_error"),
});
