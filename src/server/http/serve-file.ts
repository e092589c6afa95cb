import type { Context } from "hono";
import parseRange from "range-parser";
import type { ByteRange, FileInfo, Storage } from "../adapters/storage/storage";
import { AppError } from "./errors";

const notFound = () => new AppError("not_found", 404, "That file does not exist.");

/**
 * Streams a stored file the caller has already authorised, as browsers and Safari's video player expect:
 * `ETag` with `Cache-Control: private, no-cache`, so a browser keeps its copy but asks each time (304 while
 * unchanged), and a removed or refused file stops being served at once; a single `Range` answered 206 with
 * `Content-Range`, an unsatisfiable one 416. Several ranges in one request get the whole file, which HTTP
 * allows. Nothing is read into memory. The content type is ours, from the stored name; nosniff stops a
 * browser from guessing otherwise, and the sandbox CSP keeps anything that slipped through from running.
 */
export async function serveStoredFile(c: Context, storage: Storage, key: string): Promise<Response> {
  const info = await storage.stat(key);
  if (!info) throw notFound();
  const headers: Record<string, string> = {
    "Content-Type": info.contentType,
    ETag: info.etag,
    "Cache-Control": "private, no-cache",
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (matchesTag(c.req.header("if-none-match"), info.etag)) return c.body(null, 304, headers);

  const range = requestedRange(c, info);
  if (range === "unsatisfiable") {
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${info.size}` });
  }
  if (range) {
    headers["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
    headers["Content-Length"] = String(range.end - range.start + 1);
  } else headers["Content-Length"] = String(info.size);
  const status = range ? 206 : 200;
  // A HEAD request learns the same headers without a file being opened.
  if (c.req.method === "HEAD") return c.body(null, status, headers);
  const opened = await storage.open(key, range ?? undefined);
  // Removed between the two looks, or replaced by another version: the headers would be wrong.
  if (!opened) throw notFound();
  if (opened.info.etag !== info.etag) {
    await opened.body.cancel();
    throw notFound();
  }
  return c.body(opened.body, status, headers);
}

/** `If-None-Match` holds the tag, or `*`; weak tags (W/"…") compare equal to their strong form, as HTTP says. */
function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strong = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || strong(tag) === strong(etag));
}

/**
 * The one range asked for, null for the whole file (no Range, a malformed one, several ranges, or an
 * `If-Range` naming an older version), or "unsatisfiable" when it starts past the end.
 */
function requestedRange(c: Context, info: FileInfo): ByteRange | null | "unsatisfiable" {
  const header = c.req.header("range");
  if (!header) return null;
  const ifRange = c.req.header("if-range");
  if (ifRange && ifRange.trim() !== info.etag) return null;
  const ranges = parseRange(info.size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return null;
  const [only] = ranges;
  return only ? { start: only.start, end: only.end } : null;
}
