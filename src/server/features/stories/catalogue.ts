import { asc, eq } from "drizzle-orm";
import type { LayerNumber } from "../../../core/stories/progress";
import type { Database } from "../../db/client";
import { stories, storyPaths } from "../../db/schema";

type StoryRow = typeof stories.$inferSelect;

export type CatalogueEntry = {
  story: StoryRow;
  /** The story as JSON without its closing brace, so that a reader's own fields can follow it. */
  jsonHead: string;
  /** Each layer's first-step prompt. */
  prompts: ReadonlyMap<LayerNumber, string>;
};

export type Catalogue = {
  /** In the library's order: easiest first, then by title. */
  entries: readonly CatalogueEntry[];
  bySlug: ReadonlyMap<string, CatalogueEntry>;
};

async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [rows, paths] = await Promise.all([
    db.select().from(stories).orderBy(asc(stories.difficulty), asc(stories.title)),
    db
      .select({ storyId: storyPaths.storyId, layer: storyPaths.layer, prompt: storyPaths.prompt })
      .from(storyPaths)
      .where(eq(storyPaths.step, 1)),
  ]);
  const entries = rows.map((story) => ({
    story,
    jsonHead: JSON.stringify(story).slice(0, -1),
    prompts: new Map(
      paths
        .filter((path) => path.storyId === story.id)
        .map((path) => [path.layer as LayerNumber, path.prompt]),
    ),
  }));
  return { entries, bySlug: new Map(entries.map((entry) => [entry.story.slug, entry])) };
}

/**
 * The stories and their paths, read once per process. They are written only by the seed, which every instance
 * runs before it serves (src/server/features/stories/seed.ts), so they never change under a running one; each
 * read of the story list or a story page then asks the database only for the reader's own rows.
 */
export function createStoryCatalogue(db: Database) {
  let loading: Promise<Catalogue> | undefined;
  return {
    get(): Promise<Catalogue> {
      loading ??= loadCatalogue(db).catch((error: unknown) => {
        loading = undefined; // a database hiccup at the first read is not remembered
        throw error;
      });
      return loading;
    },
  };
}

export type StoryCatalogue = ReturnType<typeof createStoryCatalogue>;

declare module "../../http/app-env" {
  interface AppState {
    /** The stories and their paths, read once (createApp makes it). */
    stories: StoryCatalogue;
  }
}
