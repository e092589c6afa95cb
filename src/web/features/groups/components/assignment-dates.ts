import { ASSIGNMENT_MESSAGES } from "../../../../core/schemas/assignments";

// The app's words are English, so its dates are too.

/** A YYYY-MM-DD day as a local date: new Date("2026-11-28") would be midnight UTC, the day before in America. */
function localDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

const weekdayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "long" });
const dayMonthFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long" });

/** 'Friday, 28 November', as a leader would write the day a story is due. */
export function formatDueDate(day: string): string {
  const date = localDay(day);
  return `${weekdayFormat.format(date)}, ${dayMonthFormat.format(date)}`;
}

const lastActiveFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** 'Nov 21, 2026', or 'Not yet' for a member who has not read or practised. */
export function formatLastActive(day: string | null): string {
  return day ? lastActiveFormat.format(localDay(day)) : ASSIGNMENT_MESSAGES.notActiveYet;
}

/** Today in the leader's own calendar, as the date input's earliest choice. */
export function todayAsDay(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const date = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${date}`;
}
