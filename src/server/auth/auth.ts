import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Logger } from "pino";
import type { Mailer } from "../adapters/mail/mailer";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { ensureProfile } from "../features/profile/service";
import { resetPasswordMail } from "./mails";
import { promoteListedAdmin } from "./roles";

type AuthOptions = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  secret: string;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: readonly string[];
};

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export function createAuth({ db, mailer, logger, appUrl, secret, adminEmails }: AuthOptions) {
  const promoteIfListed = async (userId: string) => {
    if (await promoteListedAdmin(db, userId, adminEmails))
      logger.info({ userId }, "ADMIN_EMAILS lists this account: it is now an admin");
  };

  return betterAuth({
    appName: "Lamplight",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [appUrl],
    telemetry: { enabled: false },
    // Our own limits (auth/rate-limit.ts) live in the database so they hold across instances.
    rateLimit: { enabled: false },
    logger: {
      log: (level, message) => logger[level]({ source: "auth" }, message),
    },
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    advanced: { cookiePrefix: "lamplight", useSecureCookies: appUrl.startsWith("https://") },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // The link carries the token in the fragment, which browsers never send to a server or a referrer.
        const link = `${appUrl}/reset-password#token=${encodeURIComponent(token)}&type=recovery`;
        // Sent in the background and never awaited: answering slower, or differently when mail fails,
        // would tell a stranger that the address has an account.
        mailer
          .send(resetPasswordMail(user.email, link))
          .catch((error) => logger.error({ err: error }, "reset mail could not be sent"));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up passes the chosen username as the user's name; the profile is its home from then on.
          after: async (user) => {
            await ensureProfile(db, user.id, user.name);
            await promoteIfListed(user.id);
          },
        },
      },
      // Every sign-in (and the sign-up's own session) makes a session: an account listed in ADMIN_EMAILS after
      // it signed up is promoted the next time it signs in, by whichever way a session is made.
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
