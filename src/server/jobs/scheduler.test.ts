import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { scheduledJobs } from "../db/schema";
import { takeErrorLogs } from "../test/error-logs";
import { createTestApp, type TestApp } from "../test/harness";
import { createScheduler, type Job } from "./scheduler";

// The scheduler on a real database: two "instances" are two schedulers, the second on a pool of its own (on
// PostgreSQL) over the same database, as two app servers of one deployment would be.

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ shareDatabaseWith: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60_000;
let jobCounter = 0;

/** A job of its own for each test (the database is the file's), counting its runs. */
function countingJob(options: { intervalMs?: number; runMs?: number; fail?: () => boolean } = {}) {
  jobCounter += 1;
  const job = {
    name: `test-job-${jobCounter}`,
    intervalMs: options.intervalMs ?? HOUR,
    runs: 0,
    async run() {
      job.runs += 1;
      if (options.runMs) await new Promise((resolve) => setTimeout(resolve, options.runMs));
      if (options.fail?.()) throw new Error("the job's own failure");
    },
  } satisfies Job & { runs: number };
  return job;
}

const schedulerOn = (app: TestApp, job: Job) =>
  createScheduler({ db: app.db, logger: app.logger, jobs: [job] });

async function rowOf(name: string) {
  const [row] = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  if (!row) throw new Error(`no scheduled_jobs row for ${name}`);
  return row;
}

/** As if the interval had passed: the job is due again. */
const makeDue = (name: string) =>
  t.db
    .update(scheduledJobs)
    .set({ nextRunAt: sql`now() - interval '1 second'` })
    .where(eq(scheduledJobs.name, name));

describe("job scheduler", () => {
  it("runs a due job exactly once when 10 runDueJobs calls race on two instances", async () => {
    const job = countingJob({ runMs: 50 });
    const first = schedulerOn(t, job);
    const second = schedulerOn(other, job);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? first : second).runDueJobs()),
    );
    expect(job.runs).toBe(1);
    expect(outcomes.flat()).toEqual([{ name: job.name, ok: true }]);
    const row = await rowOf(job.name);
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toBeNull();
    expect(row.lastRunAt).not.toBeNull();
    // The next run is an interval away.
    expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
  });

  it("does not run a job before its next_run_at, and runs it once that time has come", async () => {
    const job = countingJob();
    const scheduler = schedulerOn(t, job);
    expect(await scheduler.runDueJobs()).toEqual([{ name: job.name, ok: true }]);
    expect(await scheduler.runDueJobs()).toEqual([]);

    await t.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() + interval '1 minute'` })
      .where(eq(scheduledJobs.name, job.name));
    expect(await scheduler.runDueJobs()).toEqual([]);
    expect(job.runs).toBe(1);

    await makeDue(job.name);
    expect(await scheduler.runDueJobs()).toEqual([{ name: job.name, ok: true }]);
    expect(job.runs).toBe(2);
  });

  it("keeps the schedule across a restart: a new scheduler on the same database waits for the next time", async () => {
    const job = countingJob();
    const beforeRestart = schedulerOn(t, job);
    await beforeRestart.runDueJobs();
    await beforeRestart.stop();
    const scheduled = (await rowOf(job.name)).nextRunAt;

    // The restarted instance makes its rows again; an existing row keeps its time.
    const afterRestart = schedulerOn(other, job);
    expect(await afterRestart.runDueJobs()).toEqual([]);
    expect(job.runs).toBe(1);
    expect((await rowOf(job.name)).nextRunAt).toEqual(scheduled);

    await makeDue(job.name);
    expect(await afterRestart.runDueJobs()).toEqual([{ name: job.name, ok: true }]);
    expect(job.runs).toBe(2);
  });

  it("records a failure without throwing, and retries at the next time", async () => {
    let failing = true;
    const job = countingJob({ fail: () => failing });
    const scheduler = schedulerOn(t, job);

    expect(await scheduler.runDueJobs()).toEqual([{ name: job.name, ok: false }]);
    const failed = await rowOf(job.name);
    expect(failed.lastError).toBe("the job's own failure");
    expect(failed.lockedUntil).toBeNull();
    expect(failed.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(takeErrorLogs()).toEqual([
      expect.objectContaining({ msg: "scheduled job failed; it runs again at its next time", job: job.name }),
    ]);
    // Not again before its time.
    expect(await scheduler.runDueJobs()).toEqual([]);

    failing = false;
    await makeDue(job.name);
    expect(await scheduler.runDueJobs()).toEqual([{ name: job.name, ok: true }]);
    expect(job.runs).toBe(2);
    expect((await rowOf(job.name)).lastError).toBeNull();
  });

  it("leaves a job another instance holds, until that instance's lease has run out", async () => {
    const job = countingJob();
    const scheduler = schedulerOn(t, job);
    await scheduler.runDueJobs();
    // An instance claimed it and died mid-run: its claim stays behind.
    await t.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'`, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(scheduledJobs.name, job.name));
    expect(await scheduler.runDueJobs()).toEqual([]);

    await t.db
      .update(scheduledJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, job.name));
    expect(await scheduler.runDueJobs()).toEqual([{ name: job.name, ok: true }]);
    expect(job.runs).toBe(2);
  });

  it("checks soon after start and every minute, and stops checking once stopped", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    // With an interval of 0 the job is due at every check.
    const job = countingJob({ intervalMs: 0 });
    const scheduler = schedulerOn(t, job);
    // The database answers in real time: wait until the check's run has finished and been recorded.
    const ranTimes = (runs: number) =>
      vi.waitFor(async () => {
        expect(job.runs).toBe(runs);
        expect((await rowOf(job.name)).lockedUntil).toBeNull();
      });

    scheduler.start();
    expect(job.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    await ranTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await ranTimes(2);

    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(job.runs).toBe(2);
  });
});
