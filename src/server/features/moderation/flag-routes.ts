import { Hono } from "hono";
import { z } from "zod";
import { aiFlagActionSchema } from "../../../core/schemas/moderation";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { resolveAiFlag } from "./actions/resolve-ai-flag";
import { listAiFlags } from "./ai-flags";

const pageSchema = z.object({ cursor: z.string().max(200).optional() });
// Any string: the service checks the id, so that a malformed one is "not found" (404), never a 400 or a 500.
const flagParams = z.object({ id: z.string() });

/**
 * What the AI guardrails raised, mounted at /api/leader/flags. As on the other leader routes, the role guard
 * runs before the body is validated: someone who may not act learns nothing from the answer.
 */
export function aiFlagRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("leader"), validate("query", pageSchema), async (c) =>
      c.json(await listAiFlags(c.var.deps.db, c.req.valid("query").cursor)),
    )
    .post(
      "/:id/action",
      requireRole("leader"),
      validate("param", flagParams),
      validate("json", aiFlagActionSchema),
      async (c) =>
        c.json(
          await resolveAiFlag.run(c.var.deps, c.var.user, {
            flagId: c.req.valid("param").id,
            ...c.req.valid("json"),
          }),
        ),
    );
}
