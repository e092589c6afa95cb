import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { EMAIL_VERIFICATION_MESSAGES } from "../../core/email-verification";
import { MESSAGES } from "../../core/messages";
import { verificationTokenSchema } from "../../core/schemas/email-verification";
import { users } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";

// 'Confirm your email' links: Better Auth makes and checks the tokens (signed, for 24 hours, bound to the
// account) and marks the address confirmed; we serve the link's page and tell the child what happened.

/** The account a token names, read without trusting it: only to tell "already used" from "just confirmed". */
function claimedUserId(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.userId === "string" ? payload.userId : null;
  } catch {
    return null;
  }
}

/**
 * Confirms the address a link was sent to. A link works once: after it, the address is confirmed and the same
 * link (or an older one) is answered 'already used'. Promotion by ADMIN_EMAILS follows (auth.ts).
 */
export async function confirmEmail(c: Context<AppEnv>, token: string): Promise<void> {
  const { auth, db } = c.var.deps;
  const invalid = new AppError("verification_link_invalid", 400, EMAIL_VERIFICATION_MESSAGES.invalid);
  if (!verificationTokenSchema.safeParse(token).success) throw invalid;
  const userId = claimedUserId(token);
  const before = userId
    ? await db.query.users.findFirst({ where: eq(users.id, userId), columns: { emailVerified: true } })
    : undefined;
  const response = await auth.api.verifyEmail({
    query: { token },
    headers: c.req.raw.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const { code } = (await response.json().catch(() => ({}))) as { code?: string };
    if (code === "TOKEN_EXPIRED")
      throw new AppError("verification_link_expired", 410, EMAIL_VERIFICATION_MESSAGES.expired);
    throw invalid;
  }
  if (before?.emailVerified)
    throw new AppError("verification_link_used", 410, EMAIL_VERIFICATION_MESSAGES.used);
}

/** 'Send again' on the banner: a new link to the signed-in account's own address, a few an hour. */
export async function sendVerificationMailAgain(c: Context<AppEnv>): Promise<void> {
  const { auth, rateLimiter } = c.var.deps;
  // Read afresh, not from this instance's session cache: the address may have been confirmed a moment ago.
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
  const alreadyConfirmed = new AppError(
    "email_already_confirmed",
    409,
    EMAIL_VERIFICATION_MESSAGES.alreadyConfirmed,
  );
  if (session.user.emailVerified) throw alreadyConfirmed;
  await rateLimiter.attempt("verificationMail", session.user.id);
  const response = await auth.api.sendVerificationEmail({
    body: { email: session.user.email },
    headers: c.req.raw.headers,
    asResponse: true,
  });
  if (response.ok) return;
  const { code } = (await response.json().catch(() => ({}))) as { code?: string };
  if (code === "EMAIL_ALREADY_VERIFIED") throw alreadyConfirmed;
  throw new Error(`verification mail not sent: ${response.status} ${code ?? ""}`);
}
