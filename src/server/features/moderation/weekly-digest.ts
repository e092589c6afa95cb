// The weekly digest (issue 25, part 4): on Monday at 8:00 in their own time zone, a leader who turned it on gets
// one mail about each of their groups: who finished this week's story, who has not been active for 14 days and
// how much waits in the review queue. Names and counts only: nothing a child wrote is ever in it.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { isChildPlaceholderEmail } from "../../../core/family";
import { type LocalWeekTime, localWeekTime } from "../../../core/local-week";
import { DIGEST_MESSAGES } from "../../../core/schemas/digest";
import type { MailMessage } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import {
  aiFlags,
  groupAssignments,
  groupMembers,
  profiles,
  readingDays,
  reports,
  stories,
  storyProgress,
  studyGroups,
  users,
} from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import type { JobDefinition } from "../../jobs/queue";
import { simpleMail, type Unsubscribe } from "../../shared/mail-template";
import { unsubscribeLinks } from "../profile";

export type WeeklyDigestDeps = {
  db: Database;
  mailQueue: MailQueue;
  logger: Logger;
  appUrl: string;
  /** Signs each mail's 'Stop these emails' link. */
  authSecret: string;
};

/** The digest goes in the leader's local Monday, in this hour (8:00–8:59); the job runs often enough to hit it. */
const MONDAY = 1;
const DIGEST_HOUR = 8;
/** A member with no reading day for this long is listed as not active. */
const INACTIVE_DAYS = 14;
const DAY_MS = 86_400_000;

export type DigestGroup = {
  name: string;
  /** This week's story's title, or null when the group has none. */
  story: string | null;
  finished: string[];
  inactive: string[];
  openReports: number;
  openFlags: number;
};

/** Whether this leader's digest is due at `local`: their Monday 8 o'clock hour, and not sent yet this week. */
export const digestDue = (local: LocalWeekTime, sentWeek: string | null) =>
  local.weekday === MONDAY && local.hour === DIGEST_HOUR && sentWeek !== local.week;

