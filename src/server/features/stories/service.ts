import { type AnyColumn, and, eq, isNotNull, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { STORY_MESSAGES } from "../../../core/stories/generation-events";
import {
  applyProgress,
  COMPLETION_MESSAGE,
  LAYERS,
  type LayerNumber,
  type ProgressAction,
  type ProgressState,
  REPEAT_COMPLETION_MESSAGE,
} from "../../../core/stories/progress";
import { XP_FOR_COMPLETION, XP_FOR_GENERATION } from "../../../core/xp";
import type { Database } from "../../db/client";
import { perDatabase } from "../../db/prepared";
import {
  checkAnswers,
  groupAssignments,
  groupMembers,
  profiles,
  stories,
  storyContent,
  storyPaths,
  storyProgress,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import { awardXp, awardXpIfAny, type Executor } from "../../shared/award-xp";
import type { StoryCatalogue } from "./catalogue";

export type StoryRow = typeof stories.$inferSelect;
type ProgressRow = typeof storyProgress.$inferSelect;

export type ProgressView = {
  currentLayer: LayerNumber;
  highestLayerReached: LayerNumber;
  completed: boolean;
  completedAt: string | null;
  updatedAt: string;
};

function toProgressView(row: ProgressRow | null | undefined): ProgressView | null {
  if (!row) return null;
  return {
    currentLayer: row.currentLayer as LayerNumber,
    highestLayerReached: row.highestLayerReached as LayerNumber,
    completed: row.completed,
    completedAt: row.completedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toState(row: ProgressRow): ProgressState {
  return {
    currentLayer: row.currentLayer as LayerNumber,
    currentStep: row.currentStep,
    highestLayerReached: row.highestLayerReached as LayerNumber,
    completed: row.completed,
    completedAt: row.completedAt,
  };
}

/**
 * Whether the story is this week's story of one of the reader's groups (issue 25): a leader's choice opens it for
 * the group's members whatever their level, for as long as it is assigned.
 */
type SqlValue = SQL | Placeholder | AnyColumn;

function assignedToReader(storyId: SqlValue, userId: SqlValue): SQL<boolean> {
  // Aliased by hand: in a query on one table Drizzle writes its columns without their table's name.
  return sql<boolean>`exists (
    select 1 from ${groupAssignments} assigned
    join ${groupMembers} reader on reader.group_id = assigned.group_id
    where assigned.story_id = ${storyId} and reader.user_id = ${userId}
  )`;
}

/** Spec §6 and issue 25: a story is locked while the reader's level is below its difficulty, unless assigned. */
function isLocked(level: number | null | undefined, story: { difficulty: number }, assigned: boolean) {
  return !assigned && (level ?? 1) < story.difficulty;
}

/**
 * A reader's level, their progress in every story they started and the stories their groups assigned them: one
 * prepared statement per database. Every row carries the level and the assigned stories (worked out once, as
 * the subquery depends on the reader alone); a reader who started nothing has one row, with no progress.
 */
const progressOfReader = perDatabase((db: Database) =>
  db
    .select({
      level: profiles.level,
      progress: storyProgress,
      assigned: sql<number[]>`(
        select coalesce(json_agg(distinct ${groupAssignments.storyId}), '[]'::json)
        from ${groupAssignments}
        join ${groupMembers} on ${groupMembers.groupId} = ${groupAssignments.groupId}
        where ${groupMembers.userId} = ${sql.placeholder("userId")}
      )`,
    })
    .from(profiles)
    .leftJoin(storyProgress, eq(storyProgress.userId, profiles.id))
    .where(eq(profiles.id, sql.placeholder("userId")))
    .prepare("story_progress_of_reader"),
);

/**
 * The story list as JSON: the catalogue, each story with the reader's own progress (null when not started) and,
 * while it is above their level, its preview, written around the stories' JSON made once (catalogue.ts). One
 * query: the reader's level and progress rows.
 */
export async function listStoriesJson(
  db: Database,
  catalogue: StoryCatalogue,
  userId: string,
): Promise<string> {
  const query = progressOfReader(db);
  const [{ entries }, rows] = await Promise.all([catalogue.get(), query.execute({ userId })]);
  const level = rows[0]?.level ?? 1;
  const assigned = new Set(rows[0]?.assigned ?? []);
  const progressByStory = new Map(
    rows.flatMap(({ progress }) => (progress ? [[progress.storyId, progress]] : [])),
  );
  const items = entries.map(
    (entry) =>
      `${isLocked(level, entry.story, assigned.has(entry.story.id)) ? entry.lockedJsonHead : entry.jsonHead},"progress":${JSON.stringify(toProgressView(progressByStory.get(entry.story.id)))}}`,
  );
  return `[${items.join(",")}]`;
}

/** `preview` is there only while the story is above the reader's level. */
export type StoryListItem = StoryRow & { preview?: string; progress: ProgressView | null };

/** Who writes a layer's text: the library's ministry-reviewed text (no AI provider configured) or an AI model. */
export type TextSource = "library" | "ai";

async function findStory(db: Executor, slug: string): Promise<StoryRow> {
  const [story] = await db.select().from(stories).where(eq(stories.slug, slug));
  if (!story) throw new AppError("story_not_found", 404, STORY_MESSAGES.storyNotFound);
  return story;
}

/** The reader's level, and whether one of their groups assigned them the story. */
async function readerOfLock(db: Executor, userId: string, storyId: number) {
  const [row] = await db
    .select({ level: profiles.level, assigned: assignedToReader(sql`${storyId}`, sql`${userId}`) })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { level: row?.level ?? 1, assigned: row?.assigned ?? false };
}

/**
 * Spec §6: a story is locked while the reader's level is below its difficulty, unless one of the reader's groups
 * assigned it (issue 25); the server holds the lock.
 */
export async function requireUnlockedStory(db: Executor, userId: string, slug: string): Promise<StoryRow> {
  const story = await findStory(db, slug);
  const { level, assigned } = await readerOfLock(db, userId, story.id);
  if (isLocked(level, story, assigned))
    throw new AppError("story_locked", 403, STORY_MESSAGES.storyLocked(story.difficulty));
  return story;
}

async function findProgress(db: Executor, userId: string, storyId: number, lock = false) {
  const query = db
    .select()
    .from(storyProgress)
    .where(and(eq(storyProgress.userId, userId), eq(storyProgress.storyId, storyId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * What a story page needs of its reader, in one prepared statement: their level, their progress in the story
 * and what they have saved of it (the story and its paths come from the catalogue).
 */
const readerOfStory = perDatabase((db: Database) =>
  db
    .select({
      level: profiles.level,
      assigned: assignedToReader(sql.placeholder("storyId"), sql.placeholder("userId")),
      progress: storyProgress,
      contents: sql<{ layer: number; content: string; imageUrl: string | null }[] | null>`(
        select json_agg(json_build_object(
          'layer', ${storyContent.layer}, 'content', ${storyContent.content}, 'imageUrl', ${storyContent.imageUrl}
        ) order by ${storyContent.layer}, ${storyContent.step})
        from ${storyContent}
        where ${storyContent.userId} = ${profiles.id} and ${storyContent.storyId} = ${sql.placeholder("storyId")}
      )`,
    })
    .from(profiles)
    .leftJoin(
      storyProgress,
      and(eq(storyProgress.userId, profiles.id), eq(storyProgress.storyId, sql.placeholder("storyId"))),
    )
    .where(eq(profiles.id, sql.placeholder("userId")))
    .prepare("reader_of_story"),
);

/**
 * Everything the story page shows: the story, the lock (with the story's preview while locked), who writes its
 * text, the progress and each layer's prompt and saved content.
 */
export async function getStoryPage(
  db: Database,
  catalogue: StoryCatalogue,
  userId: string,
  slug: string,
  { textSource }: { textSource: TextSource },
) {
  const entry = (await catalogue.get()).bySlug.get(slug);
  if (!entry) throw new AppError("story_not_found", 404, STORY_MESSAGES.storyNotFound);
  const { story, prompts } = entry;
  const query = readerOfStory(db);
  const [reader] = await query.execute({ userId, storyId: story.id });
  const locked = isLocked(reader?.level, story, reader?.assigned ?? false);
  // A locked story shows none of the reader's text (they may have read it before an admin lowered their level).
  const contents = locked ? [] : (reader?.contents ?? []);
  return {
    story,
    locked,
    ...(locked ? { preview: entry.preview } : {}),
    textSource,
    /** The story's memory verse (a reference), to practise once the story is open; null while it is locked. */
    memoryVerse: locked ? null : entry.memoryVerse,
    progress: toProgressView(reader?.progress),
    layers: LAYERS.map(({ layer, name }) => {
      const saved = contents.find((row) => row.layer === layer);
      return {
        layer,
        name,
        prompt: prompts.get(layer) ?? "",
        content: saved?.content ?? null,
        imageUrl: saved?.imageUrl ?? null,
      };
    }),
  };
}

/**
 * What a generation needs, in one prepared query: the story, the reader's level and progress, the layer's
 * path and the reader's earlier layers as context. A child waits for the first words, and every round trip
 * before the model is asked is time they wait.
 */
const generationQuery = perDatabase((db: Database) =>
  db
    .select({
      story: stories,
      level: profiles.level,
      assigned: assignedToReader(stories.id, sql.placeholder("userId")),
      highestLayerReached: storyProgress.highestLayerReached,
      path: storyPaths,
      previousContext: sql<string | null>`(
        select string_agg(${storyContent.content}, E'\n\n' order by ${storyContent.layer}, ${storyContent.step})
        from ${storyContent}
        where ${storyContent.userId} = ${sql.placeholder("userId")} and ${storyContent.storyId} = ${stories.id}
          and ${storyContent.layer} < ${sql.placeholder("layer")}
      )`,
    })
    .from(stories)
    .leftJoin(profiles, eq(profiles.id, sql.placeholder("userId")))
    .leftJoin(
      storyProgress,
      and(eq(storyProgress.userId, sql.placeholder("userId")), eq(storyProgress.storyId, stories.id)),
    )
    .leftJoin(
      storyPaths,
      and(
        eq(storyPaths.storyId, stories.id),
        eq(storyPaths.step, 1),
        eq(storyPaths.layer, sql.placeholder("layer")),
      ),
    )
    .where(eq(stories.slug, sql.placeholder("slug")))
    .prepare("prepare_generation"),
);

/** Checks a generation may start (the story exists and is unlocked, the layer is reached) and returns what the AI needs. */
export async function prepareGeneration(db: Database, userId: string, slug: string, layer: LayerNumber) {
  const query = generationQuery(db);
  const [row] = await query.execute({ userId, slug, layer });
  if (!row) throw new AppError("story_not_found", 404, STORY_MESSAGES.storyNotFound);
  const { story, path } = row;
  // The refusals in the order requireUnlockedStory and the progress rules give them.
  if (isLocked(row.level, story, row.assigned))
    throw new AppError("story_locked", 403, STORY_MESSAGES.storyLocked(story.difficulty));
  if (layer > (row.highestLayerReached ?? 1))
    throw new AppError("unreached_layer", 409, STORY_MESSAGES.unreachedLayer);
  if (!path) throw new AppError("story_not_found", 404, STORY_MESSAGES.storyNotFound);
  return { story, path, previousContext: row.previousContext ?? "" };
}

/**
 * Saves a finished generation and its XP in one transaction. A new text replaces the layer's old
 * illustration, which showed the old text.
 */
export async function saveGeneration(
  db: Database,
  userId: string,
  storyId: number,
  layer: LayerNumber,
  content: string,
) {
  return db.transaction(async (tx) => {
    // The first finished layer starts the reader's progress (spec §4: new → in progress at layer 1).
    await tx.insert(storyProgress).values({ userId, storyId }).onConflictDoNothing();
    const layerRow = and(
      eq(storyContent.userId, userId),
      eq(storyContent.storyId, storyId),
      eq(storyContent.layer, layer),
      eq(storyContent.step, 1),
    );
    const [before] = await tx
      .select({ checks: storyContent.checks })
      .from(storyContent)
      .where(layerRow)
      .for("update");
    await tx
      .insert(storyContent)
      .values({ userId, storyId, layer, step: 1, content, imageUrl: null })
      .onConflictDoUpdate({
        target: [storyContent.userId, storyContent.storyId, storyContent.layer, storyContent.step],
        // 'Check your understanding' written by an AI was about the old text: the new text gets its own.
        set: { content, imageUrl: null, checks: null, updatedAt: new Date() },
      });
    // Questions settled for the old text (only ever with a real text AI; the offline library's questions never
    // change, and their answers stay as they were) make way for the new text's, which may differ at each place.
    // An answer that earned the +5 stays: its row is the record that this place's XP was given, so no
    // regeneration can earn it twice; it no longer counts as answered right, so the new question is open again
    // (and its right answer not shown). An answer that earned nothing goes, so that the new question can be
    // answered afresh; at most the same +5 a right first answer always could have earned. The reader's own words
    // for the open prompt stay, as that prompt is the library's own and does not change.
    if (before?.checks != null) {
      await tx
        .update(checkAnswers)
        .set({ correct: false })
        .where(
          and(
            eq(checkAnswers.userId, userId),
            eq(checkAnswers.storyId, storyId),
            eq(checkAnswers.layer, layer),
            eq(checkAnswers.firstTryCorrect, true),
          ),
        );
      await tx
        .delete(checkAnswers)
        .where(
          and(
            eq(checkAnswers.userId, userId),
            eq(checkAnswers.storyId, storyId),
            eq(checkAnswers.layer, layer),
            eq(checkAnswers.firstTryCorrect, false),
            isNull(checkAnswers.written),
          ),
        );
    }
    await tx
      .update(storyProgress)
      .set({ updatedAt: new Date() })
      .where(and(eq(storyProgress.userId, userId), eq(storyProgress.storyId, storyId)));
    const { xp, level } = await awardXp(tx, userId, XP_FOR_GENERATION);
    return { xp, level, xpAwarded: XP_FOR_GENERATION };
  });
}

/** The text an illustration is drawn from; refused when the layer has none yet. */
export async function contentForIllustration(db: Database, userId: string, slug: string, layer: LayerNumber) {
  const story = await requireUnlockedStory(db, userId, slug);
  const [row] = await db
    .select({ content: storyContent.content })
    .from(storyContent)
    .where(
      and(eq(storyContent.userId, userId), eq(storyContent.storyId, story.id), eq(storyContent.layer, layer)),
    );
  if (!row?.content.trim()) throw new AppError("no_story_content", 409, STORY_MESSAGES.noStoryContent);
  return { story, content: row.content };
}

/** Spec §3 file storage: story-images/{userId}/story-{id}-layer-{n}.png. */
export function illustrationKey(userId: string, storyId: number, layer: LayerNumber): string {
  return `story-images/${userId}/story-${storyId}-layer-${layer}.png`;
}

export async function saveIllustrationUrl(
  db: Database,
  userId: string,
  storyId: number,
  layer: LayerNumber,
  imageUrl: string,
) {
  await db
    .update(storyContent)
    .set({ imageUrl, updatedAt: new Date() })
    .where(
      and(eq(storyContent.userId, userId), eq(storyContent.storyId, storyId), eq(storyContent.layer, layer)),
    );
}

/** Stories the reader has completed at least once (First Story). */
export async function countCompletedStories(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(storyProgress)
    .where(and(eq(storyProgress.userId, userId), isNotNull(storyProgress.completedAt)));
  return row?.count ?? 0;
}

/**
 * Applies 'Move to Layer N', 'Mark Story Complete' or a jump under a row lock, so that repeated or
 * concurrent clicks see each other, and awards the completion XP once per story in the same transaction.
 */

export async function progressStory(db: Database, userId: string, slug: string, action: ProgressAction) {
  return db.transaction(async (tx) => {
    const story = await requireUnlockedStory(tx, userId, slug);
    const row = await findProgress(tx, userId, story.id, true);
    if (!row) throw new AppError("not_started", 409, STORY_MESSAGES.readLayerFirst);
    if (action.action === "next") {
      const [content] = await tx
        .select({ layer: storyContent.layer })
        .from(storyContent)
        .where(
          and(
            eq(storyContent.userId, userId),
            eq(storyContent.storyId, story.id),
            eq(storyContent.layer, row.currentLayer),
          ),
        );
      if (!content) throw new AppError("layer_not_read", 409, STORY_MESSAGES.readLayerFirst);
    }
    const outcome = applyProgress(toState(row), action, new Date());
    if (!outcome.ok) throw new AppError("unreached_layer", 409, STORY_MESSAGES.unreachedLayer);
    const [saved] = await tx
      .update(storyProgress)
      .set({ ...outcome.state, updatedAt: new Date() })
      .where(and(eq(storyProgress.userId, userId), eq(storyProgress.storyId, story.id)))
      .returning();
    const xpAwarded = outcome.firstCompletion ? XP_FOR_COMPLETION : 0;
    const profile = await awardXpIfAny(tx, userId, xpAwarded);
    return {
      progress: toProgressView(saved) as ProgressView,
      xp: profile.xp,
      level: profile.level,
      xpAwarded,
      message: outcome.completedNow
        ? outcome.firstCompletion
          ? COMPLETION_MESSAGE
          : REPEAT_COMPLETION_MESSAGE
        : null,
    };
  });
}
