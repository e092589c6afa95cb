// The job queue (issue 25): the delayed and scheduled work (mails to adults, report-mail batches, the weekly
// summary, the family sweep) runs on pg-boss, a well-kept queue whose jobs are rows in PostgreSQL. So a job
// survives a restart (it is a row until it is done); of several instances exactly one runs it (a worker takes it
// with SKIP LOCKED); a job that throws is tried again with back-off; a cron schedule sends one job per time
// across all instances. On a legacy PGlite data folder (src/server/db/configured.ts) the same queue runs in this
// process through PGlite's own connection.
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";

export type JobDefinition<T extends object = object> = {
  /** The queue's name, kept in the database: keep it stable, or waiting jobs are left behind. */
  name: string;
  /** Runs on this cron schedule (UTC), once per time across all instances; without one it runs when sent. */
  cron?: string;
  /**
   * A run that throws is tried again up to `limit` times: the first after about `delaySeconds` (one to two
   * times it), then twice as long each time. Without it a failed run waits for the next cron time.
   */
  retry?: { limit: number; delaySeconds: number };
  run(data: T, job: { id: string }): Promise<unknown>;
};

/** A job's definition of any data (the queue hands each its own). */
// biome-ignore lint/suspicious/noExplicitAny: each definition checks its own data; the list mixes them.
export type AnyJobDefinition = JobDefinition<any>;

export type JobQueue = {
  /** Puts a job on a queue (started or not yet); its id. */
  send(name: string, data: object): Promise<string>;
  /** Creates the queues and starts working them and their schedules. */
  start(): Promise<void>;
  /** Takes no new job; waits (up to `timeoutMs`) for the running ones, whose jobs otherwise run again later. */
  stop(timeoutMs?: number): Promise<void>;
  /** How many jobs of each queue wait, wait for a retry or run now (for /metrics); none before the queue starts. */
  waiting(): Promise<{ queue: string; count: number }[]>;
  /** The library itself, for tests that look at a job's state. */
  boss: PgBoss;
};

export type JobQueueOptions = {
  database: DatabaseHandle;
  logger: Logger;
  jobs: readonly AnyJobDefinition[];
  /**
   * How often an idle worker looks for a job. In production a sent job's worker (a mail's) looks every 2 s and
   * a cron job's every CRON_POLLING_SECONDS (its job comes once a minute at most); tests look more often.
   */
  pollingIntervalSeconds?: number;
};

/** A scheduled job runs once a minute at most; its worker need not look more often than this. */
const CRON_POLLING_SECONDS = 10;

/** A job running longer than this is taken to have died with its instance, and runs again. */
const EXPIRE_IN_SECONDS = 15 * 60;

/** pg-boss's own tables: beside the app's, or beside a test file's schema on a shared server. */
const bossSchema = (database: DatabaseHandle) =>
  database.searchPath ? `${database.searchPath}_jobs` : "pgboss";

/** PGlite's one connection, speaking pg-boss's `db` interface: statements with parameters, or scripts without. */
function pgliteDb(database: DatabaseHandle): PgBoss.Db {
  const pglite = database.pglite;
  if (!pglite) throw new Error("no PGlite instance on this database handle");
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pglite.query(text, values);
      // pg-boss's migrations are scripts of many statements, which only the simple protocol runs.
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** PostgreSQL's error code when it broke a deadlock by failing one of the transactions. */
const DEADLOCK_DETECTED = "40P01";

/**
 * Creates a queue that may be created by another instance at the same moment (a deployment's first start): two
 * creates of one new queue can deadlock, and PostgreSQL then fails one of them. The one that failed tries again
 * and finds the queue made (pg-boss's create does nothing for a queue that exists).
 */
async function createQueueOnce(boss: PgBoss, queue: PgBoss.Queue & PgBoss.QueueOptions, tries = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(queue.name, queue);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger, jobs } = options;
  const common = {
    schema: bossSchema(database),
    // Finished jobs are kept a day for a look, then deleted: a mail's job holds an address.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ ...common, db: pgliteDb(database) })
      : new PgBoss({
          ...common,
          connectionString: database.url,
          // The queue's own few connections, beside the app's pool.
          max: 2,
          application_name: "lamplight-jobs",
        });
  // The library reports what goes wrong in its own loops here; it carries on, and so does the app.
  boss.on("error", (err) => logger.error({ err }, "job queue error"));

  let starting: Promise<void> | undefined;
  let stopped = false;

  async function startBoss() {
    await boss.start();
    for (const job of jobs) {
      const settings = {
        name: job.name,
        retryLimit: job.retry?.limit ?? 0,
        retryDelay: job.retry?.delaySeconds ?? 0,
        retryBackoff: Boolean(job.retry),
        expireInSeconds: EXPIRE_IN_SECONDS,
      };
      // Made once for the deployment; the settings follow the code.
      if (!(await boss.getQueue(job.name))) await createQueueOnce(boss, settings);
      await boss.updateQueue(job.name, settings);
    }
  }

  return {
    boss,
    async send(name, data) {
      starting ??= startBoss();
      await starting;
      const id = await boss.send(name, data);
      if (!id) throw new Error(`job not queued on ${name}`);
      return id;
    },
    async start() {
      starting ??= startBoss();
      await starting;
      for (const job of jobs) {
        await boss.work<object>(
          job.name,
          {
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? (job.cron ? CRON_POLLING_SECONDS : 2),
            batchSize: 1,
          },
          async ([taken]) => {
            if (!taken) return;
            try {
              await job.run(taken.data, { id: taken.id });
            } catch (err) {
              // Thrown on, so that the queue records the failure and retries as the job says.
              logger.error({ err, job: job.name, jobId: taken.id }, "job failed");
              throw err;
            }
          },
        );
        if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
      }
    },
    async waiting() {
      if (!starting || stopped) return [];
      await starting;
      return Promise.all(
        jobs.map(async (job) => ({
          queue: job.name,
          // Every state before 'completed': created, retry and active.
          count: await boss.getQueueSize(job.name, { before: "completed" }),
        })),
      );
    },
    async stop(timeoutMs = 8_000) {
      if (stopped || !starting) return;
      stopped = true;
      await starting.catch(() => {});
      // The queue's pool is its own (closing it leaves the app's alone); PGlite's connection is the app's to close.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
