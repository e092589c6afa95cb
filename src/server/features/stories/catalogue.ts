import { asc, eq } from "drizzle-orm";
import type { LayerNumber } from "../../../core/stories/progress";
import { storyPreview } from "../../../core/stories/story-preview";
import type { Database } from "../../db/client";
import { stories, storyPaths } from "../../db/schema";
import { libraryBySlug } from "./library";

type StoryRow = typeof stories.$inferSelect;

export type CatalogueEntry = {
  story: StoryRow;
  /** The story as JSON without its closing brace, so that a reader's own fields can follow it. */
  jsonHead: string;
  /** The same with the story's `preview`, for a reader who has not reached its level yet. */
  lockedJsonHead: string;
  /** The first lines of layer 1's library text, which a locked story shows as a taste of what is to come. */
  preview: string;
  /** Each layer's first-step prompt. */
  prompts: ReadonlyMap<LayerNumber, string>;
  /** The verse a child learns by heart from the story (a reference), when the story is in the library. */
  memoryVerse: string | null;
};

export type Catalogue = {
  /** In the library's order: easiest first, then by title. */
  entries: readonly CatalogueEntry[];
  bySlug: ReadonlyMap<string, CatalogueEntry>;
};

async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [rows, paths, library] = await Promise.all([
    db.select().from(stories).orderBy(asc(stories.difficulty), asc(stories.title)),
    db
      .select({
        storyId: storyPaths.storyId,
        layer: storyPaths.layer,
        prompt: storyPaths.prompt,
        libraryText: storyPaths.libraryText,
      })
      .from(storyPaths)
      .where(eq(storyPaths.step, 1)),
    libraryBySlug(),
  ]);
  const entries = rows.map((story) => {
    const own = paths.filter((path) => path.storyId === story.id);
    // Kept as a short preview only: the layers' full texts stay in the database until a reader asks.
    const preview = storyPreview(own.find((path) => path.layer === 1)?.libraryText ?? "");
    return {
      story,
      jsonHead: JSON.stringify(story).slice(0, -1),
      lockedJsonHead: JSON.stringify({ ...story, preview }).slice(0, -1),
      preview,
      prompts: new Map(own.map((path) => [path.layer as LayerNumber, path.prompt])),
      memoryVerse: library.get(story.slug)?.memoryVerse ?? null,
    };
  });
  return { entries, bySlug: new Map(entries.map((entry) => [entry.story.slug, entry])) };
}

/**
 * The stories, their paths and the library's memory verses, read once per process. They are written only by the
 * seed, which every instance runs before it serves (src/server/features/stories/seed.ts), so they never change
 * under a running one; each read of the story list or a story page then asks the database only for the reader's
 * own rows.
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
