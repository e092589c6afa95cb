import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../../core/messages";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";

/** Lets only signed-in users through and puts their user on the context. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  // Routers mounted on overlapping paths (groups and their feed) each require a user: look it up once.
  if (c.get("user")) return next();
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
  c.set("user", { id: session.user.id, email: session.user.email });
  await next();
});
