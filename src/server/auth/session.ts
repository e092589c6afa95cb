import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../../core/messages";
import { isPrivileged, REPORT_MESSAGES, type Role } from "../../core/schemas/moderation";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { requestHeader } from "../http/request-header";
import { SESSION_COOKIE } from "./auth";
import { getRole } from "./roles";

/** The signed-in user, or null; put on the context once found. */
export async function currentUser(c: Context<AppEnv>): Promise<AppEnv["Variables"]["user"] | null> {
  // Routers mounted on overlapping paths (groups and their feed) each require a user: look it up once.
  const known = c.get("user");
  if (known) return known;
  const cookie = requestHeader(c, "cookie");
  // No session cookie, no session: nothing to look up (a probe, a signed-out page, a stranger's script).
  if (!cookie?.includes(SESSION_COOKIE)) return null;
  const { auth, sessions } = c.var.deps;
  const user = await sessions.resolve(cookie, async () => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    return (
      session && {
        user: { id: session.user.id, email: session.user.email },
        expiresAt: session.session.expiresAt,
      }
    );
  });
  if (user) c.set("user", user);
  return user ?? null;
}

/** Puts the signed-in user on the context, or refuses with 401. */
async function authenticate(c: Context<AppEnv>) {
  if (!(await currentUser(c))) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
}

/** Lets only signed-in users through and puts their user on the context. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await next();
});

/** What a role guard adds to the context: the user's app-wide role, read once per request. */
export type RoleEnv = { Variables: { role: Role } };

/**
 * Lets through signed-in users with at least this role: "leader" admits leaders and admins (the spec's
 * privileged profile), "admin" only admins. Also requires a user, so it may stand alone on a route.
 */
export function requireRole(minimum: "leader" | "admin") {
  return createMiddleware<AppEnv & RoleEnv>(async (c, next) => {
    await authenticate(c as unknown as Context<AppEnv>);
    // The variable is unset until a guard has run; the type promises it only to the handlers after one.
    let role = c.get("role") as Role | undefined;
    if (!role) {
      role = await getRole(c.var.deps.db, c.var.user.id);
      c.set("role", role);
    }
    if (minimum === "leader" && !isPrivileged(role))
      throw new AppError("leaders_only", 403, REPORT_MESSAGES.leadersOnly);
    if (minimum === "admin" && role !== "admin")
      throw new AppError("admins_only", 403, REPORT_MESSAGES.adminsOnly);
    await next();
  });
}
