import { Hono } from "hono";
import { z } from "zod";
import { leaderActionSchema, REPORT_MESSAGES, reportSchema } from "../../../core/schemas/moderation";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { createReport } from "./actions/create-report";
import { resolveReport } from "./actions/resolve-report";
import { listAudit } from "./audit";
import { avatarReviewRoutes } from "./avatar-routes";
import { careMailRoutes } from "./care-mail-routes";
import { aiFlagRoutes } from "./flag-routes";
import { mediaReviewRoutes } from "./media-routes";
import { muteRoutes } from "./mute-routes";
import { listQueue } from "./queue";

const pageSchema = z.object({ cursor: z.string().max(200).optional() });
// The service checks the id, so that a malformed one is "not found" (404) rather than a 400.
const reportParams = z.object({ id: z.string().max(100) });

/**
 * 'Report' on a post, comment, chat message or profile picture, mounted at /api/reports; members of the item's
 * group only (for a picture, of the group it was seen in, which its owner belongs to as well).
 */
export function reportRoutes() {
  return new Hono<AppEnv>().use(requireUser).post("/", validate("json", reportSchema), async (c) => {
    const { created } = await createReport.run(c.var.deps, c.var.user, c.req.valid("json"));
    // One body type for both answers: the screen shows whichever message it gets.
    const message: string = created ? REPORT_MESSAGES.thanks : REPORT_MESSAGES.alreadyReported;
    return c.json({ message }, created ? 201 : 200);
  });
}

/**
 * The review queue, the actions on it and the audit log, mounted at /api/leader. The role guard runs before the
 * body is validated: someone who may not act learns nothing from the answer.
 */
export function leaderRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/queue", requireRole("leader"), validate("query", pageSchema), async (c) =>
      c.json(await listQueue(c.var.deps.db, c.req.valid("query").cursor)),
    )
    .post(
      "/reports/:id/action",
      requireRole("leader"),
      validate("param", reportParams),
      validate("json", leaderActionSchema),
      async (c) => {
        const { report } = await resolveReport.run(c.var.deps, c.var.user, {
          reportId: c.req.valid("param").id,
          ...c.req.valid("json"),
        });
        return c.json({ report });
      },
    )
    .get("/audit", requireRole("admin"), validate("query", pageSchema), async (c) =>
      c.json(await listAudit(c.var.deps.db, c.req.valid("query").cursor)),
    )
    .route("/media", mediaReviewRoutes())
    .route("/avatars", avatarReviewRoutes())
    .route("/flags", aiFlagRoutes())
    .route("/mutes", muteRoutes())
    .route("/care-mails", careMailRoutes());
}
