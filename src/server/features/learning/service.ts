import { desc, eq } from "drizzle-orm";
import type { LearningToday } from "../../../core/schemas/learning";
import { readingStreak } from "../../../core/schemas/learning";
import type { Database } from "../../db/client";
import { profiles, readingDays } from "../../db/schema";

// The gentle streak and the daily goal (issue 23): read from the reader's days, each kept with how many activities
// (layers read, checks answered, verses practised) it held.

/** Enough days back to see any run a reader can still be on: a long run is counted whole. */
const DAYS_READ = 400;

export async function learningToday(db: Database, userId: string, today: string): Promise<LearningToday> {
  const [days, [profile]] = await Promise.all([
    db
      .select({ day: readingDays.day, activities: readingDays.activities })
      .from(readingDays)
      .where(eq(readingDays.userId, userId))
      .orderBy(desc(readingDays.day))
      .limit(DAYS_READ),
    db.select({ dailyGoal: profiles.dailyGoal }).from(profiles).where(eq(profiles.id, userId)),
  ]);
  const done = days.find((row) => row.day === today)?.activities ?? 0;
  const target = profile?.dailyGoal ?? 1;
  return {
    // A day only visited (moving between layers) is not an active one.
    streak: readingStreak(
      days.filter((row) => row.activities > 0).map((row) => row.day),
      today,
    ),
    goal: { target, done, met: done >= target },
  };
}

export async function setDailyGoal(db: Database, userId: string, target: number) {
  await db.update(profiles).set({ dailyGoal: target }).where(eq(profiles.id, userId));
}
