import { Hono } from "hono";
import { z } from "zod";
import { verseWordsSchema } from "../../../core/schemas/memory-verses";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { readerDay } from "../../http/time-zone";
import { validate } from "../../http/validate";
import { learnVerse } from "./actions/learn-verse";
import { reviewVerse } from "./actions/review-verse";
import { listMemoryVerses } from "./service";

// Any slug: the service looks it up, so an unknown one is "not found" (404).
const slugParams = z.object({ slug: z.string().max(100) });

/** Memory verses and their spaced review, mounted at /api/memory-verses; days are the reader's own. */
export function memoryVerseRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => c.json(await listMemoryVerses(c.var.deps.db, c.var.user.id, readerDay(c).today)))
    .post("/:slug/learn", validate("param", slugParams), validate("json", verseWordsSchema), async (c) => {
      const verse = await learnVerse.run(c.var.deps, c.var.user, {
        slug: c.req.valid("param").slug,
        words: c.req.valid("json").words,
        ...readerDay(c),
      });
      return c.json({ verse }, 201);
    })
    .post("/:slug/review", validate("param", slugParams), validate("json", verseWordsSchema), async (c) =>
      c.json(
        await reviewVerse.run(c.var.deps, c.var.user, {
          slug: c.req.valid("param").slug,
          words: c.req.valid("json").words,
          ...readerDay(c),
        }),
      ),
    );
}
