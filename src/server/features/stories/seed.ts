import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { stories, storyPaths } from "../../db/schema";
import type { LibraryStory } from "./library";

/**
 * Upserts the catalogue and each layer's path (prompt, guidance, library text) from the library by slug;
 * safe to run at every start, and on several instances at once.
 */
export async function seedStories(db: Database, library: LibraryStory[]): Promise<void> {
  if (library.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(stories)
      .values(
        library.map(({ slug, title, blurb, scripture, difficulty }) => ({
          slug,
          title,
          blurb,
          scripture,
          difficulty,
        })),
      )
      .onConflictDoUpdate({
        target: stories.slug,
        set: {
          title: sql`excluded.title`,
          blurb: sql`excluded.blurb`,
          scripture: sql`excluded.scripture`,
          difficulty: sql`excluded.difficulty`,
        },
      })
      .returning({ id: stories.id, slug: stories.slug });
    const idBySlug = new Map(rows.map((row) => [row.slug, row.id]));
    await tx
      .insert(storyPaths)
      .values(
        library.flatMap((story) =>
          story.layers.map((layer) => ({
            storyId: idBySlug.get(story.slug) as number,
            step: 1,
            layer: layer.layer,
            prompt: layer.prompt,
            systemContext: layer.systemContext,
            libraryText: layer.text,
          })),
        ),
      )
      .onConflictDoUpdate({
        target: [storyPaths.storyId, storyPaths.step, storyPaths.layer],
        set: {
          prompt: sql`excluded.prompt`,
          systemContext: sql`excluded.system_context`,
          libraryText: sql`excluded.library_text`,
        },
      });
  });
}
