import { Hono } from "hono";
import { z } from "zod";
import { avatarReviewSchema, removeAvatarSchema } from "../../../core/schemas/moderation";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { removeAvatar } from "./actions/remove-avatar";
import { reviewAvatar } from "./actions/review-avatar";
import { listPendingAvatars } from "./avatar-review";

const pageSchema = z.object({ cursor: z.string().max(200).optional() });
// Any string: the service checks the id, so that a malformed one is "not found" (404), never a 400 or a 500.
const avatarParams = z.object({ userId: z.string().max(100) });

/**
 * Members' profile pictures waiting for a leader, and removing one others see, mounted at /api/leader/avatars.
 * As on the other leader routes, the role guard runs before the body is validated: someone who may not act
 * learns nothing.
 */
export function avatarReviewRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("leader"), validate("query", pageSchema), async (c) =>
      c.json(await listPendingAvatars(c.var.deps.db, c.req.valid("query").cursor)),
    )
    .post(
      "/:userId/action",
      requireRole("leader"),
      validate("param", avatarParams),
      validate("json", avatarReviewSchema),
      async (c) =>
        c.json(
          await reviewAvatar.run(c.var.deps, c.var.user, {
            userId: c.req.valid("param").userId,
            ...c.req.valid("json"),
          }),
        ),
    )
    .post(
      "/:userId/remove",
      requireRole("leader"),
      validate("param", avatarParams),
      validate("json", removeAvatarSchema),
      async (c) =>
        c.json(
          await removeAvatar.run(c.var.deps, c.var.user, {
            userId: c.req.valid("param").userId,
            ...c.req.valid("json"),
          }),
        ),
    );
}
