import { Hono } from "hono";
import { markReadSchema } from "../../../core/schemas/notifications";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { listNotifications, markAllRead, markRead } from "./service";

/** The bell: only ever the signed-in reader's own notifications. */
export function notificationRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => c.json(await listNotifications(c.var.deps.db, c.var.user.id)))
    .post("/read", validate("json", markReadSchema), async (c) =>
      c.json(await markRead(c.var.deps.db, c.var.user.id, c.req.valid("json").ids)),
    )
    .post("/read-all", async (c) => c.json(await markAllRead(c.var.deps.db, c.var.user.id)));
}
