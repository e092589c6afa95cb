import { Hono } from "hono";
import { isSafeStorageKey } from "../../adapters/storage/storage";
import { currentUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { serveStoredFile } from "../../http/serve-file";
import { mayReadUpload } from "./access";

/**
 * Serves stored uploads to those who may see them (`mayReadUpload`). Everyone else, signed in or not, is
 * told the file does not exist: a 401 or 403 would say that it does.
 */
export function uploadRoutes() {
  return new Hono<AppEnv>().get("/*", async (c) => {
    // Hono has already decoded the path; anything left that is not one of our own names is not found.
    const key = c.req.path.replace(/^\/uploads\//, "");
    const viewer = isSafeStorageKey(key) ? await currentUser(c) : null;
    if (!viewer || !(await mayReadUpload(c.var.deps.db, viewer.id, key)))
      throw new AppError("not_found", 404, "That file does not exist.");
    return serveStoredFile(c, c.var.deps.storage, key);
  });
}
