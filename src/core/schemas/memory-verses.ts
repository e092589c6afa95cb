import { z } from "zod";
import "./zod-messages";
import { MEMORY_VERSE_MESSAGES } from "../memory-verses";

export * from "../memory-verses";

/** A verse as the reader arranged it: its words in order (the server compares them with the verse). */
export const verseWordsSchema = z.object({
  words: z
    .array(z.string().max(40, MEMORY_VERSE_MESSAGES.wordsRequired), {
      error: MEMORY_VERSE_MESSAGES.wordsRequired,
    })
    .min(1, MEMORY_VERSE_MESSAGES.wordsRequired)
    .max(120, MEMORY_VERSE_MESSAGES.wordsRequired),
});

/** A memory verse as 'My verses' and home show it. */
export type MemoryVerseItem = {
  story: { slug: string; title: string };
  reference: string;
  text: string;
  /** The Leitner box, 1 (every day) to 5 (every month). */
  box: number;
  dueOn: string;
  due: boolean;
};

/* Route shapes (signed in; days are the reader's own, by the x-time-zone header):
 * GET  /api/memory-verses → { verses: MemoryVerseItem[] (due first), dueToday: number }
 * POST /api/memory-verses/{slug}/learn { words } → 201 { verse: MemoryVerseItem } · 422 not the verse · 409 already learnt
 * POST /api/memory-verses/{slug}/review { words } → { right, xpAwarded, xp, level, verse: MemoryVerseItem }
 *      · 404 not learnt · 409 not due yet
 */
