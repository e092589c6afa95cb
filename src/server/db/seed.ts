import { sql } from "drizzle-orm";
import type { LibraryStory } from "../features/stories/library";
import type { Database } from "./client";
import { stories } from "./schema";

/** Upserts the story catalogue from the library by slug; safe to run at every start. */
export async function seedStories(db: Database, library: LibraryStory[]): Promise<void> {
  if (library.length === 0) return;
  await db
    .insert(stories)
    .values(library.map(({ slug, title, blurb, difficulty }) => ({ slug, title, blurb, difficulty })))
    .onConflictDoUpdate({
      target: stories.slug,
      set: { title: sql`excluded.title`, blurb: sql`excluded.blurb`, difficulty: sql`excluded.difficulty` },
    });
}
