import { randomBytes, randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { z } from "zod";
import { type AccountState, CHILD_EMAIL_DOMAIN } from "../../core/family";
import { MESSAGES } from "../../core/messages";
import type { signUpSchema } from "../../core/schemas/auth";
import { MODERATION_MESSAGES, type Role } from "../../core/schemas/moderation";
import { sendFamilyLinkMail } from "../features/family/service";
import { assertUsernameFree, usernameClashError } from "../features/profile/service";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { AppError } from "../http/errors";
import { ScopedAsyncLocalStorage } from "./scoped-async-context";

/**
 * Sign-up's one answer, for a new email and for one that already has an account alike (same status, same
 * body, no cookie either way), so that it tells a stranger nothing about whose address is registered. The new
 * account starts at once all the same: the browser signs in with the same email and password next.
 */
export const SIGN_UP_ANSWER = { ok: true } as const;

/** What the profile of the account being made starts with besides its username (read by the user hook, auth.ts). */
export type NewProfileExtras = { birthYear: number | null; accountState: AccountState; role: Role };

/**
 * Carries a sign-up's extras to Better Auth's user hook, which makes the profile in the same step as the
 * account: a child's account is never, even for a moment, open before it is marked as waiting for a parent.
 */
export const newProfileExtras = new ScopedAsyncLocalStorage<NewProfileExtras>();

type Credentials = { email: string; password: string; username: string };

/**
 * Makes the account through Better Auth (whose user hook gives it its profile, with `extras`). For a known
 * email it does the same work and mails the owner instead. Throws the refusals a reader can act on. True when
 * this call made the account.
 */
async function createAccount(c: Context<AppEnv>, credentials: Credentials, extras: NewProfileExtras) {
  const { auth } = c.var.deps;
  const { email, password, username } = credentials;
  const response = await newProfileExtras.run(extras, () =>
    auth.api.signUpEmail({
      body: { email, password, name: username },
      headers: c.req.raw.headers,
      asResponse: true,
    }),
  );
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

/** The username the reader chose: moderated, free, and counted against the sign-ups from their address. */
async function checkNewUsername(c: Context<AppEnv>, username: string) {
  const { db, moderator, rateLimiter } = c.var.deps;
  // No account exists yet to be muted, so only the moderator is asked (the write guard's other half).
  const verdict = await moderator.check(username);
  if (!verdict.allowed) throw new AppError("moderation_refused", 422, MODERATION_MESSAGES[verdict.category]);
  await assertUsernameFree(db, username);
  // Recorded before the account is made, and for a known email as for a new one.
  await rateLimiter.attempt("signUp", clientIp(c));
}

/**
 * Sign-up (issue 24 adds the age). 13 and older: the account starts at once, and the 'Confirm your email' mail
 * goes out in the background. Under 13: the account has no email of the child's (an address on a domain that
 * can never receive mail stands in for Better Auth), starts 'waiting for a parent', and the consent mail goes
 * to the parent's address; the child signs in by username and sees only the waiting screen until the parent
 * says yes.
 */
export async function signUpWithEmail(c: Context<AppEnv>, input: z.output<typeof signUpSchema>) {
  const { username, password, birthYear } = input;
  await checkNewUsername(c, username);
  if (input.kind === "own") {
    await createAccount(
      c,
      { email: input.email, password, username },
      { birthYear, accountState: "active", role: "member" },
    );
    return;
  }
  const { deps } = c.var;
  // Counted before the account is made: a stranger cannot flood a parent's inbox by signing up "children".
  await deps.rateLimiter.attempt("familyMailsPerAddress", input.parentEmail);
  const email = `${randomUUID()}@${CHILD_EMAIL_DOMAIN}`;
  await createAccount(
    c,
    { email, password, username },
    { birthYear, accountState: "waiting_for_parent", role: "member" },
  );
  const context = await deps.auth.$context;
  const child = await context.internalAdapter.findUserByEmail(email);
  if (!child) throw new Error("the child's account was made but cannot be found");
  await sendFamilyLinkMail(deps, {
    child: { id: child.user.id, username },
    parentEmail: input.parentEmail,
    kind: "consent",
  });
}

/**
 * A parent's own account, made on the consent page (issue 24): an email and a password. Its username is made
 * up (a parent joins no groups, so nobody sees it); it answers as sign-up does, alike for a known email.
 */
export async function signUpParent(
  c: Context<AppEnv>,
  { email, password }: { email: string; password: string },
) {
  await c.var.deps.rateLimiter.attempt("signUp", clientIp(c));
  // Random lower-case letters and digits: word characters only, as every username must be.
  const random = randomBytes(12)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const username = `parent_${random}`.slice(0, 20);
  await createAccount(
    c,
    { email, password, username },
    { birthYear: null, accountState: "active", role: "parent" },
  );
}
