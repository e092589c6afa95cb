import { VERSE_REFERENCE_SOURCE } from "./verse-reference";

// A verse reference as the library writes it ("Luke 15:20", "1 Samuel 17:45-47", "Genesis 1:26-28, 31",
// "Daniel 6:10, 6:16") and the single verses it names. No zod here: the story page's verse popover uses this
// and should not have to load a validation library to read a reference. The verses file (content/bible/web-verses.json) is
// keyed by single verses in this same spelling: "Psalm 23:1", never "Psalms 23:1".

export const BIBLE_MESSAGES = {
  malformed: "That isn't a verse reference we can read. Try one like 'Luke 15:20'.",
  tooLong: "That passage is too long to show here. Ask for up to 30 verses within one chapter.",
} as const;

/** The most verses one look-up returns: a popover is a glance, not a chapter. */
export const MAX_VERSES_PER_LOOKUP = 30;

export type VersePoint = { chapter: number; verse: number };
/** From `start` to `end` inclusive; one verse when they are equal. */
export type VerseRange = { start: VersePoint; end: VersePoint };
export type VerseReference = { book: string; ranges: VerseRange[] };

const WHOLE_REFERENCE = new RegExp(`^${VERSE_REFERENCE_SOURCE}$`);
const BOOK_AND_REST = /^((?:[1-3] )?[A-Za-z]+(?: [A-Za-z]+)*) (\d.*)$/;
const ITEM = /^(?:(\d{1,3}):)?(\d{1,3})(?:[-–](?:(\d{1,3}):)?(\d{1,3}))?$/;

/** "Psalms 23:1" and "Psalm 23:1" are one verse; the library says "Psalm". */
function canonicalBook(book: string): string {
  return book === "Psalms" ? "Psalm" : book;
}

/** The book and verse ranges of a reference, or null when it is not one reference of the library's dialect. */
export function parseVerseReference(reference: string): VerseReference | null {
  const trimmed = reference.trim();
  if (!WHOLE_REFERENCE.test(trimmed)) return null;
  const bookAndRest = BOOK_AND_REST.exec(trimmed);
  if (!bookAndRest?.[1] || !bookAndRest[2]) return null;
  const ranges: VerseRange[] = [];
  // A list item without a chapter ("31" in "1:26-28, 31") stays in the chapter of the item before it.
  let chapter = 0;
  for (const item of bookAndRest[2].split(/, ?/)) {
    const parts = ITEM.exec(item);
    if (!parts) return null;
    chapter = parts[1] ? Number(parts[1]) : chapter;
    const start = { chapter, verse: Number(parts[2]) };
    const endChapter = parts[3] ? Number(parts[3]) : chapter;
    const end = parts[4] ? { chapter: endChapter, verse: Number(parts[4]) } : start;
    if (start.chapter < 1 || start.verse < 1 || end.verse < 1) return null;
    if (end.chapter < start.chapter || (end.chapter === start.chapter && end.verse < start.verse))
      return null;
    ranges.push({ start, end });
    chapter = end.chapter;
  }
  return { book: canonicalBook(bookAndRest[1]), ranges };
}

/** The key of one verse in the verses file. */
export function verseKey(book: string, point: VersePoint): string {
  return `${canonicalBook(book)} ${point.chapter}:${point.verse}`;
}

/**
 * The single verses a reference names, in its order, without repeats; null when a range crosses a chapter
 * (how many verses a chapter has is not known here).
 */
export function expandVerseReference(reference: VerseReference): string[] | null {
  const keys = new Set<string>();
  for (const { start, end } of reference.ranges) {
    if (start.chapter !== end.chapter) return null;
    for (let verse = start.verse; verse <= end.verse; verse++)
      keys.add(verseKey(reference.book, { chapter: start.chapter, verse }));
  }
  return [...keys];
}

/** A reference the verses route can answer: readable, within chapters, and short enough for a popover. */
export function lookupVerseKeys(reference: string): { keys: string[] } | { problem: string } {
  const parsed = parseVerseReference(reference);
  if (!parsed) return { problem: BIBLE_MESSAGES.malformed };
  const keys = expandVerseReference(parsed);
  if (!keys || keys.length > MAX_VERSES_PER_LOOKUP) return { problem: BIBLE_MESSAGES.tooLong };
  return { keys };
}

export type VerseText = { ref: string; text: string };
export type VerseLookup = { reference: string; verses: VerseText[] };
