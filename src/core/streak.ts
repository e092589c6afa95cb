// The gentle streak and the daily goal (issue 23). A day counts when the reader reads a layer, answers a check or
// practises a verse, by their own calendar. Missing a day or two is forgiven: at most two missed days in any seven,
// with no guilt and nothing to buy.

export const FORGIVEN_DAYS_PER_WEEK = 2;
export const DAILY_GOALS = [1, 2, 3] as const;
export type DailyGoal = (typeof DAILY_GOALS)[number];
export const DEFAULT_DAILY_GOAL: DailyGoal = 1;

export const STREAK_MESSAGES = {
  saved: "Streak saved! Everyone needs a rest day.",
  goalMet: "Daily goal met!",
  goalLabel: "Daily goal",
  goalChoice: "Please choose 1, 2 or 3 activities a day.",
  streakLabel: (days: number) => `${days}-day streak`,
  /** Home's line for the run of days: said as an invitation before the first day, never as a zero. */
  daysInARow: (days: number) =>
    days === 0
      ? "Your streak starts with today's first activity."
      : days === 1
        ? "1 day in a row"
        : `${days} days in a row`,
} as const;

/** A `YYYY-MM-DD` day `days` earlier (later, for a negative number). */
function dayBefore(day: string, days = 1): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The streak as of `today`: the active days of the unbroken run that ends today, or yesterday while today is still
 * to come. A missed day inside the run is forgiven when fewer than two other days were missed in the week from it.
 * `saved` is true when a missed day in the last two days was forgiven: the reader sees the kind note.
 */
export function readingStreak(activeDays: Iterable<string>, today: string): { days: number; saved: boolean } {
  const active = new Set(activeDays);
  const oldest = [...active].sort()[0];
  const forgiven: string[] = [];
  let days = 0;
  for (
    let day = active.has(today) ? today : dayBefore(today);
    oldest && day >= oldest;
    day = dayBefore(day)
  ) {
    if (active.has(day)) {
      days += 1;
      continue;
    }
    const weekEnd = dayBefore(day, -6);
    if (forgiven.filter((gap) => gap <= weekEnd).length >= FORGIVEN_DAYS_PER_WEEK) break;
    forgiven.push(day);
  }
  const recent = dayBefore(today, 2);
  return { days, saved: days > 0 && forgiven.some((gap) => gap >= recent) };
}
