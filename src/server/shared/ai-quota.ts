import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitEvents } from "../db/schema";
import { AppError } from "../http/errors";

// Per-user daily quotas on AI work (issue 7): one child, or one stolen session, cannot run up the ministry's
// AI bill or hog the service. Counted in the database like the sign-in limits, so every instance sees the
// same count; the window is the last 24 hours.

export const AI_WORK = ["story", "image", "question", "speech"] as const;
export type AiWork = (typeof AI_WORK)[number];

/** Per kind, how much one user may ask for in 24 hours; 0 means no limit. */
export type AiQuotas = Record<AiWork, number>;

export const DEFAULT_AI_QUOTAS: AiQuotas = { story: 60, image: 30, question: 60, speech: 200 };

export const QUOTA_WINDOW_MS = 24 * 60 * 60_000;

/** Kind and specific: what ran out, and when there is more. */
export const QUOTA_MESSAGES: Record<AiWork, string> = {
  story: "You've read so much today! New story parts will be ready again tomorrow.",
  image: "That's all the new pictures for today. Come back tomorrow for more!",
  question: "You've asked lots of great questions today! The AI helper will be ready for more tomorrow.",
  speech: "Reading aloud is done for today. You can still read the story yourself!",
};

const keyOf = (work: AiWork, userId: string) => `ai:${work}:${userId}`;

export type QuotaReservation = {
  /** Gives the unit back: the work failed, so it should not count against the child. */
  release(): Promise<void>;
};

/**
 * Takes one unit of today's quota, or refuses with 429 and the kind message. The count and the insert are one
 * statement, so requests racing each other cannot take more than a unit or two beyond the limit.
 */
export async function reserveAiWork(
  deps: { db: Database; config: { aiQuotas?: Partial<AiQuotas> } },
  userId: string,
  work: AiWork,
): Promise<QuotaReservation> {
  const limit = deps.config.aiQuotas?.[work] ?? DEFAULT_AI_QUOTAS[work];
  if (limit <= 0) return { release: async () => {} };
  const key = keyOf(work, userId);
  const since = new Date(Date.now() - QUOTA_WINDOW_MS).toISOString();
  const result = await deps.db.execute<{ id: number }>(sql`
    insert into ${rateLimitEvents} (key)
    select ${key}
    where (
      select count(*) from ${rateLimitEvents}
      where ${rateLimitEvents.key} = ${key} and ${rateLimitEvents.createdAt} > ${since}::timestamptz
    ) < ${limit}
    returning id`);
  // node-postgres answers with { rows }, PGlite's driver with the rows themselves.
  const inserted =
    (result as unknown as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[]);
  const row = inserted[0];
  if (!row) throw new AppError("quota_reached", 429, QUOTA_MESSAGES[work]);
  return {
    release: async () => {
      await deps.db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, row.id));
    },
  };
}

/** How much of today's quota a user has used, for tests and the screens that may show it. */
export async function usedAiWork(db: Database, userId: string, work: AiWork): Promise<number> {
  const since = new Date(Date.now() - QUOTA_WINDOW_MS);
  const [row] = await db
    .select({ value: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, keyOf(work, userId)), gt(rateLimitEvents.createdAt, since)));
  return row?.value ?? 0;
}

/** Runs AI work under today's quota; the unit is given back when the work fails, so a failure costs nothing. */
export async function withAiQuota<T>(
  deps: { db: Database; config: { aiQuotas?: Partial<AiQuotas> } },
  userId: string,
  work: AiWork,
  run: () => Promise<T>,
): Promise<T> {
  const reservation = await reserveAiWork(deps, userId, work);
  try {
    return await run();
  } catch (error) {
    await reservation.release().catch(() => {});
    throw error;
  }
}

/** Whether an error is a reached quota, whose kind message should reach the child as it is. */
export function isQuotaReached(error: unknown): error is AppError {
  return error instanceof AppError && error.code === "quota_reached";
}
