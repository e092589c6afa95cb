import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createAiServices } from "./adapters/ai";
import { createElevenLabsSpeech } from "./adapters/ai/speech-elevenlabs";
import { createOutboxMailer, createSmtpMailer } from "./adapters/mail/mailer";
import { createModerator } from "./adapters/moderation";
import { createPictureModerator } from "./adapters/moderation/pictures";
import { createInProcessBus, REALTIME_RETENTION_MS } from "./adapters/realtime/bus";
import { createPostgresBus } from "./adapters/realtime/postgres";
import { createS3Storage } from "./adapters/storage/s3";
import { createLocalStorage } from "./adapters/storage/storage";
import { sweepStorage } from "./adapters/storage/sweep";
import { createApp } from "./app";
import { openConfiguredDatabase } from "./db/configured";
import { type Env, limitSettings, readEnv } from "./env";
import { familySweepJob } from "./features/family/sweep";
import { reportMailsJob, weeklyDigestJob } from "./features/moderation";
import { createPushSender, generateVapidKeys, pushJob, type VapidKeys } from "./features/push";
import { libraryBySlug } from "./features/stories/library";
import { seedStories } from "./features/stories/seed";
import { hardenServer } from "./http/harden-server";
import { watchInstance } from "./http/metrics";
import { createAppServer } from "./http/response-headers";
import { createMailQueue, mailDeliveriesSweepJob, mailJob } from "./jobs/mail";
import { createPushQueue } from "./jobs/push-queue";
import { createJobQueue } from "./jobs/queue";
import { createLogger } from "./logger";
import { createRateLimiter } from "./shared/rate-limit";

// The only composition root: reads the environment, builds the adapters, starts HTTP.

/** With no AUTH_SECRET a random one is made once and kept in DATA_DIR, so sessions survive restarts. */
function resolveAuthSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Push notifications' VAPID keys: from the environment, else made once and kept in DATA_DIR like the auth secret. */
function resolveVapidKeys(env: Env, dataDir: string): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = join(dataDir, "vapid.json");
  if (existsSync(file))
    return { ...(JSON.parse(readFileSync(file, "utf8")) as Omit<VapidKeys, "subject">), subject };
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

