// Where an instant falls in someone's own week: what the weekly digest (issue 25) needs to go on Monday at 8:00
// wherever the leader lives. Intl does the time-zone arithmetic (summer time included); the ISO week is
// calendar arithmetic on the local date.

/** The zone as the runtime names it, or null when it knows no such zone (null reads as UTC). */
export function knownTimeZone(zone: string | null | undefined): string | null {
  const trimmed = zone?.trim() ?? "";
  if (trimmed.length === 0 || trimmed.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export type LocalWeekTime = {
  /** 1 = Monday … 7 = Sunday, as ISO 8601 counts them. */
  weekday: number;
  /** 0–23. */
  hour: number;
  /** The local date, YYYY-MM-DD. */
  day: string;
  /** The local ISO week, e.g. "2026-W48". */
  week: string;
};

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The ISO 8601 week of a calendar date: the week of its Thursday, numbered within that Thursday's year. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const firstOfYear = Date.UTC(year, 0, 1);
  const week = Math.floor((date.getTime() - firstOfYear) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The weekday, hour, date and ISO week of `at` in this zone (UTC when null or unknown). */
export function localWeekTime(at: Date, timeZone: string | null): LocalWeekTime {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: knownTimeZone(timeZone) ?? "UTC",
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year")}-${part("month")}-${part("day")}`;
  return {
    weekday: WEEKDAYS.indexOf(part("weekday")) + 1,
    hour: Number(part("hour")),
    day,
    week: isoWeek(day),
  };
}
