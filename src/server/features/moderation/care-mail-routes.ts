import { Hono } from "hono";
import { z } from "zod";
import { careMailsSchema } from "../../../core/schemas/moderation";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { setCareMails } from "./actions/set-care-mails";
import { listCareMails } from "./care-mails";

// Any id: an unknown one is "not found" (404) from the service, never a 400 or a 500.
const careMailParams = z.object({ userId: z.string().max(100) });

/**
 * Care alerts by email, mounted at /api/leader/care-mails: admins only, for reading and for changing. As on the
 * other leader routes, the role guard runs before the body is validated.
 */
export function careMailRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("admin"), async (c) => c.json(await listCareMails(c.var.deps.db)))
    .put(
      "/:userId",
      requireRole("admin"),
      validate("param", careMailParams),
      validate("json", careMailsSchema),
      async (c) =>
        c.json(
          await setCareMails.run(c.var.deps, c.var.user, {
            userId: c.req.valid("param").userId,
            ...c.req.valid("json"),
          }),
        ),
    );
}
