import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer, type Mailer } from "../adapters/mail/mailer";
import { openDatabase } from "../db/client";
import { takeErrorLogs } from "../test/error-logs";
import { createTestApp, parallel, TEST_MAIL_RETRY, type TestApp } from "../test/harness";
import { createMailQueue, deliverOnce, MAIL_JOB, mailJob } from "./mail";
import { type AnyJobDefinition, createJobQueue, type JobQueue } from "./queue";

// The job queue and its mails on the suite's PostgreSQL (the embedded server, or the one DATABASE_URL names):
// two "instances" are two queues over one database, each with its own connections, as two app servers would be.
// Mail goes to a real SMTP server on 127.0.0.1 that can be told to refuse, as a mail server that is down does.

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

const received: { to: string[]; data: string; at: number }[] = [];
const attempts: number[] = [];
/** How many of the next deliveries the server refuses with a temporary failure. */
let refuseNext = 0;
let smtp: SMTPServer;
let smtpUrl: string;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts.push(Date.now());
        if (refuseNext > 0) {
          refuseNext -= 1;
          const refusal = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
          refusal.responseCode = 451;
          return callback(refusal);
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** The queues a test made, stopped after it (a queue stopped already is left as it is). */
const queues: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  refuseNext = 0;
  attempts.length = 0;
  received.length = 0;
});

/** An instance's queue over `app`'s database, mailing through `mailer` (the SMTP server by default). */
function queueOn(app: TestApp, options: { mailer?: Mailer; jobs?: AnyJobDefinition[] } = {}) {
  const mailer = options.mailer ?? createSmtpMailer(smtpUrl, "Lamplight <no-reply@lamplight.test>");
  const queue = createJobQueue({
    database: app.database,
    logger: app.logger,
    pollingIntervalSeconds: 0.5,
    jobs: options.jobs ?? [mailJob({ db: app.db, mailer, logger: app.logger }, TEST_MAIL_RETRY)],
  });
  queues.push(queue);
  return queue;
}

let mailCounter = 0;
/** A mail to an address of its own, so that each test counts only its own. */
function aMail() {
  mailCounter += 1;
  return { to: `leader-${mailCounter}@example.org`, subject: "Reports wait", text: "2 reports wait." };
}
const deliveredTo = (to: string) => received.filter((mail) => mail.to.includes(to));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const stateOf = async (queue: JobQueue, id: string) => (await queue.boss.getJobById(MAIL_JOB, id))?.state;

