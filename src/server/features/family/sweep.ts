// The 7-day sweep (issue 24): a child's account still waiting for a parent 7 days after it was made is deleted,
// with everything it made, as if it had never been.
import { and, asc, lt, sql } from "drizzle-orm";
import { FAMILY_LINK_TTL_MS } from "../../../core/family";
import { profiles } from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import type { JobDefinition } from "../../jobs/queue";
import { deleteAccount } from "../profile";

type SweepDeps = Pick<AppDeps, "db" | "storage" | "logger">;

/** The accounts still waiting for a parent that were made before `cutoff`, oldest first. */
export function waitingAccountsMadeBefore(db: SweepDeps["db"], cutoff: Date) {
  return (
    db
      .select({ id: profiles.id })
      .from(profiles)
      // The state as a literal, not a parameter, so that the planner can use the partial index
      // profiles_waiting_for_parent_idx (a parameter cannot prove its WHERE) and never reads other profiles.
      .where(and(sql`${profiles.accountState} = 'waiting_for_parent'`, lt(profiles.createdAt, cutoff)))
      .orderBy(asc(profiles.createdAt))
  );
}

/**
 * Deletes every account still 'waiting_for_parent' that was made more than FAMILY_LINK_TTL_MS before `now`,
 * each in a transaction of its own (deleteAccount), and returns how many went. One that cannot be deleted does
 * not stop the others; the sweep then fails, so that the job queue records it, and it runs again at the next hour.
 */
export async function sweepWaitingChildren(deps: SweepDeps, now = new Date()): Promise<number> {
  const waiting = await waitingAccountsMadeBefore(deps.db, new Date(now.getTime() - FAMILY_LINK_TTL_MS));

  let deleted = 0;
  let failed = 0;
  for (const { id } of waiting) {
    try {
      // A parent may say yes at this very moment: the account goes only if it still waits, under its lock.
      if ((await deleteAccount(deps, id, { onlyWhileWaiting: true })).deleted) deleted += 1;
    } catch (error) {
      failed += 1;
      deps.logger.warn({ err: error }, "a waiting child's account was not swept");
    }
  }
  // Counts only: the sweep never logs who the children were.
  if (waiting.length > 0) deps.logger.info({ deleted, failed }, "waiting accounts older than 7 days swept");
  if (failed > 0) throw new Error(`${failed} of ${waiting.length} waiting accounts could not be deleted`);
  return deleted;
}

/** The sweep as a scheduled job: hourly, so an account goes within an hour of its 7 days. */
export function familySweepJob(deps: SweepDeps): JobDefinition {
  return {
    name: "family-sweep",
    cron: "5 * * * *",
    run: () => sweepWaitingChildren(deps),
  };
}
