import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { profiles } from "../db/schema";

/** A transaction or the database: XP must change in the same transaction as the event that earns it. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

/**
 * Adds XP and recomputes the level (spec §9: floor(xp/100)+1) in one statement, so that concurrent
 * awards add up instead of overwriting each other.
 */
export async function awardXp(
  db: Executor,
  userId: string,
  amount: number,
): Promise<{ xp: number; level: number }> {
  const [row] = await db
    .update(profiles)
    .set({ xp: sql`${profiles.xp} + ${amount}`, level: sql`floor((${profiles.xp} + ${amount}) / 100) + 1` })
    .where(eq(profiles.id, userId))
    .returning({ xp: profiles.xp, level: profiles.level });
  if (!row) throw new Error(`no profile for user ${userId}`);
  return row;
}

/** Adds `amount` when there is any, and gives the reader's XP and level either way (for the answer that shows them). */
export async function awardXpIfAny(
  db: Executor,
  userId: string,
  amount: number,
): Promise<{ xp: number; level: number }> {
  if (amount > 0) return awardXp(db, userId, amount);
  const [row] = await db
    .select({ xp: profiles.xp, level: profiles.level })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { xp: row?.xp ?? 0, level: row?.level ?? 1 };
}
