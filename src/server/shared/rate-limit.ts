import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import { FAMILY_MESSAGES } from "../../core/family";
import { MESSAGES } from "../../core/messages";
import { ADMIN_DELETE_MESSAGES } from "../../core/schemas/admin-delete";
import { ACCOUNT_MESSAGES } from "../../core/schemas/profile";
import { SPEECH_MESSAGES } from "../../core/stories/speech-text";
import type { Database } from "../db/client";
import { sqlRows } from "../db/prepared";
import { rateLimitEvents } from "../db/schema";
import { AppError } from "../http/errors";

// Every attempt counter and write limit of Lamplight, in one catalogue: the environment variable that tunes
// it (0 turns it off), its default, its window and what a child is told when it is reached. env.ts builds its
// variables from this list, so a limit added here is configurable and documented by construction.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const slowDown = "You're sending messages very fast. Take a breath and try again in a minute.";

export type LimitRule = {
  /** The environment variable that sets `max`; 0 turns the limit off. */
  env: `LIMIT_${string}`;
  max: number;
  windowMs: number;
  /** The error's code and what the child is told; the window is in the words, true whatever `max` is. */
  code: "too_many_attempts" | "too_many_requests" | "speech_rate_limited";
  message: string;
  /** What the limit counts, for .env.example and the README. */
  counts: string;
};

