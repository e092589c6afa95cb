import { Hono } from "hono";
import { markReadSchema } from "../../../core/schemas/notifications";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { markAllRead } from "./actions/mark-all-read";
import { markRead } from "./actions/mark-read";
import { listNotifications } from "./service";

/** The bell: only ever the signed-in reader's own notifications. */
export function notificationRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => c.json(await listNotifications(c.var.deps.db, c.var.user.id)))
    .post("/read", validate("json", markReadSchema), async (c) =>
      c.json(await markRead.run(c.var.deps, c.var.user, c.req.valid("json"))),
    )
    .post("/read-all", async (c) => c.json(await markAllRead.run(c.var.deps, c.var.user, undefined)));
}
