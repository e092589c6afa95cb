import { Hono } from "hono";
import { z } from "zod";
import { mediaReviewSchema } from "../../../core/schemas/moderation";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { reviewMedia } from "./actions/review-media";
import { listPendingMedia } from "./media-review";

const pageSchema = z.object({ cursor: z.string().max(200).optional() });
// Any string: the service checks the id, so that a malformed one is "not found" (404), never a 400 or a 500.
const mediaParams = z.object({ postId: z.string() });

/**
 * Photos and videos from members waiting for a leader, mounted at /api/leader/media. As on the other leader
 * routes, the role guard runs before the body is validated: someone who may not act learns nothing.
 */
export function mediaReviewRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("leader"), validate("query", pageSchema), async (c) =>
      c.json(await listPendingMedia(c.var.deps.db, c.req.valid("query").cursor)),
    )
    .post(
      "/:postId/action",
      requireRole("leader"),
      validate("param", mediaParams),
      validate("json", mediaReviewSchema),
      async (c) => {
        const { postId, mediaStatus } = await reviewMedia.run(c.var.deps, c.var.user, {
          postId: c.req.valid("param").postId,
          ...c.req.valid("json"),
        });
        return c.json({ postId, mediaStatus });
      },
    );
}