export const LIMIT_RULES = {
  signIn: {
    env: "LIMIT_SIGN_IN",
    max: 5,
    windowMs: 15 * MINUTE,
    code: "too_many_attempts",
    message: MESSAGES.tooManySignIns,
    counts: "sign-in attempts per account and IP in 15 minutes (a right password clears them)",
  },
  passwordReset: {
    env: "LIMIT_PASSWORD_RESET",
    max: 3,
    windowMs: HOUR,
    code: "too_many_requests",
    message: MESSAGES.tooManyResetRequests,
    counts: "password-reset mails asked for per email in an hour",
  },
  changePassword: {
    env: "LIMIT_CHANGE_PASSWORD",
    max: 5,
    windowMs: 15 * MINUTE,
    code: "too_many_attempts",
    message: "Too many password attempts. Please wait 15 minutes and try again.",
    counts: "'Change Password' attempts per account in 15 minutes",
  },
  deleteAccount: {
    env: "LIMIT_DELETE_ACCOUNT",
    max: 5,
    windowMs: 15 * MINUTE,
    code: "too_many_attempts",
    message: ACCOUNT_MESSAGES.tooManyAttempts,
    counts: "'Delete my account' password attempts per account in 15 minutes",
  },
  adminDelete: {
    env: "LIMIT_ADMIN_DELETE",
    max: 5,
    windowMs: 15 * MINUTE,
    code: "too_many_attempts",
    message: ADMIN_DELETE_MESSAGES.tooManyAttempts,
    counts: "'Admin Delete' password attempts per account, and again per IP, in 15 minutes",
  },
  signUp: {
    env: "LIMIT_SIGN_UPS_PER_IP",
    max: 50,
    windowMs: HOUR,
    code: "too_many_requests",
    message: "Too many new accounts from this network. Please try again in an hour.",
    counts: "accounts created per IP in an hour (a church's Wi-Fi puts a whole class behind one address)",
  },
  inviteJoin: {
    env: "LIMIT_INVITE_JOINS",
    max: 20,
    windowMs: HOUR,
    code: "too_many_requests",
    message: "Too many invite codes tried. Please wait an hour, or ask your leader for the code.",
    counts: "invite codes tried per account in an hour",
  },
  inviteJoinPerIp: {
    env: "LIMIT_INVITE_JOINS_PER_IP",
    max: 100,
    windowMs: HOUR,
    code: "too_many_requests",
    message:
      "Too many invite codes tried from this network. Please wait an hour, or ask your leader for the code.",
    counts:
      "invite codes tried per IP in an hour (higher than per account: a whole class may join from one Wi-Fi)",
  },
  chat: {
    env: "LIMIT_CHAT_PER_MINUTE",
    max: 20,
    windowMs: MINUTE,
    code: "too_many_requests",
    message: slowDown,
    counts: "chat messages per account in a minute",
  },
  post: {
    env: "LIMIT_POSTS_PER_HOUR",
    max: 10,
    windowMs: HOUR,
    code: "too_many_requests",
    message: "You've shared a lot this hour! Take a breath and try again a little later.",
    counts: "posts per account in an hour",
  },
  comment: {
    env: "LIMIT_COMMENTS_PER_MINUTE",
    max: 10,
    windowMs: MINUTE,
    code: "too_many_requests",
    message: slowDown,
    counts: "comments per account in a minute",
  },
  reaction: {
    env: "LIMIT_REACTIONS_PER_MINUTE",
    max: 60,
    windowMs: MINUTE,
    code: "too_many_requests",
    message: slowDown,
    counts: "reactions per account in a minute",
  },
  narration: {
    env: "LIMIT_NARRATIONS_PER_HOUR",
    max: 60,
    windowMs: HOUR,
    code: "speech_rate_limited",
    message: SPEECH_MESSAGES.rateLimited,
    counts: "new narrations per account in an hour (on top of the daily AI_DAILY_SPEECH)",
  },
  verificationMail: {
    env: "LIMIT_VERIFICATION_MAILS",
    max: 3,
    windowMs: HOUR,
    code: "too_many_requests",
    message: "We've sent that email a few times already. Please check your inbox, or try again in an hour.",
    counts: "'confirm your email' mails asked for per account in an hour",
  },
  childPushes: {
    env: "LIMIT_CHILD_PUSHES_PER_DAY",
    max: 3,
    windowMs: 24 * HOUR,
    code: "too_many_requests",
    message: MESSAGES.somethingWentWrong,
    counts: "push notifications to one child (under 18) in a day; the bell keeps every one",
  },
  careAlertMails: {
    env: "LIMIT_CARE_ALERT_MAILS",
    max: 30,
    windowMs: HOUR,
    code: "too_many_requests",
    message: MESSAGES.somethingWentWrong,
    counts:
      "mails to one leader or admin in an hour about children's questions that need a grown-up (the bell has every one)",
  },
  parentNoticeMails: {
    env: "LIMIT_PARENT_NOTICE_MAILS",
    max: 10,
    windowMs: HOUR,
    code: "too_many_requests",
    message: MESSAGES.somethingWentWrong,
    counts:
      "mails to one parent in an hour about their child (a question that needs a grown-up, a leader's mute or removal; the bell has every care alert)",
  },
  familyMailsPerChild: {
    env: "LIMIT_FAMILY_MAILS_PER_CHILD",
    max: 3,
    windowMs: HOUR,
    code: "too_many_requests",
    message: FAMILY_MESSAGES.tooManySends,
    counts: "'Send again' and invitation mails about one child in an hour",
  },
  familyMailsPerAddress: {
    env: "LIMIT_FAMILY_MAILS_PER_ADDRESS",
    max: 6,
    windowMs: HOUR,
    code: "too_many_requests",
    message: FAMILY_MESSAGES.tooManyInvites,
    counts: "consent and invitation mails to one parent's address in an hour, whichever child they are about",
  },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMIT_RULES;

/** `max` of each limit as configured; a limit left out keeps its default. */
export type LimitSettings = Partial<Record<LimitName, number>>;

/** One recorded attempt. */
export type Attempt = {
  /** Gives the attempt back, for work that failed through no fault of the child's. */
  release(): Promise<void>;
};

/** Where a limit's attempts for one subject are counted. */
export const limitKey = (name: LimitName, subject: string) => `${name}:${subject}`;

const nothingToRelease: Attempt = { release: async () => {} };

/**
 * Records one event under `key` if fewer than `max` were recorded in the window, atomically, in one round trip:
 * the database's take_rate_slot (migration 0029) takes a transaction-scoped advisory lock on the key, so
 * parallel requests queue on it, and only then counts, so the (max+1)th sees the first `max` committed. Without
 * the lock, READ COMMITTED lets racing requests each count the same rows and all insert. Returns the event's
 * id, or null when the window is full.
 */
export async function takeSlot(
  db: Database,
  key: string,
  max: number,
  windowMs: number,
): Promise<number | null> {
  const since = new Date(Date.now() - windowMs).toISOString();
  const [row] = await sqlRows<{ id: string | number | null }>(
    db,
    sql`select take_rate_slot(${key}, ${max}::bigint, ${since}::timestamptz) as id`,
  );
  const id = row?.id;
  // node-postgres gives a bigint as text.
  return id === null || id === undefined ? null : Number(id);
}

/** The events counted under `key` in the window. */
export async function countSlots(db: Database, key: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ value: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  return row?.value ?? 0;
}

/**
 * Counts attempts in the database, so every server instance sees the same counts. Each attempt is recorded
 * before the work it guards (a password check, a write), never after: a burst of parallel requests then gets
 * exactly `max` answers, and the rest 429.
 */
export function createRateLimiter(db: Database, settings: LimitSettings = {}) {
  const maxOf = (name: LimitName) => settings[name] ?? LIMIT_RULES[name].max;
  const release = (id: number) => async () => {
    await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, id));
  };

  return {
    /** Records an attempt if the limit has room; null when it is reached (nothing is recorded then). */
    async take(name: LimitName, subject: string): Promise<Attempt | null> {
      const max = maxOf(name);
      if (max <= 0) return nothingToRelease;
      const id = await takeSlot(db, limitKey(name, subject), max, LIMIT_RULES[name].windowMs);
      return id === null ? null : { release: release(id) };
    },
    /** Records an attempt, or refuses with 429 and the limit's kind message. */
    async attempt(name: LimitName, subject: string): Promise<Attempt> {
      const attempt = await this.take(name, subject);
      if (!attempt) throw new AppError(LIMIT_RULES[name].code, 429, LIMIT_RULES[name].message);
      return attempt;
    },
    /** Records an attempt under every limit and subject given (e.g. the account's and the IP's); all must have room. */
    async attemptAll(attempts: [name: LimitName, subject: string][]): Promise<Attempt> {
      const taken: Attempt[] = [];
      try {
        for (const [name, subject] of attempts) taken.push(await this.attempt(name, subject));
      } catch (error) {
        // A refusal by one subject must not use up the others' room.
        await Promise.all(taken.map((attempt) => attempt.release()));
        throw error;
      }
      return { release: async () => void (await Promise.all(taken.map((attempt) => attempt.release()))) };
    },
    async used(name: LimitName, subject: string): Promise<number> {
      return countSlots(db, limitKey(name, subject), LIMIT_RULES[name].windowMs);
    },
    /** Forgets the attempts, e.g. a sign-in's after the right password. */
    async clear(name: LimitName, subject: string): Promise<void> {
      await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, limitKey(name, subject)));
    },
    /** Drops events older than any window; called periodically by the server. */
    async purgeOlderThan(ms: number): Promise<void> {
      await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - ms)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
