// The four achievements of spec §3, earned from real activity (issue 5). The rules are pure functions here so
// they can be unit-tested; the server checks them when the activity happens and stores the moment earned.

export const ACHIEVEMENTS = [
  { id: "first_story", name: "First Story", description: "Complete your first Bible story" },
  { id: "question_master", name: "Question Master", description: "Asked 10 questions to AI helper" },
  { id: "group_leader", name: "Group Leader", description: "Joined a study group" },
  { id: "dedicated_reader", name: "Dedicated Reader", description: "Read stories 5 days in a row" },
] as const;

export type AchievementId = (typeof ACHIEVEMENTS)[number]["id"];

export const QUESTIONS_FOR_MASTER = 10;
export const STREAK_DAYS_FOR_DEDICATED_READER = 5;

export type AchievementView = {
  id: AchievementId;
  name: string;
  description: string;
  /** ISO time it was earned; null while not earned. */
  earnedAt: string | null;
};

export const earnedMessage = (id: AchievementId) =>
  `You earned the ${ACHIEVEMENTS.find((achievement) => achievement.id === id)?.name} achievement! 🎉`;

export const firstStoryEarned = (completedStories: number) => completedStories >= 1;
export const questionMasterEarned = (questionsAsked: number) => questionsAsked >= QUESTIONS_FOR_MASTER;
export const groupLeaderEarned = (groupsJoinedOrCreated: number) => groupsJoinedOrCreated >= 1;

/**
 * One formatter per zone: building an Intl.DateTimeFormat takes a few tenths of a millisecond, and every
 * reading day and story part asks. They are kept under the zone's canonical name: Intl also accepts any
 * casing and old aliases ("america/CHICAGO", "US/Central"), so keeping them under the name as sent would let
 * a header grow the map without end. Kept this way, it holds at most one formatter per zone the runtime knows.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  const kept = dayFormatters.get(timeZone);
  if (kept) return kept;
  let formatter: Intl.DateTimeFormat;
  try {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
  } catch {
    // Not a zone this runtime knows; every runtime knows UTC.
    return dayFormatter("UTC");
  }
  const canonical = formatter.resolvedOptions().timeZone;
  const same = dayFormatters.get(canonical);
  if (same) return same;
  dayFormatters.set(canonical, formatter);
  return formatter;
}

/** How many day formatters are kept: for the test that a header cannot grow them without end. */
export const keptDayFormatters = () => dayFormatters.size;

/** `YYYY-MM-DD` of an instant in a time zone; an unknown zone falls back to UTC rather than failing a read. */
export function localDay(at: Date, timeZone: string): string {
  return dayFormatter(timeZone).format(at);
}

/** The day after a `YYYY-MM-DD` day, by the calendar (month and year ends included). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The longest run of consecutive calendar days among these reading days (any order, repeats allowed). */
export function longestStreak(days: Iterable<string>): number {
  const sorted = [...new Set(days)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of sorted) {
    run = previous !== undefined && nextDay(previous) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  return longest;
}

export const dedicatedReaderEarned = (readingDays: Iterable<string>) =>
  longestStreak(readingDays) >= STREAK_DAYS_FOR_DEDICATED_READER;
