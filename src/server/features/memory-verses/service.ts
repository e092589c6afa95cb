import { and, asc, eq } from "drizzle-orm";
import {
  addDays,
  dueAfter,
  isVerseSaid,
  MEMORY_VERSE_MESSAGES,
  type MemoryVerseItem,
  nextBox,
} from "../../../core/schemas/memory-verses";
import { XP_FOR_VERSE_REVIEW } from "../../../core/xp";
import type { Database } from "../../db/client";
import { memoryVerses, stories } from "../../db/schema";
import { AppError } from "../../http/errors";
import { awardXpIfAny } from "../../shared/award-xp";
import { wordsOfReference } from "../bible";
import { libraryStoryFor, requireUnlockedStory } from "../stories";

// Memory verses (issue 23): each library story names one. A reader who says it right (the words in order) has
// learnt it, and it enters spaced review: due the next day, then 3, 7, 14 and 30 days after each right review,
// back to the next day after a wrong one. Days are the reader's own (`today`, from their time zone).

const notLearnt = () => new AppError("verse_not_learnt", 404, MEMORY_VERSE_MESSAGES.notLearnt);

/** A story's memory verse with its World English Bible words, for a reader who may read the story. */
async function verseOf(db: Database, userId: string, slug: string) {
  const story = await requireUnlockedStory(db, userId, slug);
  const reference = (await libraryStoryFor(slug))?.memoryVerse;
  const text = reference ? wordsOfReference(reference) : null;
  if (!reference || !text) throw new AppError("story_not_found", 404, MEMORY_VERSE_MESSAGES.storyNotFound);
  return { story, reference, text };
}

function toItem(
  row: { box: number; dueOn: string },
  story: { slug: string; title: string },
  reference: string,
  text: string,
  today: string,
): MemoryVerseItem {
  return { story, reference, text, box: row.box, dueOn: row.dueOn, due: row.dueOn <= today };
}

/** 'My verses': every verse the reader has learnt, those due first, with how many are due today. */
export async function listMemoryVerses(db: Database, userId: string, today: string) {
  const rows = await db
    .select({ box: memoryVerses.box, dueOn: memoryVerses.dueOn, slug: stories.slug, title: stories.title })
    .from(memoryVerses)
    .innerJoin(stories, eq(stories.id, memoryVerses.storyId))
    .where(eq(memoryVerses.userId, userId))
    .orderBy(asc(memoryVerses.dueOn), asc(stories.title));
  const verses = (
    await Promise.all(
      rows.map(async (row) => {
        const reference = (await libraryStoryFor(row.slug))?.memoryVerse;
        const text = reference ? wordsOfReference(reference) : null;
        return reference && text
          ? [toItem(row, { slug: row.slug, title: row.title }, reference, text, today)]
          : [];
      }),
    )
  ).flat();
  return { verses, dueToday: verses.filter((verse) => verse.due).length };
}

/** The reader said the verse right after practising it: it enters the first box, due the next day. */
export async function learnVerse(
  db: Database,
  userId: string,
  slug: string,
  words: string[],
  today: string,
): Promise<MemoryVerseItem> {
  const { story, reference, text } = await verseOf(db, userId, slug);
  if (!isVerseSaid(text, words)) throw new AppError("verse_not_right", 422, MEMORY_VERSE_MESSAGES.notRight);
  const [row] = await db
    .insert(memoryVerses)
    .values({ userId, storyId: story.id, box: 1, dueOn: addDays(today, 1) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("verse_already_learnt", 409, MEMORY_VERSE_MESSAGES.alreadyLearnt);
  return toItem(row, story, reference, text, today);
}

/**
 * A review of a verse that is due, under a lock on its row: right moves it up a box (and gives XP once that day),
 * wrong takes it back to the first. Of two reviews sent at once, the second finds it no longer due (409).
 */
export async function reviewVerse(
  db: Database,
  userId: string,
  slug: string,
  words: string[],
  today: string,
) {
  const { story, reference, text } = await verseOf(db, userId, slug);
  const right = isVerseSaid(text, words);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memoryVerses)
      .where(and(eq(memoryVerses.userId, userId), eq(memoryVerses.storyId, story.id)))
      .for("update");
    if (!row) throw notLearnt();
    if (row.dueOn > today) throw new AppError("verse_not_due", 409, MEMORY_VERSE_MESSAGES.notDue);
    const box = nextBox(row.box, right);
    const earns = right && row.xpDay !== today;
    const [updated] = await tx
      .update(memoryVerses)
      .set({
        box,
        dueOn: dueAfter(today, box),
        reviews: row.reviews + 1,
        ...(earns ? { xpDay: today } : {}),
      })
      .where(and(eq(memoryVerses.userId, userId), eq(memoryVerses.storyId, story.id)))
      .returning();
    if (!updated) throw notLearnt();
    const xpAwarded = earns ? XP_FOR_VERSE_REVIEW : 0;
    const profile = await awardXpIfAny(tx, userId, xpAwarded);
    return {
      right,
      xpAwarded,
      ...profile,
      verse: toItem(updated, story, reference, text, today),
    };
  });
}
