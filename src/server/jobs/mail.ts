// Mail through the job queue (issue 25): what the app tells an adult outside it (a child who needs care, reports
// waiting, the weekly summary, a parent's notice) is a job, so that a mail server down for an hour delays it and
// loses nothing. Each mail goes at most once: its key is claimed in mail_deliveries before it is handed to the
// mail server, so a job that runs again after its mail went (an instance that died before it could say so, the
// same mail queued twice) sends nothing. A send that fails gives its key back and the queue retries with back-off.
import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Mailer, MailMessage } from "../adapters/mail/mailer";
import type { Database } from "../db/client";
import { mailDeliveries } from "../db/schema";
import type { JobDefinition, JobQueue } from "./queue";

export const MAIL_JOB = "mail";

/**
 * Eight tries after the first, from about 30 s apart to about two hours: a mail server down for most of a day
 * still gets every mail.
 */
export const MAIL_RETRY = { limit: 8, delaySeconds: 30 };

type QueuedMail = { message: MailMessage; key: string | null };

export type MailQueue = {
  /**
   * Queues a mail. `key` names it for good (e.g. a leader's summary of one week): a second mail with the same
   * key never goes. Without one, each call is a mail of its own.
   */
  send(message: MailMessage, options?: { key?: string }): Promise<void>;
};

export function createMailQueue(queue: Pick<JobQueue, "send">): MailQueue {
  return {
    async send(message, options) {
      await queue.send(MAIL_JOB, { message, key: options?.key ?? null } satisfies QueuedMail);
    },
  };
}

/** Sends the mail unless its key has gone (or is going) already; whether it was sent now. */
export async function deliverOnce(
  deps: { db: Database; mailer: Mailer },
  key: string,
  message: MailMessage,
): Promise<boolean> {
  const claimed = await deps.db
    .insert(mailDeliveries)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: mailDeliveries.key });
  if (claimed.length === 0) return false;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // Not sent: the key is free again for the retry.
    await deps.db.delete(mailDeliveries).where(eq(mailDeliveries.key, key));
    throw err;
  }
  return true;
}

export function mailJob(
  deps: { db: Database; mailer: Mailer; logger: Logger },
  retry = MAIL_RETRY,
): JobDefinition<QueuedMail> {
  return {
    name: MAIL_JOB,
    retry,
    async run({ message, key }, job) {
      // A job's own id is its key when the sender gave none: a retry of it is the same mail.
      const sent = await deliverOnce(deps, key ?? `job:${job.id}`, message);
      // Never the address: the job id is enough to follow it up.
      if (!sent) deps.logger.info({ jobId: job.id }, "mail already sent; not sent again");
    },
  };
}

/** A sent mail's key is kept this long: long past any retry, and past the week a weekly summary's key covers. */
const DELIVERIES_KEPT = "30 days";

/** Forgets old deliveries once a day, so the table stays the size of a month's mail. */
export function mailDeliveriesSweepJob(deps: { db: Database }): JobDefinition {
  return {
    name: "mail-deliveries-sweep",
    cron: "40 3 * * *",
    run: () =>
      deps.db
        .delete(mailDeliveries)
        .where(sql`${mailDeliveries.sentAt} < now() - ${DELIVERIES_KEPT}::interval`),
  };
}
