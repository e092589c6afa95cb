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
