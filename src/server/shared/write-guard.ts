import { eq } from "drizzle-orm";
import { MODERATION_MESSAGES, mutedMessage } from "../../core/schemas/moderation";
import type { TextModerator } from "../adapters/moderation/types";
import type { Database } from "../db/client";
import { profiles } from "../db/schema";
import { AppError } from "../http/errors";
import type { LimitName, RateLimiter } from "./rate-limit";

/**
 * Every route that stores what a user wrote calls this first (issue 6): a muted user is refused (they can
 * still read), and each text must pass moderation. A refusal stores nothing, because nothing has been
 * written yet, and says kindly and specifically what was wrong.
 */
export async function guardWrite(
  deps: { db: Database; moderator: TextModerator },
  userId: string,
  texts: (string | null | undefined)[],
): Promise<void> {
  const [profile] = await deps.db
    .select({ mutedUntil: profiles.mutedUntil })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (profile?.mutedUntil && profile.mutedUntil.getTime() > Date.now()) {
    throw new AppError("muted", 403, mutedMessage(profile.mutedUntil));
  }
  for (const text of texts) {
    if (!text?.trim()) continue;
    const verdict = await deps.moderator.check(text);
    if (!verdict.allowed) {
      throw new AppError("moderation_refused", 422, MODERATION_MESSAGES[verdict.category]);
    }
  }
}

/** The writes a child makes many of, each with a per-user rate (LIMIT_RULES in ./rate-limit.ts). */
export type WriteLimit = Extract<LimitName, "chat" | "post" | "comment">;

/**
 * guardWrite for the writes that have a rate (chat messages, posts, comments), so a route cannot take one
 * without the other. The attempt is recorded first, atomically, so a burst of parallel writes lets exactly
 * the limit's number through and answers the rest 429 with the limit's kind message. A write then refused by
 * the guard (muted, or moderation) keeps its attempt: probing the filter with variations is what the limit
 * should slow, and each attempt may cost a call to the moderation provider.
 */
export async function guardLimitedWrite(
  deps: { db: Database; moderator: TextModerator; rateLimiter: RateLimiter },
  limit: WriteLimit,
  userId: string,
  texts: (string | null | undefined)[],
): Promise<void> {
  await deps.rateLimiter.attempt(limit, userId);
  await guardWrite(deps, userId, texts);
}
