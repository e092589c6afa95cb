import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { isChildPlaceholderEmail } from "../../core/family";
import type { Mailer } from "../adapters/mail/mailer";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { createSignUpProfile, usernameClashError } from "../features/profile/service";
import type { RateLimiter } from "../shared/rate-limit";
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from "./mails";
import { promoteListedAdmin } from "./roles";
import { installScopedAuthStorages } from "./scoped-async-context";
import { newProfileExtras } from "./sign-up";

type AuthOptions = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  secret: string;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: readonly string[];
  /** Counts the 'you already have an account' mails, so that strangers' sign-ups cannot flood an inbox. */
  rateLimiter?: RateLimiter;
};

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** A 'Confirm your email' link works for a day (and once: a confirmed address has nothing left to confirm). */
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** Better Auth names its session cookie `<prefix>.session_token` (with `__Secure-` before it over https). */
const SESSION_COOKIE_PREFIX = "lamplight";
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token=`;

export function createAuth({ db, mailer, logger, appUrl, secret, adminEmails, rateLimiter }: AuthOptions) {
  const promoteIfListed = async (userId: string) => {
    if (await promoteListedAdmin(db, userId, adminEmails))
      logger.info({ userId }, "ADMIN_EMAILS lists this account: it is now an admin");
  };

  installScopedAuthStorages();
  return betterAuth({
    appName: "Lamplight",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [appUrl],
    telemetry: { enabled: false },
    // Our own limits (shared/rate-limit.ts) live in the database so they hold across instances.
    rateLimit: { enabled: false },
    logger: {
      log: (level, message) => logger[level]({ source: "auth" }, message),
    },
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    advanced: { cookiePrefix: SESSION_COOKIE_PREFIX, useSecureCookies: appUrl.startsWith("https://") },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Sign-up starts no session: it answers alike whether or not the email has an account (Better Auth's
      // generic answer for a known email needs autoSignIn off), and the browser signs in straight after with
      // the same email and password (src/web/features/auth/api/sign-up.ts), so a new account starts at once.
      autoSignIn: false,
      // The owner of a known address hears about the attempt, with the way back in; sent in the background,
      // like every mail of sign-up, and at most a few an hour per account however many strangers try.
      onExistingUserSignUp: async ({ user }) => {
        if (rateLimiter && !(await rateLimiter.take("verificationMail", `existing:${user.id}`))) return;
        existingAccountMail(user.email, appUrl)
          .then((mail) => mailer.send(mail))
          .catch((error) => logger.error({ err: error }, "existing-account mail could not be sent"));
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A child's parent sets their password from 'Your family'; there is no inbox to send a link to.
        if (isChildPlaceholderEmail(user.email)) return;
        // Only the newest link works: the links mailed before it (to an inbox someone else may read) stop.
        // Older than this one only, so that two requests at once cannot each end the other's link.
        await db.execute(sql`
          delete from ${schema.verifications}
          where ${schema.verifications.value} = ${user.id}
            and ${schema.verifications.identifier} like 'reset-password:%'
            and ${schema.verifications.createdAt} < (
              select ${schema.verifications.createdAt} from ${schema.verifications}
              where ${schema.verifications.identifier} = ${`reset-password:${token}`})`);
        // The link carries the token in the fragment, which browsers never send to a server or a referrer.
        const link = `${appUrl}/reset-password#token=${encodeURIComponent(token)}&type=recovery`;
        // Sent in the background and never awaited: answering slower, or differently when mail fails,
        // would tell a stranger that the address has an account.
        resetPasswordMail(user.email, link)
          .then((mail) => mailer.send(mail))
          .catch((error) => logger.error({ err: error }, "reset mail could not be sent"));
      },
    },
    // Every account with an email is asked to confirm it; ADMIN_EMAILS promotes only confirmed addresses.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_TOKEN_TTL_SECONDS,
      // Whoever opens the link (a parent's phone, say) confirms the address but is not signed in by it.
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => {
        // A child under 13 has no email: the address Better Auth holds for them can receive nothing.
        if (isChildPlaceholderEmail(user.email)) return;
        // Our own page takes the link, with the token in the fragment like the reset link's.
        const link = `${appUrl}/verify-email#token=${encodeURIComponent(token)}`;
        verifyEmailMail(user.email, link)
          .then((mail) => mailer.send(mail))
          .catch((error) => logger.error({ err: error }, "verification mail could not be sent"));
      },
      afterEmailVerification: async (user) => {
        await promoteIfListed(user.id);
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up passes the chosen username as the user's name, and the profile takes exactly that name.
          // A sign-up racing another for the same name (or a look-alike) loses here: its account is undone
          // and the sign-up answers 409, so two parallel sign-ups make one account, never a renamed second.
          after: async (user) => {
            const clash = await createSignUpProfile(db, user.id, user.name, newProfileExtras.getStore());
            if (!clash) return;
            await db.delete(schema.users).where(eq(schema.users.id, user.id));
            const refusal = usernameClashError(clash);
            throw new APIError("CONFLICT", { code: refusal.code, message: refusal.message });
          },
        },
      },
      // Every sign-in makes a session: a confirmed account listed in ADMIN_EMAILS after it signed up is promoted
      // the next time it signs in, by whichever way a session is made.
      session: {
        create: {
          after: async (session) => {
            await promoteIfListed(session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
