// Report mails (issue 25): a new report reaches the group's owner and leaders outside the app too, batched so
// that a leader gets at most one mail every 15 minutes, saying how many reports wait and nothing of what they say.
import { eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { isChildPlaceholderEmail } from "../../../core/family";
import { REPORT_MAIL_MESSAGES } from "../../../core/schemas/moderation";
import type { MailMessage } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import { groupMembers, profiles, reportMailQueue, reports, users } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import type { JobDefinition } from "../../jobs/queue";
import { simpleMail, type Unsubscribe } from "../../shared/mail-template";
import { unsubscribeLinks } from "../profile";

/** A leader's report mails are this far apart at least: the reports in between wait for the next one. */
export const REPORT_MAIL_EVERY = "15 minutes";
/** A mail that could not be queued (the database busy) is tried again this much later. */
export const REPORT_MAIL_RETRY_AFTER = "5 minutes";

export type ReportMailDeps = {
  db: Database;
  mailQueue: MailQueue;
  logger: Logger;
  appUrl: string;
  /** Signs each mail's 'Stop these emails' link. */
  authSecret: string;
};

/**
 * Puts a report mail on the way to each of these leaders who wants them: due now, or 15 minutes after their last
 * one. A leader with a mail already pending keeps it as it is: it counts every open report when it goes.
 */
export async function queueReportMails(db: Database, leaderIds: string[]): Promise<void> {
  if (leaderIds.length === 0) return;
  await db
    .insert(reportMailQueue)
    .select(
      db
        .select({
          leaderId: profiles.id,
          dueAt:
            sql<Date>`greatest(now(), coalesce(${profiles.reportMailSentAt}, '-infinity') + ${REPORT_MAIL_EVERY}::interval)`.as(
              "due_at",
            ),
        })
        .from(profiles)
        .where(sql`${inArray(profiles.id, leaderIds)} and ${profiles.reportMails}`),
    )
    .onConflictDoNothing({ target: reportMailQueue.leaderId });
}

/**
 * How many open reports this leader can act on: those of the groups they own, or belong to as a leader or admin.
 * The same rule as who is told of a new report (leadersToTell).
 */
async function openReportsFor(db: Database, leaderId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      sql`${reports.status} = 'open' and exists (
        select 1 from ${groupMembers} join ${profiles} on ${profiles.id} = ${groupMembers.userId}
        where ${groupMembers.groupId} = ${reports.groupId} and ${groupMembers.userId} = ${leaderId}
          and (${groupMembers.role} = 'owner' or ${profiles.role} in ('leader', 'admin'))
      )`,
    );
  return row?.count ?? 0;
}

/** The mail itself: a count, the way to the queue and the way to stop these mails. */
export function reportMail(
  to: string,
  count: number,
  links: { appUrl: string; unsubscribe: Unsubscribe },
): Promise<MailMessage> {
  const m = REPORT_MAIL_MESSAGES;
  return simpleMail({
    to,
    subject: m.subject,
    parts: [
      m.waiting(count),
      m.openQueue,
      { button: m.openQueueButton, href: `${links.appUrl}/leader` },
      m.batching,
    ],
    unsubscribe: links.unsubscribe,
  });
}

/**
 * Queues every report mail that is due and returns how many. Each due row is claimed by deleting it, in one
 * statement: of any number of runs on any number of instances only one gets a row back, and the mail's key is
 * that claim's, so a mail never goes twice. The job queue sends it, and retries while the mail server is down;
 * a mail that could not even be queued is put back for REPORT_MAIL_RETRY_AFTER, and does not stop the others.
 */
export async function sendDueReportMails(deps: ReportMailDeps): Promise<number> {
  const { db, logger } = deps;
  const claimed = await db
    .delete(reportMailQueue)
    .where(lte(reportMailQueue.dueAt, sql`now()`))
    .returning({ leaderId: reportMailQueue.leaderId, dueAt: reportMailQueue.dueAt });

  let sent = 0;
  for (const { leaderId, dueAt } of claimed) {
    try {
      const [leader] = await db
        .select({ email: users.email, reportMails: profiles.reportMails })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(eq(profiles.id, leaderId));
      // Turned off since the report, or gone: nothing to send, and nothing to wait for.
      // A child under 13 has no inbox (issue 24): an owner without one hears of reports in the app alone.
      if (!leader?.reportMails || isChildPlaceholderEmail(leader.email)) continue;
      // A leader may have looked at them all meanwhile.
      const count = await openReportsFor(db, leaderId);
      if (count === 0) continue;
      const unsubscribe = unsubscribeLinks(deps, leaderId, "reports");
      const mail = await reportMail(leader.email, count, { appUrl: deps.appUrl, unsubscribe });
      await deps.mailQueue.send(mail, {
        key: `report:${leaderId}:${dueAt.toISOString()}`,
      });
    } catch (err) {
      // Never the address or the count: the id is enough to follow it up.
      logger.error({ err, leaderId }, "a report mail could not be queued; it is tried again later");
      await db
        .insert(reportMailQueue)
        .values({ leaderId, dueAt: sql`now() + ${REPORT_MAIL_RETRY_AFTER}::interval` })
        // A report since the claim queued one already; it goes then instead.
        .onConflictDoNothing({ target: reportMailQueue.leaderId })
        .catch((retryErr: unknown) => logger.error({ err: retryErr, leaderId }, "a report mail was lost"));
      continue;
    }
    sent += 1;
    // Sent: from now on the next one waits 15 minutes. Outside the try, so that a failure here never sends it again.
    await db
      .update(profiles)
      .set({ reportMailSentAt: sql`now()` })
      .where(eq(profiles.id, leaderId))
      .catch((err: unknown) => logger.error({ err, leaderId }, "a report mail's time was not recorded"));
  }
  return sent;
}

/** Report mails as a scheduled job: every minute, so a due mail goes within a minute of its time. */
export function reportMailsJob(deps: ReportMailDeps): JobDefinition {
  return {
    name: "report-mails",
    cron: "* * * * *",
    run: () => sendDueReportMails(deps),
  };
}
