import { eq } from "drizzle-orm";
import { MODERATION_MESSAGES, mutedMessage } from "../../core/schemas/moderation";
import type { TextModerator } from "../adapters/moderation/types";
import type { Database } from "../db/client";
import { profiles } from "../db/schema";
import { AppError } from "../http/errors";
import { countModerationRefusal } from "../http/metrics";

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
      countModerationRefusal("user_text", verdict.category);
      throw new AppError("moderation_refused", 422, MODERATION_MESSAGES[verdict.category]);
    }
  }
}
