import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { Agent as HttpsAgent } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, max } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import type { Role } from "../../core/schemas/moderation";
import { createLibraryImageGenerator } from "../adapters/ai/image-library";
import { createLibraryTextGenerator } from "../adapters/ai/text-library";
import type { SpeechSynthesizer } from "../adapters/ai/types";
import { createOutboxMailer, createSmtpMailer } from "../adapters/mail/mailer";
import { createLocalModerator } from "../adapters/moderation/local";
import { createNoPictureModerator, type PictureModerator } from "../adapters/moderation/pictures";
import type { TextModerator } from "../adapters/moderation/types";
import { createInProcessBus, type EventBus } from "../adapters/realtime/bus";
import { createPostgresBus } from "../adapters/realtime/postgres";
import { createLocalStorage, type Storage } from "../adapters/storage/storage";
import { createApp } from "../app";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { profiles, realtimeEvents } from "../db/schema";
import { createPushSender, generateVapidKeys, pushJob } from "../features/push";
import { loadLibrary } from "../features/stories/library";
import { seedStories } from "../features/stories/seed";
import type { AppConfig, AppServices } from "../http/app-env";
import { createMailQueue, MAIL_JOB, mailJob } from "../jobs/mail";
import { createPushQueue, PUSH_JOB } from "../jobs/push-queue";
import { createJobQueue } from "../jobs/queue";
import { createRateLimiter } from "../shared/rate-limit";
import { createTestLogger } from "./error-logs";
import { safeLetters } from "./unique-name";

export const TEST_APP_URL = "http://localhost:3000";

/**
 * Push services speak HTTPS only: tests run a fake one on 127.0.0.1 with a self-signed certificate made for
 * the tests (src/server/test/fakes/push-service.crt), which this agent trusts.
 */
export const fakePushServiceTls = {
  key: readFileSync(new URL("./fakes/push-service.key", import.meta.url)),
  cert: readFileSync(new URL("./fakes/push-service.crt", import.meta.url)),
};
const fakePushServiceAgent = new HttpsAgent({ ca: fakePushServiceTls.cert });

/** A failed mail is tried twice more, after about a second and then two: the production back-off, shortened. */
export const TEST_MAIL_RETRY = { limit: 2, delaySeconds: 1 };

/**
 * Limits that the suite's fixtures would trip by themselves (every test signs up its users from one address
 * and writes fast) are off unless a test passes its own; the attempt counters keep their defaults.
 */
export const TEST_LIMITS: NonNullable<AppConfig["limits"]> = {
  signUp: 0,
  inviteJoin: 0,
  inviteJoinPerIp: 0,
  chat: 0,
  post: 0,
  comment: 0,
  reaction: 0,
};

/**
 * A private, migrated database for one test file: a copy of the suite's template on the embedded server, or a
 * fresh schema on a server DATABASE_URL names.
 */
