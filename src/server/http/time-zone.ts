import type { Context } from "hono";
import { localDay } from "../../core/achievements";

/** The most a real time zone is away from UTC, in minutes (UTC+14). */
const MAX_UTC_OFFSET_MINUTES = 14 * 60;

/**
 * The reader's day (`YYYY-MM-DD` in their own calendar), for what is counted by it: reading days, the streak and
 * the spaced review. The web app sends the browser's offset from UTC (`x-utc-offset`, minutes as
 * `Date.getTimezoneOffset` gives them), which costs a phone nothing to find and is all that today's date needs;
 * a zone's name (`x-time-zone`) is taken too, and wins. Anything missing or unknown reads as UTC, so a bad
 * header moves a day boundary, never the answer.
 */
export function readerDay(c: Context, at = new Date()): { today: string } {
  const zone = c.req.header("x-time-zone")?.trim() ?? "";
  if (zone.length > 0 && zone.length <= 64) return { today: localDay(at, zone) };
  const offset = Number(c.req.header("x-utc-offset") ?? Number.NaN);
  if (Number.isInteger(offset) && Math.abs(offset) <= MAX_UTC_OFFSET_MINUTES)
    return { today: new Date(at.getTime() - offset * 60_000).toISOString().slice(0, 10) };
  return { today: localDay(at, "UTC") };
}