async function main() {
  const startedAt = performance.now();
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL, {
    format: env.LOG_FORMAT,
    production: env.NODE_ENV === "production",
  });
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const configured = await openConfiguredDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    onWarning: (message) => logger.warn({ postgres: message }, "embedded PostgreSQL"),
  });
  const { database, url: databaseUrl } = configured;
  if (configured.label === "pglite")
    logger.warn("DATA_DIR holds a PGlite database from an earlier version; Lamplight keeps running on it");
  await database.migrate();
  await seedStories(database.db, [...(await libraryBySlug()).values()]);
  // Realtime events cross instances through PostgreSQL LISTEN/NOTIFY; PGlite has one process only.
  const bus = databaseUrl
    ? await createPostgresBus({ db: database.db, url: databaseUrl, logger })
    : createInProcessBus({ db: database.db, logger });

  const mailer = env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMailer(join(dataDir, "outbox"), env.MAIL_FROM, logger);
  // Mails to adults go through the job queue (made below, once the jobs that queue mails exist).
  const mailQueue = createMailQueue({ send: (name, data) => jobQueue.send(name, data) });
  const pushQueue = createPushQueue({ send: (name, data) => jobQueue.send(name, data) });
  const storage =
    env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : createLocalStorage(join(dataDir, "uploads"));
  const authSecret = resolveAuthSecret(env, dataDir);
  const vapid = resolveVapidKeys(env, dataDir);
  const ai = createAiServices({
    aiBaseUrl: env.AI_BASE_URL,
    aiApiKey: env.AI_API_KEY,
    aiModel: env.AI_MODEL,
    aiImageModel: env.AI_IMAGE_MODEL,
  });
  const speech =
    env.ELEVENLABS_API_KEY && env.ELEVENLABS_VOICE_ID
      ? createElevenLabsSpeech({
          baseUrl: env.ELEVENLABS_BASE_URL,
          apiKey: env.ELEVENLABS_API_KEY,
          voiceId: env.ELEVENLABS_VOICE_ID,
        })
      : null;

  const moderationConfig = {
    moderation: env.MODERATION,
    aiBaseUrl: env.AI_BASE_URL,
    aiApiKey: env.AI_API_KEY,
  };
  const moderator = createModerator(moderationConfig, logger);
  const pictureModerator = createPictureModerator(moderationConfig);

  // Aborted on SIGTERM: open event streams end with a hint to reconnect, so that close() is not held open.
  const shutdown = new AbortController();
  // Every open stream listens for it: a thousand tabs are a thousand listeners, not a leak to warn about.
  setMaxListeners(0, shutdown.signal);
  const webDistDir = fileURLToPath(new URL("../../dist/web", import.meta.url));
  const app = createApp({
    config: {
      appUrl: env.APP_URL,
      authSecret,
      push: { publicKey: vapid.publicKey },
      trustProxy: env.TRUST_PROXY,
      adminPassword: env.ADMIN_PASSWORD,
      adminEmails: env.ADMIN_EMAILS,
      aiQuotas: {
        story: env.AI_DAILY_STORY_PARTS,
        image: env.AI_DAILY_IMAGES,
        question: env.AI_DAILY_QUESTIONS,
        speech: env.AI_DAILY_SPEECH,
      },
      limits: limitSettings(env),
      eventStreamsPerUser: env.EVENT_STREAMS_PER_USER,
      eventStreamsMax: env.EVENT_STREAMS_MAX,
      metricsToken: env.METRICS_TOKEN,
      benchRoutes: env.BENCH_ROUTES,
      webDistDir: existsSync(webDistDir) ? webDistDir : undefined,
    },
    db: database.db,
    mailer,
    mailQueue,
    pushQueue,
    storage,
    logger,
    bus,
    ai,
    speech,
    moderator,
    pictureModerator,
    shutdown: shutdown.signal,
  });

  // Old rate-limit events serve no window any more; the limiter is stateless, so a second handle is fine.
  const rateLimiter = createRateLimiter(database.db);
  const purge = setInterval(() => {
    rateLimiter.purgeOlderThan(24 * 60 * 60_000).catch(() => {});
    // A tab away for longer than this no longer gets everything it missed on reconnecting.
    bus.purgeOlderThan(REALTIME_RETENTION_MS).catch(() => {});
  }, 60 * 60_000);
  purge.unref();

  // Delayed and scheduled work on the PostgreSQL job queue: each job runs once across all instances, survives a
  // restart, and a failed mail is retried with back-off (src/server/jobs/queue.ts).
  const jobQueue = createJobQueue({
    database,
    logger,
    jobs: [
      mailJob({ db: database.db, mailer, logger }),
      mailDeliveriesSweepJob({ db: database.db }),
      pushJob({
        db: database.db,
        logger,
        rateLimiter: createRateLimiter(database.db, limitSettings(env)),
        sender: createPushSender(vapid),
      }),
      familySweepJob({ db: database.db, storage, logger }),
      reportMailsJob({ db: database.db, mailQueue, logger, appUrl: env.APP_URL, authSecret }),
      weeklyDigestJob({ db: database.db, mailQueue, logger, appUrl: env.APP_URL, authSecret }),
    ],
  });
  await jobQueue.start();

  // Once per start, in the background: half-written uploads and files no row names any more (never young ones).
  sweepStorage({ storage, db: database.db })
    .then((removed) => logger.info(removed, "stored files swept"))
    .catch((err: unknown) => logger.warn({ err }, "stored files not swept"));

  // /metrics: the database pool, the stream limit and Node's own process figures (src/server/http/metrics.ts).
  if (env.METRICS_TOKEN)
    watchInstance({
      databasePool: database.poolStats,
      eventStreamsMax: env.EVENT_STREAMS_MAX,
      jobsWaiting: () => jobQueue.waiting(),
    });

  const server = createAppServer(app.fetch);
  // Slow or silent clients (headers dribbled in, a stalled body) are cut before they can hoard sockets.
  hardenServer(server);
  server.listen(env.PORT, () => {
    const info = server.address() as AddressInfo;
    logger.info(
      {
        url: env.APP_URL,
        port: info.port,
        database: configured.label,
        realtime: bus.kind,
        mail: mailer.kind,
        storage: storage.kind,
        ai: ai.text.provider,
        speech: speech ? speech.provider : "browser",
        moderation: moderator.provider,
        pictureModeration: pictureModerator.provider,
        startupMs: Math.round(performance.now() - startedAt),
      },
      "Lamplight is listening",
    );
  });

  /**
   * SIGTERM (a deploy, a scale-down): stop accepting, end the event streams with a retry hint (each tab
   * reconnects to another instance with its Last-Event-ID), let in-flight requests finish, then close the
   * bus and the database and exit. Whatever is still running after 9 s is cut off, inside the usual 10 s grace.
   */
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const httpServer = server as unknown as { closeIdleConnections?: () => void };
    const force = setTimeout(() => {
      logger.error("requests still running after 9 s; exiting anyway");
      process.exit(1);
    }, 9_000);
    force.unref();
    // Keep-alive connections between two requests would hold close() open; a finished request's
    // connection becomes idle, so this runs until the last one has gone.
    const idle = setInterval(() => httpServer.closeIdleConnections?.(), 100);
    // No job starts from here on; one under way finishes before the database closes.
    const jobsStopped = jobQueue.stop();
    server.close(async () => {
      clearInterval(idle);
      await jobsStopped.catch(() => {});
      await bus.close().catch(() => {});
      await configured.close().catch(() => {});
      logger.info("stopped");
      process.exit(0);
    });
    shutdown.abort();
    httpServer.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
