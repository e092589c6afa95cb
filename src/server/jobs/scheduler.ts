// A tiny job scheduler: each job runs every `intervalMs`, at most once at a time across all instances of a
// deployment, on a schedule kept in the database (scheduled_jobs) so that a restart neither skips nor repeats it.
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { scheduledJobs } from "../db/schema";

export type Job = {
  /** The job's row in scheduled_jobs: keep it stable, or the job starts a new schedule. */
  name: string;
  intervalMs: number;
  /**
   * How long a claim holds before another instance may take the job over (it must outlast the longest run):
   * an instance that dies mid-run leaves its claim behind, and this is how long the job then waits.
   */
  leaseMs?: number;
  run: () => Promise<unknown>;
};

export type JobOutcome = { name: string; ok: boolean };

const DEFAULT_LEASE_MS = 10 * 60_000;
/** Every instance looks for due jobs this often; a job's interval is what decides how often it runs. */
const CHECK_EVERY_MS = 60_000;
/** The first look, soon after start but out of the way of start-up itself. */
const FIRST_CHECK_AFTER_MS = 5_000;

const secondsOf = (ms: number) => ms / 1000;

export function createScheduler(deps: { db: Database; logger: Logger; jobs: readonly Job[] }) {
  const { db, logger, jobs } = deps;
  let rowsMade: Promise<void> | undefined;

  /** Each job's row, made due at once the first time any instance knows the job; an existing row is kept as it is. */
  function makeRows(): Promise<void> {
    rowsMade ??= db
      .insert(scheduledJobs)
      .values(jobs.map((job) => ({ name: job.name, nextRunAt: sql`now()` })))
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((error: unknown) => {
        // Tried again at the next check (the database may just be starting).
        rowsMade = undefined;
        throw error;
      });
    return rowsMade;
  }

  /**
   * Claims the job if it is due and nobody holds it. One UPDATE decides: PostgreSQL makes concurrent updates
   * of a row wait for each other and re-checks the condition after, so of any number of callers on any number
   * of instances exactly one gets the row back. Times are the database's, so instances' clocks do not matter.
   */
  async function claim(job: Job): Promise<boolean> {
    const claimed = await db
      .update(scheduledJobs)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${secondsOf(job.leaseMs ?? DEFAULT_LEASE_MS)})`,
      })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, sql`now()`),
          or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, sql`now()`)),
        ),
      )
      .returning({ name: scheduledJobs.name });
    return claimed.length > 0;
  }

  async function finish(job: Job, error: string | null) {
    await db
      .update(scheduledJobs)
      .set({
        nextRunAt: sql`now() + make_interval(secs => ${secondsOf(job.intervalMs)})`,
        lockedUntil: null,
        lastRunAt: sql`now()`,
        lastError: error,
      })
      .where(eq(scheduledJobs.name, job.name));
  }

  async function runClaimed(job: Job): Promise<JobOutcome> {
    const startedAt = performance.now();
    try {
      await job.run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, job: job.name }, "scheduled job failed; it runs again at its next time");
      await finish(job, message);
      return { name: job.name, ok: false };
    }
    await finish(job, null);
    logger.info({ job: job.name, ms: Math.round(performance.now() - startedAt) }, "scheduled job ran");
    return { name: job.name, ok: true };
  }

  /** Runs every job that is due and that this call claimed; what it ran (the others ran elsewhere, or are not due). */
  async function runDueJobs(): Promise<JobOutcome[]> {
    if (jobs.length === 0) return [];
    await makeRows();
    const outcomes: JobOutcome[] = [];
    // One after the other: jobs are few and short, and this keeps an instance to one database connection for them.
    for (const job of jobs) {
      if (await claim(job)) outcomes.push(await runClaimed(job));
    }
    return outcomes;
  }

  let timers: { first: NodeJS.Timeout; every: NodeJS.Timeout } | undefined;
  let checking: Promise<void> | undefined;

  /**
   * A check that never throws (a database down for a minute must not take the server with it), and never two at
   * once here: a job still running at the next tick is left to finish.
   */
  function check() {
    checking ??= runDueJobs()
      .then(
        () => undefined,
        (error: unknown) => {
          logger.warn({ err: error }, "scheduled jobs not checked; trying again in a minute");
        },
      )
      .finally(() => {
        checking = undefined;
      });
  }

  return {
    runDueJobs,
    /** Checks for due jobs soon after start, then every minute; the timers never keep the process alive. */
    start() {
      if (timers) return;
      timers = { first: setTimeout(check, FIRST_CHECK_AFTER_MS), every: setInterval(check, CHECK_EVERY_MS) };
      timers.first.unref();
      timers.every.unref();
    },
    /** Starts no more checks; resolves once a check under way has finished, so the database can then close. */
    async stop() {
      if (timers) {
        clearTimeout(timers.first);
        clearInterval(timers.every);
        timers = undefined;
      }
      await checking;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
