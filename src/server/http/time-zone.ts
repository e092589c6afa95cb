import type { Context } from "hono";

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
