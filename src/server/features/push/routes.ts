import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { knownTimeZone } from "../../../core/local-week";
import {
  DEFAULT_QUIET_HOURS,
  type PushSettings,
  pushEndpointSchema,
  pushSubscriptionSchema,
  quietHoursSchema,
} from "../../../core/schemas/push";
import { requireAllowedByParent, requireUser } from "../../auth/session";
import { profiles } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { saveQuietHours } from "./actions/save-quiet-hours";
import { subscribe } from "./actions/subscribe";
import { unsubscribeDevice } from "./actions/unsubscribe-device";

/** /api/push: the key to subscribe with and the reader's settings, their devices, their quiet hours. */
export function pushRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => {
      const { deps, user } = c.var;
      if (!deps.config.push)
        throw new AppError("push_off", 404, "Notifications are not set up on this server.");
      const [row] = await deps.db
        .select({ start: profiles.pushQuietStart, end: profiles.pushQuietEnd })
        .from(profiles)
        .where(eq(profiles.id, user.id));
      const settings: PushSettings = {
        publicKey: deps.config.push.publicKey,
        quietHours: row ?? DEFAULT_QUIET_HOURS,
        allowed: !user.permissions || user.permissions.notifications,
      };
      return c.json(settings);
    })
    .post(
      "/subscriptions",
      requireAllowedByParent("notifications"),
      validate("json", pushSubscriptionSchema),
      async (c) =>
        c.json(
          await subscribe.run(c.var.deps, c.var.user, {
            ...c.req.valid("json"),
            // The browser's zone (x-time-zone): the quiet hours are the reader's own night from the start.
            timeZone: knownTimeZone(c.req.header("x-time-zone")),
          }),
        ),
    )
    .delete("/subscriptions", validate("json", pushEndpointSchema), async (c) =>
      c.json(await unsubscribeDevice.run(c.var.deps, c.var.user, c.req.valid("json"))),
    )
    .put("/quiet-hours", validate("json", quietHoursSchema), async (c) =>
      c.json(
        await saveQuietHours.run(c.var.deps, c.var.user, {
          ...c.req.valid("json"),
          // The browser's zone (x-time-zone): the quiet hours are the reader's own night.
          timeZone: knownTimeZone(c.req.header("x-time-zone")),
        }),
      ),
    );
}
