import type { Context } from "hono";
import { MESSAGES } from "../../core/messages";
import { MODERATION_MESSAGES } from "../../core/schemas/moderation";
import { assertUsernameFree, usernameClashError } from "../features/profile/service";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { AppError } from "../http/errors";

/**
 * Sign-up's one answer, for a new email and for one that already has an account alike (same status, same
 * body, no cookie either way), so that it tells a stranger nothing about whose address is registered. The new
 * account starts at once all the same: the browser signs in with the same email and password next.
 */
export const SIGN_UP_ANSWER = { ok: true } as const;

type SignUpInput = { email: string; password: string; username: string };

/**
 * Makes the account (through Better Auth, whose user hook gives it its profile), or for a known email does the
 * same work and mails the owner instead; the 'Confirm your email' mail goes out in the background. Throws the
 * refusals a child can act on: the username's (public, so they reveal nothing) and the limit's.
 */
export async function signUpWithEmail(c: Context<AppEnv>, { email, password, username }: SignUpInput) {
  const { auth, db, moderator, rateLimiter } = c.var.deps;
  // No account exists yet to be muted, so only the moderator is asked (the write guard's other half).
  const verdict = await moderator.check(username);
  if (!verdict.allowed) throw new AppError("moderation_refused", 422, MODERATION_MESSAGES[verdict.category]);
  await assertUsernameFree(db, username);
  // Recorded before the account is made, and for a known email as for a new one.
  await rateLimiter.attempt("signUp", clientIp(c));
  const response = await auth.api.signUpEmail({
    body: { email, password, name: username },
    headers: c.req.raw.headers,
    asResponse: true,
  });
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  // The user hook lost a race for the name (or a look-alike) to a parallel sign-up, and undid the account.
  if (body.code === "username_taken") throw usernameClashError("taken");
  if (body.code === "username_too_close") throw usernameClashError("too_close");
  // A parallel sign-up with the same email made the account first: the same answer as for any known email.
  if (body.code === "FAILED_TO_CREATE_USER") {
    const context = await auth.$context;
    if (await context.internalAdapter.findUserByEmail(email)) return;
  }
  if (response.status >= 400 && response.status < 500)
    throw new AppError("sign_up_failed", 400, body.message ?? MESSAGES.somethingWentWrong);
  throw new Error(`sign-up failed with ${response.status} ${body.code ?? ""}`);
}
