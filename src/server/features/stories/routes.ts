import { asc } from "drizzle-orm";
import { Hono } from "hono";
import { requireUser } from "../../auth/session";
import { stories } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";

export type StorySummary = typeof stories.$inferSelect;

export function storyRoutes() {
  return new Hono<AppEnv>().use(requireUser).get("/", async (c) => {
    const rows: StorySummary[] = await c.var.deps.db
      .select()
      .from(stories)
      .orderBy(asc(stories.difficulty), asc(stories.title));
    return c.json(rows);
  });
}
