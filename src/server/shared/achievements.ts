import { desc, eq, sql } from "drizzle-orm";
import {
  ACHIEVEMENTS,
  type AchievementId,
  type AchievementView,
  dedicatedReaderEarned,
  earnedMessage,
  firstStoryEarned,
  groupLeaderEarned,
  questionMasterEarned,
  STREAK_DAYS_FOR_DEDICATED_READER,
} from "../../core/achievements";
import type { Database } from "../db/client";
import { readingDays, userAchievements } from "../db/schema";
import { type FanOutDeps, notify } from "./notify";

// Achievements are checked where the activity happens (a story completed, a question asked, a group joined,
// a layer read) and stored with the moment earned. An achievement is awarded once: the primary key decides,
// even when two requests earn it at the same time, and only the one that stored it sends the notification.
// Earning never fails the request that earned it: a failure here is logged and tried again next time.

async function award(deps: FanOutDeps, userId: string, id: AchievementId) {
  try {
    const stored = await deps.db
      .insert(userAchievements)
      .values({ userId, achievement: id })
      .onConflictDoNothing()
      .returning({ earnedAt: userAchievements.earnedAt });
    if (stored.length === 0) return;
    await notify(deps, {
      type: "achievement",
      recipientIds: [userId],
      sender: null,
      message: earnedMessage(id),
      groupId: null,
      entityId: null,
    });
  } catch (error) {
    deps.logger.error({ err: error, userId, achievement: id }, "awarding an achievement failed");
  }
}

export async function checkFirstStory(deps: FanOutDeps, userId: string, completedStories: number) {
  if (firstStoryEarned(completedStories)) await award(deps, userId, "first_story");
}

export async function checkQuestionMaster(deps: FanOutDeps, userId: string, questionsAsked: number) {
  if (questionMasterEarned(questionsAsked)) await award(deps, userId, "question_master");
}

export async function checkGroupLeader(deps: FanOutDeps, userId: string, groupsJoinedOrCreated: number) {
  if (groupLeaderEarned(groupsJoinedOrCreated)) await award(deps, userId, "group_leader");
}

/**
 * How an action counts towards the day's goal: one activity more (`new`); a repeat, such as a question answered
 * again, which makes the day count but adds nothing once it already does (`repeat`); or none at all, as moving
 * between layers (`none`: the day is noted, but neither the goal nor the streak counts it).
 */
export type DayActivity = "new" | "repeat" | "none";

/**
 * Notes that the reader was here on `today`, their own day (readerDay in src/server/http/time-zone.ts), counting
 * the action towards the daily goal as `activity` says, and awards Dedicated Reader on the fifth day in a row.
 * Only the most recent days can complete a run, so only those are read.
 */
export async function recordReadingDay(
  deps: FanOutDeps,
  userId: string,
  today: string,
  { activity = "new" }: { activity?: DayActivity } = {},
) {
  try {
    const counted = activity === "none" ? 0 : 1;
    await deps.db
      .insert(readingDays)
      .values({ userId, day: today, activities: counted })
      .onConflictDoUpdate({
        target: [readingDays.userId, readingDays.day],
        set: {
          activities:
            activity === "repeat"
              ? sql`greatest(${readingDays.activities}, 1)`
              : sql`${readingDays.activities} + ${counted}`,
        },
      });
    const recent = await deps.db
      .select({ day: readingDays.day })
      .from(readingDays)
      .where(eq(readingDays.userId, userId))
      .orderBy(desc(readingDays.day))
      .limit(STREAK_DAYS_FOR_DEDICATED_READER);
    if (dedicatedReaderEarned(recent.map((row) => row.day))) await award(deps, userId, "dedicated_reader");
  } catch (error) {
    deps.logger.error({ err: error, userId }, "recording a reading day failed");
  }
}

/** The four of spec §3 in their fixed order, each with the moment it was earned or null. */
export async function listAchievements(db: Database, userId: string): Promise<AchievementView[]> {
  const rows = await db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
  const earned = new Map(rows.map((row) => [row.achievement, row.earnedAt.toISOString()]));
  return ACHIEVEMENTS.map((achievement) => ({
    ...achievement,
    earnedAt: earned.get(achievement.id) ?? null,
  }));
}
