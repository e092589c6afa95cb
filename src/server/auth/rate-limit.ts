import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitEvents } from "../db/schema";

export type Limit = { max: number; windowMs: number };

export const LIMITS = {
  /** Spec'd by the foundation issue: 5 failed sign-ins per account and IP in 15 minutes. */
  signInFailures: { max: 5, windowMs: 15 * 60_000 },
  /** 3 reset requests per email per hour. */
  resetRequests: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts events per key in the database, so every server instance sees the same counts. */
export function createRateLimiter(db: Database) {
  return {
    async isLimited(key: string, limit: Limit): Promise<boolean> {
      const since = new Date(Date.now() - limit.windowMs);
      const [row] = await db
        .select({ value: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
      return (row?.value ?? 0) >= limit.max;
    },
    async hit(key: string): Promise<void> {
      await db.insert(rateLimitEvents).values({ key });
    },
    async clear(key: string): Promise<void> {
      await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
    },
    /** Drops events older than any window; called periodically by the server. */
    async purgeOlderThan(ms: number): Promise<void> {
      await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - ms)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
