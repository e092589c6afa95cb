import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import dumbPasswords from "dumb-passwords";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { CHILD_EMAIL_DOMAIN, FAMILY_MESSAGES } from "../../core/family";
import { MESSAGES } from "../../core/messages";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenSchema,
  signInByUsernameSchema,
  signInSchema,
  signUpSchema,
} from "../../core/schemas/auth";
import { verifyEmailSchema } from "../../core/schemas/email-verification";
import { parentSignUpSchema } from "../../core/schemas/family";
import { profiles, users } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { AppError, errorBody } from "../http/errors";
import { validate } from "../http/validate";
import { confirmEmail, sendVerificationMailAgain } from "./email-verification";
import { sessionView } from "./session-view";
import { SIGN_UP_ANSWER, signUpParent, signUpWithEmail } from "./sign-up";

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
 * Signs in with an email and a password, counting the attempt for `subject` and the address it comes from first:
 * a burst of parallel guesses gets five answers, then 429. A right password clears the count.
 */
async function signIn(c: Context<AppEnv>, input: { email: string; password: string; subject: string }) {
  const { auth, rateLimiter } = c.var.deps;
  const subject = `${input.subject}:${clientIp(c)}`;
  await rateLimiter.attempt("signIn", subject);
  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: c.req.raw.headers,
    asResponse: true,
  });
  if (response.ok) await rateLimiter.clear("signIn", subject);
  return withoutSessionToken(response);
}

/**
 * The address Better Auth holds for a username. An unknown username gets an address no account has, so that the
 * sign-in that follows takes the same path (and time) as a wrong password, and tells a stranger nothing.
 */
async function emailOfUsername(c: Context<AppEnv>, username: string): Promise<string> {
  const { db } = c.var.deps;
  const [row] = await db
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
    .limit(1);
  return row?.email ?? `nobody-${randomUUID()}@${CHILD_EMAIL_DOMAIN}`;
}

/** The signed-in user, from this instance's session cache when it has them. */
async function signedInUser(c: Context<AppEnv>) {
  const { auth, sessions } = c.var.deps;
  return (
    sessions.get(c.req.header("cookie")) ?? (await auth.api.getSession({ headers: c.req.raw.headers }))?.user
  );
}

/**
 * Ends this instance's memory of the signed-in user's sessions before they are revoked (sign-out): a cached
 * session must not outlive the database row it stood for.
 */
async function forgetCachedSessions(c: Context<AppEnv>) {
  const user = await signedInUser(c);
  if (user) c.var.deps.sessions.forgetUser(user.id);
}

/**
 * The account routes, served by Better Auth behind our own edge: each request is validated with the shared
 * schemas (and rate-limited in the database where it takes a password or sends mail) before Better Auth runs.
 */
export function authRoutes() {
  return (
    new Hono<AppEnv>()
      .post("/sign-up/email", validate("json", signUpSchema), async (c) => {
        assertNotCommon(c.req.valid("json").password);
        // The same answer whether or not the email has an account, and no session: see sign-up.ts.
        await signUpWithEmail(c, c.req.valid("json"));
        return c.json(SIGN_UP_ANSWER);
      })
      // A parent's own account, made on the consent page (issue 24); the same answer as sign-up's.
      .post("/sign-up/parent", validate("json", parentSignUpSchema), async (c) => {
        assertNotCommon(c.req.valid("json").password);
        await signUpParent(c, c.req.valid("json"));
        return c.json(SIGN_UP_ANSWER);
      })
      .post("/verify-email", validate("json", verifyEmailSchema), async (c) => {
        await confirmEmail(c, c.req.valid("json").token);
        return c.json({ status: "confirmed" as const });
      })
      .post("/send-verification-email", async (c) => {
        await sendVerificationMailAgain(c);
        return c.json({ ok: true as const });
      })
      .post("/sign-in/email", validate("json", signInSchema), async (c) => {
        const { email, password } = c.req.valid("json");
        return signIn(c, { email, password, subject: email });
      })
      // Children under 13 have no email (issue 24): they sign in by username, which stands for the account's address.
      .post("/sign-in/username", validate("json", signInByUsernameSchema), async (c) => {
        const { username, password } = c.req.valid("json");
        const email = await emailOfUsername(c, username);
        const response = await signIn(c, { email, password, subject: `@${username.toLowerCase()}` });
        if (response.status !== 401) return response;
        return c.json(
          errorBody("invalid_username_or_password", FAMILY_MESSAGES.wrongUsernameOrPassword),
          401,
        );
      })
      .post("/request-password-reset", validate("json", forgotPasswordSchema), async (c) => {
        const { auth, rateLimiter } = c.var.deps;
        const { email } = c.req.valid("json");
        // Counted for every address, known or not, so the limit reveals nothing about accounts.
        await rateLimiter.attempt("passwordReset", email);
        return auth.api.requestPasswordReset({
          body: { email },
          headers: c.req.raw.headers,
          asResponse: true,
        });
      })
      .post(
        "/reset-password/verify",
        validate("json", z.object({ token: z.string().max(200) })),
        async (c) => {
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
        },
      )
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
        const { auth, rateLimiter } = c.var.deps;
        const { currentPassword, newPassword } = c.req.valid("json");
        assertNotCommon(newPassword);
        const user = await signedInUser(c);
        if (!user) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
        // Recorded before the current password is checked, like every password guess.
        await rateLimiter.attempt("changePassword", user.id);
        const response = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: c.req.raw.headers,
          asResponse: true,
        });
        if (response.ok) {
          // The other sessions are revoked; this instance must not keep serving them from memory.
          c.var.deps.sessions.forgetUser(user.id);
          await rateLimiter.clear("changePassword", user.id);
        }
        return withoutSessionToken(response);
      })
      .get("/session", async (c) => {
        const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
        return c.json({ user: session ? await sessionView(c.var.deps.db, session.user) : null });
      })
      .post("/sign-out", async (c) => {
        await forgetCachedSessions(c);
        return c.var.deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
      })
  );
  // Better Auth's other endpoints (update-user, list-sessions, …) stay unexposed: we serve only what we use.
}
