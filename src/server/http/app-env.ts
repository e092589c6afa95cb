import type { Logger } from "pino";
import type { Mailer } from "../adapters/mail/mailer";
import type { Storage } from "../adapters/storage/storage";
import type { Auth } from "../auth/auth";
import type { RateLimiter } from "../auth/rate-limit";
import type { Database } from "../db/client";

export type AppConfig = {
  appUrl: string;
  authSecret: string;
  trustProxy: boolean;
  /** The built web app; when absent only the API is served. */
  webDistDir?: string;
};

/** Everything a request handler may use, built once in main.ts (or by a test). */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  auth: Auth;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  storage: Storage;
  logger: Logger;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: { id: string; email: string };
  };
};