/** The day `days` before a YYYY-MM-DD day, by the calendar. */
function daysBefore(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Each group this leader owns or belongs to as a leader or admin (the same rule as the review queue's), in
 * five queries however many groups and members there are: each member's numbers are subqueries in one select.
 */
export async function digestGroups(
  db: Database,
  leaderId: string,
  now: Date,
  localToday: string,
): Promise<DigestGroup[]> {
  const groups = await db
    .select({ id: studyGroups.id, name: studyGroups.name, story: stories.title })
    .from(studyGroups)
    .leftJoin(groupAssignments, eq(groupAssignments.groupId, studyGroups.id))
    .leftJoin(stories, eq(stories.id, groupAssignments.storyId))
    .where(
      sql`exists (
        select 1 from ${groupMembers} join ${profiles} on ${profiles.id} = ${groupMembers.userId}
        where ${groupMembers.groupId} = ${studyGroups.id} and ${groupMembers.userId} = ${leaderId}
          and (${groupMembers.role} = 'owner' or ${profiles.role} in ('leader', 'admin'))
      )`,
    )
    .orderBy(asc(studyGroups.name), asc(studyGroups.id));
  if (groups.length === 0) return [];
  const groupIds = groups.map((group) => group.id);

  // The children of each group: the leader and other leaders and admins are the ones reading this, not in it.
  const members = await db
    .select({
      groupId: groupMembers.groupId,
      username: profiles.username,
      joinedAt: groupMembers.joinedAt,
      lastDay: sql<
        string | null
      >`(select max(${readingDays.day}) from ${readingDays} where ${readingDays.userId} = ${groupMembers.userId})`,
      finished: sql<boolean>`exists (
        select 1 from ${storyProgress} join ${groupAssignments}
          on ${groupAssignments.storyId} = ${storyProgress.storyId} and ${groupAssignments.groupId} = ${groupMembers.groupId}
        where ${storyProgress.userId} = ${groupMembers.userId} and ${storyProgress.completed}
      )`,
    })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(
      and(
        inArray(groupMembers.groupId, groupIds),
        sql`${profiles.role} not in ('leader', 'admin') and ${groupMembers.userId} <> ${leaderId}`,
      ),
    )
    .orderBy(asc(sql`lower(${profiles.username})`));

  const openReports = await db
    .select({ groupId: reports.groupId, count: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.status, "open"), inArray(reports.groupId, groupIds)))
    .groupBy(reports.groupId);
  // A child's flagged questions and withheld AI answers are not a group's, so each group counts its members'.
  const openFlags = await db
    .select({ groupId: groupMembers.groupId, count: sql<number>`count(*)::int` })
    .from(aiFlags)
    .innerJoin(groupMembers, eq(groupMembers.userId, aiFlags.userId))
    .where(and(eq(aiFlags.status, "open"), inArray(groupMembers.groupId, groupIds)))
    .groupBy(groupMembers.groupId);

  // Read by the leader's calendar: a last reading day on or before this one is 14 days or more ago.
  const inactiveSince = daysBefore(localToday, INACTIVE_DAYS);
  const joinedBefore = now.getTime() - INACTIVE_DAYS * DAY_MS;
  const isInactive = (member: (typeof members)[number]) =>
    member.lastDay === null ? member.joinedAt.getTime() <= joinedBefore : member.lastDay <= inactiveSince;
  const countOf = (rows: { groupId: string; count: number }[], groupId: string) =>
    rows.find((row) => row.groupId === groupId)?.count ?? 0;

  return groups.map((group) => {
    const own = members.filter((member) => member.groupId === group.id && member.username !== null);
    const names = (list: typeof own) => list.map((member) => member.username as string);
    return {
      name: group.name,
      story: group.story,
      finished: group.story === null ? [] : names(own.filter((member) => member.finished)),
      inactive: names(own.filter(isInactive)),
      openReports: countOf(openReports, group.id),
      openFlags: countOf(openFlags, group.id),
    };
  });
}

/** The lines about one group, the same in the text and the HTML part. */
function groupLines(group: DigestGroup): string[] {
  const m = DIGEST_MESSAGES;
  return [
    ...(group.story === null ? [m.noStory] : [m.story(group.story), m.finished(group.finished)]),
    m.inactive(group.inactive),
    m.waiting(group.openReports, group.openFlags),
  ];
}

/** The mail itself: a section per group, the way to the leader page and the way to stop these mails. */
export function digestMail(
  to: string,
  groups: DigestGroup[],
  links: { appUrl: string; unsubscribe: Unsubscribe },
): Promise<MailMessage> {
  const m = DIGEST_MESSAGES;
  return simpleMail({
    to,
    subject: m.subject,
    parts: [
      m.intro,
      ...groups.flatMap((group) => [{ heading: m.group(group.name) }, { list: groupLines(group) }]),
      m.openLeaderPage,
      { button: m.openLeaderPageButton, href: `${links.appUrl}/leader` },
    ],
    unsubscribe: links.unsubscribe,
  });
}

/**
 * Queues the digest of every leader whose Monday 8 o'clock hour it is at `now` and who has not had this week's,
 * and returns how many. Each leader is claimed by writing this week into digest_sent_week in one UPDATE that
 * only matches while it is not yet there: of any number of runs on any number of instances one gets the row
 * back, and the mail's key is the leader's week, so a digest never goes twice. The job queue sends it and
 * retries while the mail server is down; one that could not be queued gives the week back for the next run.
 */
export async function sendWeeklyDigests(deps: WeeklyDigestDeps, now = new Date()): Promise<number> {
  const { db, logger } = deps;
  // Few leaders opt in; which of them it is Monday 8:00 for is decided here, where Intl knows the zones.
  const optedIn = await db
    .select({ id: profiles.id, timeZone: profiles.timeZone, sentWeek: profiles.digestSentWeek })
    .from(profiles)
    .where(eq(profiles.weeklyDigest, true));

  let sent = 0;
  for (const leader of optedIn) {
    const local = localWeekTime(now, leader.timeZone);
    if (!digestDue(local, leader.sentWeek)) continue;
    const claimed = await db
      .update(profiles)
      .set({ digestSentWeek: local.week })
      .where(
        sql`${profiles.id} = ${leader.id} and ${profiles.weeklyDigest} and ${profiles.digestSentWeek} is distinct from ${local.week}`,
      )
      .returning({ id: profiles.id });
    if (claimed.length === 0) continue;

    try {
      const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, leader.id));
      // A child under 13 has no inbox (issue 24); an account gone has none either.
      if (!account || isChildPlaceholderEmail(account.email)) continue;
      const groups = await digestGroups(db, leader.id, now, local.day);
      // No group to tell them about: this week is done all the same.
      if (groups.length === 0) continue;
      // Keyed by the leader and the week: a summary never goes twice, whatever runs again.
      const unsubscribe = unsubscribeLinks(deps, leader.id, "digest");
      const mail = await digestMail(account.email, groups, { appUrl: deps.appUrl, unsubscribe });
      await deps.mailQueue.send(mail, {
        key: `digest:${leader.id}:${local.week}`,
      });
      sent += 1;
    } catch (err) {
      // Never the address: the id is enough to follow it up.
      logger.error(
        { err, leaderId: leader.id },
        "a weekly digest could not be queued; it is tried again at the next run",
      );
      await db
        .update(profiles)
        .set({ digestSentWeek: leader.sentWeek })
        .where(and(eq(profiles.id, leader.id), eq(profiles.digestSentWeek, local.week)))
        .catch((retryErr: unknown) =>
          logger.error({ err: retryErr, leaderId: leader.id }, "a weekly digest was lost for this week"),
        );
    }
  }
  return sent;
}

/**
 * The digest as a scheduled job: every 15 minutes, so each leader's Monday 8 o'clock hour is seen four times
 * (and a digest that could not be queued has three more tries in it).
 */
export function weeklyDigestJob(deps: WeeklyDigestDeps): JobDefinition {
  return {
    name: "weekly-digest",
    cron: "*/15 * * * *",
    run: () => sendWeeklyDigests(deps),
  };
}
