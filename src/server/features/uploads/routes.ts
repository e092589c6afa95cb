import { Hono } from "hono";
import { isSafeStorageKey } from "../../adapters/storage/storage";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";

/**
 * Serves stored uploads. The content type comes from our own re-encoding, nosniff stops a browser from
 * guessing otherwise, and the sandbox CSP keeps anything that slipped through from running as a page.
 */
export function uploadRoutes() {
  return new Hono<AppEnv>().get("/*", async (c) => {
    // Hono has already decoded the path; anything left that is not one of our own names is not found.
    const key = c.req.path.replace(/^\/uploads\//, "");
    if (!isSafeStorageKey(key)) throw new AppError("not_found", 404, "That file does not exist.");
    const file = await c.var.deps.storage.get(key);
    if (!file) throw new AppError("not_found", 404, "That file does not exist.");
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // Names carry a timestamp and never change content.
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
}
