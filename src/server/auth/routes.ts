import { getConnInfo } from "@hono/node-server/conninfo";
import dumbPasswords from "dumb-passwords";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { MESSAGES } from "../../core/messages";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenSchema,
  signInSchema,
  signUpSchema,
} from "../../core/schemas/auth";
import { MODERATION_MESSAGES } from "../../core/schemas/moderation";
import { isUsernameTaken } from "../features/profile/service";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { validate } from "../http/validate";
import { LIMITS } from "./rate-limit";

/** The 10,000 most common passwords are refused wherever a password is chosen. */
function assertNotCommon(password: string) {
  if (dumbPasswords.check(password))
    throw new AppError("password_too_common", 400, MESSAGES.passwordTooCommon);
}

/**
 * Better Auth also returns the session token in the JSON body; the browser only needs the HttpOnly cookie,
 * so the token is taken out and scripts never see it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const { token: _token, ...body } = (await response.json()) as Record<string, unknown>;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/**
 * Ends this instance's memory of the signed-in user's sessions before they are revoked (sign-out, password
 * change): a cached session must not outlive the database row it stood for.
 */
async function forgetCachedSessions(c: Context<AppEnv>) {
  const { auth, sessions } = c.var.deps;
  const user =
    sessions.get(c.req.header("cookie")) ?? (await auth.api.getSession({ headers: c.req.raw.headers }))?.user;
  if (user) sessions.forgetUser(user.id);
}

function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    // Behind our own proxy the last hop it appended is the one we can trust.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // requests made in-process (tests) have no socket
  }
}

/**
 * The account routes, served by Better Auth behind our own edge: each request is validated with the shared
 * schemas (and rate-limited in the database where it takes a password or sends mail) before Better Auth runs.
 */
export function authRoutes() {
  return new Hono<AppEnv>()
    .post("/sign-up/email", validate("json", signUpSchema), async (c) => {
      const { auth, db } = c.var.deps;
      const { email, password, username } = c.req.valid("json");
      assertNotCommon(password);
      // No account exists yet to be muted, so only the moderator is asked (the write guard's other half).
      const verdict = await c.var.deps.moderator.check(username);
      if (!verdict.allowed)
        throw new AppError("moderation_refused", 422, MODERATION_MESSAGES[verdict.category]);
      if (await isUsernameTaken(db, username))
        throw new AppError("username_taken", 409, MESSAGES.usernameTaken);
      return withoutSessionToken(
        await auth.api.signUpEmail({
          body: { email, password, name: username },
          headers: c.req.raw.headers,
          asResponse: true,
        }),
      );
    })
    .post("/sign-in/email", validate("json", signInSchema), async (c) => {
      const { auth, rateLimiter } = c.var.deps;
      const { email, password } = c.req.valid("json");
      const key = `sign-in:${email}:${clientIp(c)}`;
      if (await rateLimiter.isLimited(key, LIMITS.signInFailures)) {
        throw new AppError("too_many_attempts", 429, MESSAGES.tooManySignIns);
      }
      const response = await auth.api.signInEmail({
        body: { email, password },
        headers: c.req.raw.headers,
        asResponse: true,
      });
      if (response.status === 401) await rateLimiter.hit(key);
      else if (response.ok) await rateLimiter.clear(key);
      return withoutSessionToken(response);
    })
    .post("/request-password-reset", validate("json", forgotPasswordSchema), async (c) => {
      const { auth, rateLimiter } = c.var.deps;
      const { email } = c.req.valid("json");
      // Counted for every address, known or not, so the limit reveals nothing about accounts.
      const key = `reset:${email}`;
      if (await rateLimiter.isLimited(key, LIMITS.resetRequests)) {
        throw new AppError("too_many_requests", 429, MESSAGES.tooManyResetRequests);
      }
      await rateLimiter.hit(key);
      return auth.api.requestPasswordReset({ body: { email }, headers: c.req.raw.headers, asResponse: true });
    })
    .post("/reset-password/verify", validate("json", z.object({ token: z.string().max(200) })), async (c) => {
      const { token } = c.req.valid("json");
      if (!resetTokenSchema.safeParse(token).success) {
        throw new AppError("reset_link_malformed", 400, MESSAGES.resetLinkMalformed);
      }
      const context = await c.var.deps.auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification || verification.expiresAt < new Date()) {
        throw new AppError("reset_link_invalid", 410, MESSAGES.resetLinkInvalid);
      }
      return c.json({ valid: true });
    })
    .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
      const { token, newPassword } = c.req.valid("json");
      assertNotCommon(newPassword);
      const response = await c.var.deps.auth.api.resetPassword({
        body: { token, newPassword },
        headers: c.req.raw.headers,
        asResponse: true,
      });
      if (response.status === 400) throw new AppError("reset_link_invalid", 400, MESSAGES.resetLinkInvalid);
      // The reset ended every session of a user this request does not name.
      if (response.ok) c.var.deps.sessions.clear();
      return response;
    })
    .post("/change-password", validate("json", changePasswordSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      assertNotCommon(newPassword);
      await forgetCachedSessions(c);
      return c.var.deps.auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: c.req.raw.headers,
        asResponse: true,
      });
    })
    .get("/session", async (c) => {
      const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
      return c.json({ user: session ? { id: session.user.id, email: session.user.email } : null });
    })
    .post("/sign-out", async (c) => {
      await forgetCachedSessions(c);
      return c.var.deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    });
  // Better Auth's other endpoints (update-user, list-sessions, …) stay unexposed: we serve only what we use.
}