describe("job queue on PostgreSQL", () => {
  it("keeps a job over a restart: queued on an instance that stops, sent by the one that starts", async () => {
    const before = queueOn(t);
    const mail = aMail();
    // Queued, and the instance stops before any worker of it took the job.
    await createMailQueue(before).send(mail);
    await before.stop();
    expect(deliveredTo(mail.to)).toHaveLength(0);

    const after = queueOn(other);
    await after.start();
    await until(() => deliveredTo(mail.to).length === 1);
  });

  it("runs each job once when two instances work the same queue", async () => {
    const runs = new Map<string, number>();
    const counting = (instance: string): AnyJobDefinition => ({
      name: "count-once",
      async run(_data, job) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        runs.set(instance, (runs.get(instance) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
    });
    const first = queueOn(t, { jobs: [counting("first")] });
    const second = queueOn(other, { jobs: [counting("second")] });
    await Promise.all([first.start(), second.start()]);

    const ids = await parallel(30, (index) => (index % 2 ? first : second).send("count-once", { index }));
    await until(() => ids.every((id) => runs.has(id)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    // Both took a share (each polls every half second, and a job takes 10 ms).
    expect((runs.get("first") ?? 0) + (runs.get("second") ?? 0)).toBe(30);
  });

  it("retries a mail the mail server refused, waiting longer each time, and sends it once", async () => {
    refuseNext = 2;
    const queue = queueOn(t);
    await queue.start();
    const mail = aMail();
    await createMailQueue(queue).send(mail);

    await until(() => deliveredTo(mail.to).length === 1);
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    // About 1–2 s, then about 2–4 s: the test's back-off (the app's starts at 30 s).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1_900);
    expect(takeErrorLogs().map((log) => log.msg)).toEqual(["job failed", "job failed"]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(deliveredTo(mail.to)).toHaveLength(1);
  });

  it("gives up after the last retry, and the mail's key is free for a later one", async () => {
    refuseNext = 10;
    const queue = queueOn(t);
    await queue.start();
    const mail = aMail();
    const id = await queue.send(MAIL_JOB, { message: mail, key: `test:${mail.to}` });

    await until(async () => (await stateOf(queue, id)) === "failed");
    expect(attempts).toHaveLength(TEST_MAIL_RETRY.limit + 1);
    expect(deliveredTo(mail.to)).toHaveLength(0);
    takeErrorLogs();

    refuseNext = 0;
    await createMailQueue(queue).send(mail, { key: `test:${mail.to}` });
    await until(() => deliveredTo(mail.to).length === 1);
  });

  it("never sends a mail twice: the same key queued ten times at once on two instances goes once", async () => {
    const first = queueOn(t);
    const second = queueOn(other);
    await Promise.all([first.start(), second.start()]);
    const mail = aMail();

    await parallel(10, (index) =>
      createMailQueue(index % 2 ? first : second).send(mail, { key: `digest:someone:${mail.to}` }),
    );
    await until(() => deliveredTo(mail.to).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(deliveredTo(mail.to)).toHaveLength(1);
  });

  it("never sends a mail twice: an instance that dies after sending leaves the job to run again, and it sends nothing", async () => {
    const mail = aMail();
    const smtpMailer = createSmtpMailer(smtpUrl, "Lamplight <no-reply@lamplight.test>");
    let sentBeforeDying: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      sentBeforeDying = resolve;
    });
    // The mail goes, then the instance hangs, as one that dies before it can mark the job done.
    const dying = queueOn(t, {
      mailer: {
        kind: "smtp",
        async send(message) {
          await smtpMailer.send(message);
          sentBeforeDying();
          await new Promise(() => {});
        },
      },
    });
    await dying.start();
    const id = await dying.send(MAIL_JOB, { message: mail, key: null });
    await sent;
    // Stopped without waiting: the job it held goes back to the queue, to be retried.
    await dying.boss.stop({ graceful: false, wait: true, timeout: 1_000 });

    const survivor = queueOn(other);
    await survivor.start();
    await until(async () => (await stateOf(survivor, id)) === "completed");
    const job = await survivor.boss.getJobById(MAIL_JOB, id);
    expect(job?.retryCount).toBe(1);
    expect(deliveredTo(mail.to)).toHaveLength(1);
    takeErrorLogs();
  });

  it("claims a mail's key before sending and frees it when the send fails", async () => {
    const mail = aMail();
    const failing: Mailer = {
      kind: "smtp",
      async send() {
        throw new Error("SMTP is down");
      },
    };
    await expect(deliverOnce({ db: t.db, mailer: failing }, `test:${mail.to}`, mail)).rejects.toThrow(
      "SMTP is down",
    );
    const smtpMailer = createSmtpMailer(smtpUrl, "Lamplight <no-reply@lamplight.test>");
    const results = await parallel(5, () =>
      deliverOnce({ db: t.db, mailer: smtpMailer }, `test:${mail.to}`, mail),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(deliveredTo(mail.to)).toHaveLength(1);
  });
});

describe("job queue on PGlite (a legacy data folder)", () => {
  it("runs jobs in the process, and keeps them over a restart", async () => {
    const pglite = new PGlite();
    const database = openDatabase({ pglite });
    const ran: unknown[] = [];
    const job: AnyJobDefinition = {
      name: "in-process",
      async run(data) {
        ran.push(data);
      },
    };
    try {
      const before = createJobQueue({ database, logger: t.logger, jobs: [job], pollingIntervalSeconds: 0.5 });
      await before.send("in-process", { n: 1 });
      await before.stop();
      expect(ran).toEqual([]);

      const after = createJobQueue({ database, logger: t.logger, jobs: [job], pollingIntervalSeconds: 0.5 });
      await after.start();
      await after.send("in-process", { n: 2 });
      await until(() => ran.length === 2);
      await after.stop();
      expect(ran).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    } finally {
      await pglite.close();
    }
  });
});
