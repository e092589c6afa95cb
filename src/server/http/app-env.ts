import type { Logger } from "pino";
import type { ImageGenerator, SpeechSynthesizer, TextGenerator } from "../adapters/ai/types";
import type { Mailer } from "../adapters/mail/mailer";
import type { PictureModerator } from "../adapters/moderation/pictures";
import type { TextModerator } from "../adapters/moderation/types";
import type { EventBus } from "../adapters/realtime/bus";
import type { Storage } from "../adapters/storage/storage";
import type { Auth } from "../auth/auth";
import type { SessionCache, SessionUser } from "../auth/session-cache";
import type { Database } from "../db/client";
import type { MailQueue } from "../jobs/mail";
import type { PushQueue } from "../jobs/push-queue";
import type { AiQuotas } from "../shared/ai-quota";
import type { LimitSettings, RateLimiter } from "../shared/rate-limit";

export type AppConfig = {
  appUrl: string;
  authSecret: string;
  /** Push notifications' VAPID public key (issue 26); none and the push routes say they are not set up. */
  push?: { publicKey: string };
  trustProxy: boolean;
  /** ADMIN_PASSWORD: admin delete of any post asks for it; absent, admin delete is turned off. */
  adminPassword?: string;
  /** ADMIN_EMAILS, lower-cased: these accounts become admins at sign-up and at every sign-in. */
  adminEmails?: readonly string[];
  /** The built web app; when absent only the API is served. */
  webDistDir?: string;
  /** Per-user daily quotas on AI work; any kind left out has its default (src/server/shared/ai-quota.ts). */
  aiQuotas?: Partial<AiQuotas>;
  /** Attempt counters and write limits (LIMIT_*); any left out has its default (src/server/shared/rate-limit.ts). */
  limits?: LimitSettings;
  /** Keep-alive ping of a quiet `/api/events` stream; 15 s unless a test wants it sooner. */
  realtimePingMs?: number;
  /** EVENT_STREAMS_PER_USER: open `/api/events` streams per user per instance; a newer one replaces the oldest (0 = no limit; default 5). */
  eventStreamsPerUser?: number;
  /** EVENT_STREAMS_MAX: open `/api/events` streams per instance; past it a new one is a 503 (0 = no limit; default 5000). */
  eventStreamsMax?: number;
  /** METRICS_TOKEN: GET /metrics answers `Authorization: Bearer <token>`; absent, /metrics is a 404 (src/server/http/metrics.ts). */
  metricsToken?: string;
  /** BENCH_ROUTES: adds `GET /api/bench/empty` (signed in, answers `{}`) for `npm run bench`; off otherwise. */
  benchRoutes?: boolean;
};

/** The configuration and adapters main.ts (or a test) chooses; createApp builds the rest from them. */
export type AppServices = {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  /** Mails to adults that may wait and must not be lost (care alerts, reports, summaries), through the job queue. */
  mailQueue: MailQueue;
  /** Push notifications to readers' devices, through the job queue (issue 26). */
  pushQueue: PushQueue;
  storage: Storage;
  logger: Logger;
  /** Realtime events to the open `/api/events` streams of every instance. */
  bus: EventBus;
  /** Story text and illustrations: the offline library, or an OpenAI-compatible service. */
  ai: { text: TextGenerator; image: ImageGenerator };
  /** Narration through ElevenLabs; null (or absent) when the browser's own voice reads instead. */
  speech?: SpeechSynthesizer | null;
  /** Checks every text a user writes before it is stored (the write guard). */
  moderator: TextModerator;
  /**
   * Checks post photos, avatars and illustrations before anyone else sees them (src/server/shared/picture-screen.ts):
   * the provider's moderation endpoint with MODERATION=openai, else no model ("unchecked").
   */
  pictureModerator: PictureModerator;
  /** Aborted when the server begins to stop (SIGTERM): open event streams end with a hint to reconnect soon. */
  shutdown?: AbortSignal;
};

/**
 * What createApp (src/server/app.ts) builds once for every request to share. Something a feature keeps is
 * added by declaration merging (`declare module` on this file), so that this file, below the features,
 * names none of them.
 */
export interface AppState {
  auth: Auth;
  rateLimiter: RateLimiter;
  sessions: SessionCache;
}

/** Everything a request handler may use. */
export type AppDeps = AppServices & AppState;

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser;
  };
};
