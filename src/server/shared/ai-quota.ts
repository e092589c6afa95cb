import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitEvents } from "../db/schema";
import { AppError } from "../http/errors";
import { countSlots, takeSlot } from "./rate-limit";

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
 * Takes one unit of today's quota, or refuses with 429 and the kind message. The count and the insert hold
 * the key's lock (takeSlot), so requests racing each other can never take more than the limit.
 */
export async function reserveAiWork(
  deps: { db: Database; config: { aiQuotas?: Partial<AiQuotas> } },
  userId: string,
  work: AiWork,
): Promise<QuotaReservation> {
  const limit = deps.config.aiQuotas?.[work] ?? DEFAULT_AI_QUOTAS[work];
  if (limit <= 0) return { release: async () => {} };
  const id = await takeSlot(deps.db, keyOf(work, userId), limit, QUOTA_WINDOW_MS);
  if (id === null) throw new AppError("quota_reached", 429, QUOTA_MESSAGES[work]);
  return {
    release: async () => {
      await deps.db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, id));
    },
  };
}

/** How much of today's quota a user has used, for tests and the screens that may show it. */
export async function usedAiWork(db: Database, userId: string, work: AiWork): Promise<number> {
  return countSlots(db, keyOf(work, userId), QUOTA_WINDOW_MS);
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
