import type { Context } from "hono";
import { localDay } from "../../core/achievements";

/**
 * The reader's time zone, as their browser names it in `x-time-zone` (every write of the web app sends it;
 * reads do not, see src/web/lib/api-client.ts), for things counted by the reader's own calendar such as
 * reading days. Anything missing or unknown reads as UTC when used (`localDay`), so a bad header changes a day
 * boundary, never the answer.
 */
export function readerTimeZone(c: Context): string {
  const zone = c.req.header("x-time-zone")?.trim() ?? "";
  return zone.length > 0 && zone.length <= 64 ? zone : "UTC";
}

/** The most a real time zone is away from UTC, in minutes (UTC+14). */
const MAX_UTC_OFFSET_MINUTES = 14 * 60;

/**
 * The reader's day (`YYYY-MM-DD` in their own calendar) and their time zone: the spaced review's and the streak's.
 * Writes name the zone (`x-time-zone`); reads that need the day send only the browser's offset from UTC
 * (`x-utc-offset`, minutes as `Date.getTimezoneOffset` gives them), which costs a phone nothing to find and is
 * all that today's date needs.
 */
export function readerDay(c: Context, at = new Date()): { today: string; timeZone: string } {
  const timeZone = readerTimeZone(c);
  const offset = Number(c.req.header("x-utc-offset") ?? Number.NaN);
  if (
    !c.req.header("x-time-zone") &&
    Number.isInteger(offset) &&
    Math.abs(offset) <= MAX_UTC_OFFSET_MINUTES
  ) {
    return { today: new Date(at.getTime() - offset * 60_000).toISOString().slice(0, 10), timeZone };
  }
  return { today: localDay(at, timeZone), timeZone };
}
