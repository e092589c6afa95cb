import { readFileSync } from "node:fs";
import { expandVerseReference, parseVerseReference, verseKey } from "../src/core/stories/verse-lookup";
import { defaultVersesFile } from "../src/server/features/bible/verses";

// How the content tests read Scripture: the verses file (content/bible/web-verses.json, written by
// scripts/extract-verses.ts), the verses a reference names, and whether a quote is the WEB's own words.

export type VersesFile = Record<string, string>;

export function readVersesFile(): VersesFile {
  return JSON.parse(readFileSync(defaultVersesFile, "utf8"));
}

/**
 * The words alone: case, quotation marks and punctuation are how a quote is set in a sentence, not what it
 * says. Apostrophes go too, so that "don't" and "don’t" are one word.
 */
export function comparableWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’'“”"]/g, "")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The verses a reference names, as far as the verses file knows them (a range across chapters included). */
export function versesOf(verses: VersesFile, reference: string): { keys: string[]; missing: string[] } {
  const parsed = parseVerseReference(reference);
  if (!parsed) return { keys: [], missing: [reference] };
  const keys: string[] = [];
  for (const range of parsed.ranges) {
    const within = expandVerseReference({ book: parsed.book, ranges: [range] });
    if (within) keys.push(...within);
    else {
      // Across chapters: every verse of each chapter the file holds from the start to the end.
      for (let chapter = range.start.chapter; chapter <= range.end.chapter; chapter++) {
        const first = chapter === range.start.chapter ? range.start.verse : 1;
        const last = chapter === range.end.chapter ? range.end.verse : Number.POSITIVE_INFINITY;
        for (let verse = first; verse <= last; verse++) {
          const key = verseKey(parsed.book, { chapter, verse });
          if (!(key in verses)) break;
          keys.push(key);
        }
      }
      keys.push(verseKey(parsed.book, range.start), verseKey(parsed.book, range.end));
    }
  }
  return { keys, missing: [...new Set(keys)].filter((key) => !(key in verses)) };
}

/**
 * Whether a quote is the WEB's words for the verses it cites: its words, in order, somewhere in those verses
 * read one after another (a quote may be part of a verse, begin or end mid-verse, and so leave out a leading
 * "and"). An ellipsis stands for words left out: each piece must then follow the one before.
 */
export function quoteMatches(verses: VersesFile, quote: string, references: string[]): boolean {
  const keys = references.flatMap((reference) => versesOf(verses, reference).keys);
  const passage = ` ${comparableWords(keys.map((key) => verses[key] ?? "").join(" "))} `;
  let from = 0;
  for (const piece of quote
    .split(/\.\.\.|…/)
    .map(comparableWords)
    .filter(Boolean)) {
    const at = passage.indexOf(` ${piece} `, from);
    if (at < 0) return false;
    from = at + piece.length + 1;
  }
  return true;
}
