import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  expandVerseReference,
  parseVerseReference,
  type VerseText,
} from "../../../core/stories/verse-lookup";
import { findVerseReferences } from "../../../core/stories/verse-reference";

/**
 * content/bible/web-verses.json: the World English Bible's text of every verse the story library cites, by
 * single verse ("Luke 15:20"). Written by scripts/extract-verses.ts and committed.
 */
export const defaultVersesFile = fileURLToPath(
  new URL("../../../../content/bible/web-verses.json", import.meta.url),
);

let versesByKey: ReadonlyMap<string, string> | null = null;

/** The verses file, read on the first look-up and kept: it never changes while the app runs. */
function loadVerses(): ReadonlyMap<string, string> {
  if (!versesByKey) {
    const parsed: unknown = JSON.parse(readFileSync(defaultVersesFile, "utf8"));
    if (typeof parsed !== "object" || parsed === null)
      throw new Error("content/bible/web-verses.json: not an object");
    versesByKey = new Map(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  }
  return versesByKey;
}

/** The verses of `keys` that the file holds, in the order asked; a reference the library never cites has none. */
export function findVerses(keys: readonly string[]): VerseText[] {
  const verses = loadVerses();
  return keys.flatMap((ref) => {
    const text = verses.get(ref);
    return text === undefined ? [] : [{ ref, text }];
  });
}

/**
 * The verse references written in `text` that name a verse the file does not hold: one that neither the story
 * library nor the question bank cites, so Lamplight cannot show its words as the World English Bible has them.
 */
export function unknownVerseReferences(text: string): string[] {
  return findVerseReferences(text).filter((reference) => {
    const parsed = parseVerseReference(reference);
    const keys = parsed && expandVerseReference(parsed);
    return !keys || findVerses(keys).length !== keys.length;
  });
}

/** The World English Bible's words of a whole reference ("Luke 10:31-32"), or null when the file lacks any of it. */
export function wordsOfReference(reference: string): string | null {
  const parsed = parseVerseReference(reference);
  const keys = parsed && expandVerseReference(parsed);
  if (!keys || keys.length === 0) return null;
  const verses = findVerses(keys);
  return verses.length === keys.length ? verses.map((verse) => verse.text).join(" ") : null;
}