async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  searchPath?: string;
  drop: () => Promise<void>;
}> {
  const url = inject("databaseUrl");
  const template = inject("templateDatabase");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (template) {
      const name = `test_${randomBytes(6).toString("hex")}`;
      await admin.query(`create database ${name} template ${template}`);
      const copy = new URL(url);
      copy.pathname = `/${name}`;
      const database = openDatabase({ url: copy.href, poolSize: 4 });
      return {
        database,
        drop: async () => {
          await database.close();
          await withAdmin(url, (client) => client.query(`drop database if exists ${name} with (force)`));
        },
      };
    }
    const schema = `test_${randomBytes(6).toString("hex")}`;
    await admin.query(`create schema ${schema}`);
    const database = openDatabase({ url, searchPath: schema, poolSize: 4 });
    await database.migrate();
    await seedStories(database.db, await loadLibrary());
    return {
      database,
      searchPath: schema,
      drop: async () => {
        await database.close();
        // The job queue's tables, when a test used it, sit in a schema beside the file's (src/server/jobs/queue.ts).
        await withAdmin(url, (client) =>
          client.query(`drop schema ${schema} cascade; drop schema if exists ${schema}_jobs cascade`),
        );
      },
    };
  } finally {
    await admin.end();
  }
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** The real app on a private database, with the embedded mail outbox and local storage in a temp dir. */
/** `smtpUrl` swaps the outbox for the SMTP provider, e.g. to see how a flow behaves when mail is down. */
/** `speech` is the narration voice service (e.g. ElevenLabs against a fake); none by default. */
/** `ai` swaps the offline library (which streams without pauses here) for other text or image providers. */
/** `shareDatabaseWith` makes a second server instance on another app's database (its own pool and bus on */
/** PostgreSQL; on PGlite, which one process owns, the same database and bus); `realtimePingMs` as AppConfig. */
export async function createTestApp(
  options: {
    smtpUrl?: string;
    speech?: SpeechSynthesizer | null;
    ai?: Partial<AppServices["ai"]>;
    shareDatabaseWith?: SharedTestDatabase;
    realtimePingMs?: number;
    /** ADMIN_PASSWORD; admin delete is turned off without it. */
    adminPassword?: string;
    /** What checks user text; the embedded local check unless a test wants the provider's. */
    moderator?: TextModerator;
    /** What checks pictures; none by default (every picture "unchecked"), or e.g. the provider's against a fake. */
    pictureModerator?: PictureModerator;
    /** ADMIN_EMAILS, lower-cased as env.ts leaves them. */
    adminEmails?: readonly string[];
    /** Daily AI quotas; the defaults unless a test wants to reach one. */
    aiQuotas?: AppConfig["aiQuotas"];
    /** TRUST_PROXY; true by default, so that tests can act as several addresses with X-Forwarded-For. */
    trustProxy?: boolean;
    /** Attempt counters and write limits; see TEST_LIMITS for what is off unless a test asks. */
    limits?: AppConfig["limits"];
    /** EVENT_STREAMS_PER_USER and EVENT_STREAMS_MAX; the production defaults (5 and 5000) unless given. */
    eventStreamsPerUser?: number;
    eventStreamsMax?: number;
    /** Where uploads go; local storage in the test's own data folder unless a test brings another (S3). */
    storage?: Storage;
  } = {},
) {
  const { database, searchPath, drop } = options.shareDatabaseWith
    ? openSharedDatabase(options.shareDatabaseWith)
    : await openTestDatabase();
  const sharedBus = database.kind === "pglite" ? options.shareDatabaseWith?.bus : undefined;
  const bus: EventBus =
    sharedBus ??
    (database.kind === "postgres" && database.url
      ? await createPostgresBus({ db: database.db, url: database.url, searchPath })
      : createInProcessBus({ db: database.db }));
  // The newest event this bus has delivered here: with PostgreSQL an event reaches subscribers a moment after
  // its write, so a stream opened just after a write could otherwise still receive it.
  let lastDelivered = 0;
  bus.subscribe((event) => {
    lastDelivered = Math.max(lastDelivered, event.id);
  });
  const dataDir = mkdtempSync(join(tmpdir(), "lamplight-app-"));
  const logger = createTestLogger();
  const from = "Lamplight <no-reply@lamplight.test>";
  const mailer = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, from)
    : createOutboxMailer(join(dataDir, "outbox"), from, logger);
  const storage = options.storage ?? createLocalStorage(join(dataDir, "uploads"));
  // The real job queue, started by the first mail a test queues (most never do, and skip its start-up). It
  // looks for jobs often and retries a failed mail after about a second, so that tests wait little.
  let queueStarted: Promise<void> | undefined;
  // Push notifications go to whatever push service a device subscribed with: in tests, a fake on 127.0.0.1.
  const vapid = { ...generateVapidKeys(), subject: "mailto:pushes@lamplight.test" };
  const jobQueue = createJobQueue({
    database,
    logger,
    pollingIntervalSeconds: 0.5,
    jobs: [
      mailJob({ db: database.db, mailer, logger }, TEST_MAIL_RETRY),
      pushJob({
        db: database.db,
        logger,
        rateLimiter: createRateLimiter(database.db, { ...TEST_LIMITS, ...options.limits }),
        sender: createPushSender(vapid, { agent: fakePushServiceAgent }),
      }),
    ],
  });
  const startedQueue = {
    async send(name: string, data: object) {
      queueStarted ??= jobQueue.start();
      await queueStarted;
      return jobQueue.send(name, data);
    },
  };
  const mailQueue = createMailQueue(startedQueue);
  const pushQueue = createPushQueue(startedQueue);
  // Instances of one deployment share AUTH_SECRET, so a session from one is good on the other.
  const secret = options.shareDatabaseWith?.authSecret ?? randomBytes(32).toString("hex");
  const app = createApp({
    config: {
      appUrl: TEST_APP_URL,
      authSecret: secret,
      push: { publicKey: vapid.publicKey },
      trustProxy: options.trustProxy ?? true,
      realtimePingMs: options.realtimePingMs,
      adminPassword: options.adminPassword,
      adminEmails: options.adminEmails,
      aiQuotas: options.aiQuotas,
      limits: { ...TEST_LIMITS, ...options.limits },
      eventStreamsPerUser: options.eventStreamsPerUser,
      eventStreamsMax: options.eventStreamsMax,
    },
    db: database.db,
    mailer,
    mailQueue,
    pushQueue,
    storage,
    logger,
    bus,
    speech: options.speech ?? null,
    moderator: options.moderator ?? createLocalModerator(),
    pictureModerator: options.pictureModerator ?? createNoPictureModerator(),
    ai: {
      text: options.ai?.text ?? createLibraryTextGenerator({ pieceDelayMs: 0 }),
      image: options.ai?.image ?? createLibraryImageGenerator(),
    },
  });

  const outboxDir = join(dataDir, "outbox");
  const readOutbox = () => {
    try {
      return readdirSync(outboxDir)
        .sort()
        .map((file) => readFileSync(join(outboxDir, file), "utf8"));
    } catch {
      return [];
    }
  };

  return {
    app,
    db: database.db,
    database,
    searchPath,
    bus,
    authSecret: secret,
    dataDir,
    /** Where uploads are stored: the same local storage the app writes to. */
    storage,
    /** The app's mailer (the outbox, or SMTP when the test gave a server). */
    mailer,
    /** Mails and pushes through the job queue, as the app queues them; the queue itself, for tests of it. */
    mailQueue,
    pushQueue,
    jobQueue,
    /** The VAPID keys pushes are signed with (a fake push service checks the signature). */
    vapid,
    /** The app's logger (silent below error): a test spies on it, e.g. `vi.spyOn(t.logger, "warn")`. */
    logger,
    /** All mails written so far, oldest first. */
    readOutbox,
    /** Waits for the mail count to reach `count` (reset mails are sent in the background). */
    async waitForMails(count: number, timeoutMs = 5000): Promise<string[]> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mails = readOutbox();
        // A file read while the outbox is still writing it is empty: it does not count yet.
        if (mails.length >= count && mails.every((mail) => mail.length > 0)) return mails;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return readOutbox();
    },
    /**
     * Waits until a mail to this address is in the outbox (sign-up's 'Confirm your email' goes out in the
     * background); at once when mail goes by SMTP instead.
     */
    async waitForMailTo(email: string, timeoutMs = 5000) {
      if (options.smtpUrl) return;
      const suffix = `-${email.toLowerCase().replace(/[^\w.@-]/g, "_")}.eml`;
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        try {
          const file = readdirSync(outboxDir).find((name) => name.endsWith(suffix));
          if (file && statSync(join(outboxDir, file)).size > 0) return;
        } catch {
          // no outbox yet
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    /** Waits until every mail and push queued so far has been sent, or has failed for good (up to `timeoutMs`). */
    async mailQueueSettled(timeoutMs = 15_000) {
      if (!queueStarted) return;
      await queueStarted;
      const until = Date.now() + timeoutMs;
      const waiting = async () =>
        // Waiting, waiting for a retry, or being sent: every state before 'completed'.
        (await jobQueue.boss.getQueueSize(MAIL_JOB, { before: "completed" })) +
        (await jobQueue.boss.getQueueSize(PUSH_JOB, { before: "completed" }));
      while ((await waiting()) > 0) {
        if (Date.now() > until) throw new Error("mails still queued after the wait");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Waits until every event written so far has been delivered by this app's bus. */
    async busCaughtUp(timeoutMs = 5000) {
      const [row] = await database.db.select({ id: max(realtimeEvents.id) }).from(realtimeEvents);
      const newest = row?.id ?? 0;
      const until = Date.now() + timeoutMs;
      while (lastDelivered < newest && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
    },
    async close() {
      await jobQueue.stop();
      if (!sharedBus) await bus.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What a second instance needs of a test app (a TestApp is one). */
type SharedTestDatabase = {
  database: DatabaseHandle;
  searchPath?: string;
  bus: EventBus;
  authSecret: string;
};

/** Another instance's view of a test app's database; closing it leaves the database to its owner. */
function openSharedDatabase(other: SharedTestDatabase): {
  database: DatabaseHandle;
  searchPath?: string;
  drop: () => Promise<void>;
} {
  if (other.database.kind === "postgres" && other.database.url) {
    const database = openDatabase({ url: other.database.url, searchPath: other.searchPath, poolSize: 4 });
    return { database, searchPath: other.searchPath, drop: () => database.close() };
  }
  return { database: other.database, drop: async () => {} };
}

type RequestOptions = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
};

/** Starts `count` requests at once and waits for all: how every limit and counter is tested. */
export function parallel<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => make(index)));
}

/** Calls the app in-process as a browser on TEST_APP_URL would (same Origin, cookies). */
export async function call(testApp: TestApp, path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { origin: TEST_APP_URL, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await testApp.app.request(`${TEST_APP_URL}${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back
  let data: any;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return { status: response.status, headers: response.headers, data, text };
}

/** The session cookie a response set, as a Cookie header value. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

let userCounter = 0;

/** Signs up a brand-new user of its own (tests never share users) and returns its cookie. */
export async function signUpUser(
  testApp: TestApp,
  overrides: { email?: string; username?: string; password?: string; birthYear?: number } = {},
) {
  userCounter += 1;
  // Time and counter in letters that never spell a word: "kid_" plus 13 letters fits the 20 a username may have.
  const unique = `${safeLetters(Date.now())}${safeLetters(userCounter)}`;
  const credentials = {
    email: overrides.email ?? `kid_${unique}@example.com`,
    username: overrides.username ?? `kid_${unique}`.slice(0, 20),
    password: overrides.password ?? "Lamp-river-2026",
    // A grown-up unless a test says otherwise: children under 13 sign up with a parent's email (issue 24).
    birthYear: overrides.birthYear ?? 2000,
  };
  const response = await call(testApp, "/api/auth/sign-up/email", { json: credentials });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  // Sign-up starts no session (it answers alike for new and known emails): the browser signs in next, as here.
  const signIn = await call(testApp, "/api/auth/sign-in/email", {
    json: { email: credentials.email, password: credentials.password },
  });
  if (signIn.status !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.status} ${signIn.text}`);
  // Its 'Confirm your email' mail is written before the test goes on, so it never lands in the test's own count.
  await testApp.waitForMailTo(credentials.email);
  return { ...credentials, id: signIn.data.user.id as string, cookie: cookieFrom(signIn.headers) };
}

export type TestUser = Awaited<ReturnType<typeof signUpUser>>;

/** A brand-new user with this app-wide role (leader, admin), set straight in the database. */
export async function signUpUserWithRole(
  testApp: TestApp,
  role: Role,
  overrides: Parameters<typeof signUpUser>[1] = {},
): Promise<TestUser> {
  const user = await signUpUser(testApp, overrides);
  if (role !== "member") await testApp.db.update(profiles).set({ role }).where(eq(profiles.id, user.id));
  return user;
}

/** A study group made through the real route, its owner the given user. */
export async function createGroupAs(testApp: TestApp, owner: { cookie: string }, name = "Test group") {
  const response = await call(testApp, "/api/groups", { cookie: owner.cookie, json: { name } });
  if (response.status !== 201) throw new Error(`group creation failed: ${response.status} ${response.text}`);
  return response.data as { id: string; name: string; inviteCode: string };
}

/** Joins a group by its code through the real route. */
export async function joinGroupAs(testApp: TestApp, user: { cookie: string }, group: { inviteCode: string }) {
  const response = await call(testApp, "/api/groups/join", {
    cookie: user.cookie,
    json: { code: group.inviteCode },
  });
  if (response.status !== 200) throw new Error(`joining failed: ${response.status} ${response.text}`);
}
