import { Hono } from "hono";
import { z } from "zod";
import { liftMuteSchema } from "../../../core/schemas/moderation";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { liftMute } from "./actions/lift-mute";
import { listMutes } from "./mutes";

// Any id: an unknown one is "not found" (404) from the service, never a 400 or a 500.
const muteParams = z.object({ userId: z.string().max(100) });

/**
 * Who is muted now, and lifting a mute early, mounted at /api/leader/mutes. As on the other leader routes, the
 * role guard runs before the body is validated: someone who may not act learns nothing.
 */
export function muteRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("leader"), async (c) => c.json(await listMutes(c.var.deps.db, c.var.role)))
    .post(
      "/:userId/lift",
      requireRole("leader"),
      validate("param", muteParams),
      validate("json", liftMuteSchema),
      async (c) =>
        c.json(
          await liftMute.run(c.var.deps, c.var.user, {
            userId: c.req.valid("param").userId,
            reason: c.req.valid("json").reason,
          }),
        ),
    );
}
