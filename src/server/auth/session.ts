import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { FAMILY_MESSAGES, type FamilySwitchKey } from "../../core/family";
import { MESSAGES } from "../../core/messages";
import { familyPermissionsSchema } from "../../core/schemas/family";
import { isPrivileged, REPORT_MESSAGES, type Role } from "../../core/schemas/moderation";
import type { Database } from "../db/client";
import { profiles } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { requestHeader } from "../http/request-header";
import { SESSION_COOKIE } from "./auth";
import { getRole } from "./roles";
import type { SessionUser } from "./session-cache";

/**
 * What the routes must know of an account besides who it is (issue 24): a child waiting for a parent, and a
 * parent's switches. Read with the session, so a remembered session carries them too.
 */
export async function familyState(
  db: Database,
  userId: string,
): Promise<Pick<SessionUser, "accountState" | "permissions">> {
  const [row] = await db
    .select({ accountState: profiles.accountState, permissions: profiles.familyPermissions })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const permissions = familyPermissionsSchema.safeParse(row?.permissions);
  return {
    accountState: row?.accountState ?? "active",
    permissions: permissions.success ? permissions.data : null,
  };
}

type SignedInUser = AppEnv["Variables"]["user"];

/**
 * The signed-in user when it is known without waiting: already on the context (routers mounted on overlapping
 * paths, such as groups and their feed, each require a user), or a session remembered from the last seconds.
 * Null means "look it up" (`currentUser`), not "signed out".
 */
function knownUser(c: Context<AppEnv>): SignedInUser | null {
  const onContext = c.get("user");
  if (onContext) return onContext;
  const remembered = c.get("deps").sessions.get(requestHeader(c, "cookie"));
  if (remembered) c.set("user", remembered);
  return remembered ?? null;
}

/** The signed-in user, or null; put on the context once found. */
export async function currentUser(c: Context<AppEnv>): Promise<SignedInUser | null> {
  const known = knownUser(c);
  if (known) return known;
  const cookie = requestHeader(c, "cookie");
  // No session cookie, no session: nothing to look up (a probe, a signed-out page, a stranger's script).
  if (!cookie?.includes(SESSION_COOKIE)) return null;
  const { auth, db, sessions } = c.get("deps");
  const user = await sessions.resolve(cookie, async () => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return null;
    return {
      user: { id: session.user.id, email: session.user.email, ...(await familyState(db, session.user.id)) },
      expiresAt: session.session.expiresAt,
    };
  });
  if (user) c.set("user", user);
  return user ?? null;
}

/** Refuses a missing user with 401, and a child still waiting for a parent with 403. */
function assertOpenAccount(user: SignedInUser | null): asserts user is SignedInUser {
  if (!user) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
  if (user.accountState === "waiting_for_parent")
    throw new AppError("waiting_for_parent", 403, FAMILY_MESSAGES.waitingForParent);
}

/**
 * Puts the signed-in user on the context, or refuses with 401. A child whose parent has not yet agreed is
 * refused with 403 everywhere but the waiting screen's own routes (`requireSignedIn`).
 */
async function authenticate(c: Context<AppEnv>) {
  assertOpenAccount(await currentUser(c));
}

/**
 * Lets only signed-in users with an open account through and puts their user on the context. Not an async
 * function: a remembered session (nearly every request) goes straight on, without a promise and a turn of the
 * event loop of its own, a cost every signed-in request would pay.
 */
export const requireUser: MiddlewareHandler<AppEnv> = (c, next) => {
  const known = knownUser(c);
  if (!known) return authenticate(c).then(next);
  assertOpenAccount(known);
  return next();
};

/** Any signed-in user, a child still waiting for a parent included: for the waiting screen's routes alone. */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await currentUser(c))) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
  await next();
});

/**
 * Refuses what a child's parent has switched off ('Study groups and chat', 'AI helper', 'Photos and videos'),
 * with the one kind sentence. After `requireUser`. Accounts no parent governs pass.
 */
export function assertAllowedByParent(user: SessionUser, key: FamilySwitchKey) {
  if (user.permissions && !user.permissions[key])
    throw new AppError("turned_off_by_parent", 403, FAMILY_MESSAGES.turnedOff);
}

/** `assertAllowedByParent` for every route of a router: groups and chat, or the AI helper. */
export function requireAllowedByParent(key: FamilySwitchKey) {
  return createMiddleware<AppEnv>(async (c, next) => {
    assertAllowedByParent(c.var.user, key);
    await next();
  });
}

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
