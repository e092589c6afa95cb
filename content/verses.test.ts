import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandVerseReference, parseVerseReference, verseKey } from "../src/core/stories/verse-lookup";
import { findVerseReferences } from "../src/core/stories/verse-reference";
import { defaultVersesFile } from "../src/server/features/bible/verses";
import { defaultLibraryDir } from "../src/server/features/stories/library";

// Every Scripture quote in the library is the World English Bible's own words, checked against the verses
// file that the verse popovers show (content/bible/web-verses.json, written by scripts/extract-verses.ts).

const verses: Record<string, string> = JSON.parse(readFileSync(defaultVersesFile, "utf8"));
const files = readdirSync(defaultLibraryDir)
  .filter((name) => name.endsWith(".md"))
  .sort();
const texts = files.map((file) => ({ file, text: readFileSync(join(defaultLibraryDir, file), "utf8") }));

/** A quote line: `> "words" (Reference)`, perhaps ending in a full stop. */
const QUOTE_LINE = /^> ?[“"](.*)[”"] \(([^)]+)\)\.?\s*$/;

/**
 * The words alone: case, quotation marks and punctuation are how a quote is set in a sentence, not what it
 * says. Apostrophes go too, so that "don't" and "don’t" are one word.
 */
function comparableWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’'“”"]/g, "")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The verses a reference names, as far as the verses file knows them (a range across chapters included). */
function versesOf(reference: string): { keys: string[]; missing: string[] } {
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
function quoteMatches(quote: string, reference: string): boolean {
  const { keys } = versesOf(reference);
  const passage = ` ${comparableWords(keys.map((key) => verses[key] ?? "").join(" "))} `;
  let from = 0;
  for (const piece of quote.split(/\.\.\.|…/).map(comparableWords).filter(Boolean)) {
    const at = passage.indexOf(` ${piece} `, from);
    if (at < 0) return false;
    from = at + piece.length + 1;
  }
  return true;
}

const quotes = texts.flatMap(({ file, text }) =>
  text.split("\n").flatMap((line) => {
    const match = QUOTE_LINE.exec(line.trim());
    return match?.[1] && match[2] ? [{ file, quote: match[1], reference: match[2] }] : [];
  }),
);

describe("the library's Scripture", () => {
  it("finds the quotes to check", () => {
    expect(quotes.length).toBeGreaterThan(100);
    // Every quote line has the dialect's form, so none escapes the check below.
    const quoteLines = texts.flatMap(({ text }) => text.split("\n").filter((line) => line.startsWith(">")));
    expect(quoteLines.length).toBe(quotes.length);
  });

  it("quotes the World English Bible word for word", () => {
    const mismatches = quotes
      .filter(({ quote, reference }) => !quoteMatches(quote, reference))
      .map(({ file, reference }) => `${file}: (${reference})`);
    expect(mismatches).toEqual([]);
  });

  it("has the verses of every reference in the verses file", () => {
    const references = new Set(texts.flatMap(({ text }) => findVerseReferences(text)));
    expect(references.size).toBeGreaterThan(100);
    const missing = [...references].flatMap((reference) => versesOf(reference).missing);
    expect(missing).toEqual([]);
  });

  it("keeps the verses file sorted, one verse a key, with the module's own words", () => {
    const keys = Object.keys(verses);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b, "en", { numeric: true })));
    for (const key of keys) expect(key).toMatch(/^(?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+)? \d+:\d+$/);
    expect(verses["Luke 15:20"]).toContain("his father saw him and was moved with compassion, and ran");
    expect(verses["Genesis 9:13"]).toBe(
      "I set my rainbow in the cloud, and it will be a sign of a covenant between me and the earth.",
    );
    expect(verses["Psalm 23:1"]).toBe("Yahweh is my shepherd; I shall lack nothing.");
    expect(Object.values(verses).some((text) => /<|>|strong:/.test(text))).toBe(false);
  });

  it("reads a quote against its verses, not against any words", () => {
    expect(quoteMatches("And ran, fell on his neck, and kissed him.", "Luke 15:20")).toBe(true);
    expect(quoteMatches("“He arose and came to his father.", "Luke 15:20")).toBe(true);
    expect(quoteMatches("And he ran to his father", "Luke 15:20")).toBe(false);
    expect(quoteMatches("I set my rainbow in the cloud", "Luke 15:20")).toBe(false);
    expect(quoteMatches("I set my rainbow ... between me and the earth", "Genesis 9:13")).toBe(true);
    expect(quoteMatches("between me and the earth ... I set my rainbow", "Genesis 9:13")).toBe(false);
  });
});
