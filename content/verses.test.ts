import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findVerseReferences } from "../src/core/stories/verse-reference";
import { defaultLibraryDir } from "../src/server/features/stories/library";
import {
  quoteMatches as quoteMatchesVerses,
  readVersesFile,
  versesOf as versesOfFile,
} from "./verses-helpers";

// Every Scripture quote in the library is the World English Bible's own words, checked against the verses
// file that the verse popovers show (content/bible/web-verses.json, written by scripts/extract-verses.ts).

const verses = readVersesFile();
const files = readdirSync(defaultLibraryDir)
  .filter((name) => name.endsWith(".md"))
  .sort();
const texts = files.map((file) => ({ file, text: readFileSync(join(defaultLibraryDir, file), "utf8") }));

/** A quote line: `> "words" (Reference)`, perhaps ending in a full stop. */
const QUOTE_LINE = /^> ?[“"](.*)[”"] \(([^)]+)\)\.?\s*$/;

/** Whether a quote is the WEB's words for the verses of its one reference. */
function quoteMatches(quote: string, reference: string): boolean {
  return quoteMatchesVerses(verses, quote, [reference]);
}

function versesOf(reference: string): { keys: string[]; missing: string[] } {
  return versesOfFile(verses, reference);
}

const quotes = texts.flatMap(({ file, text }) =>
  text.split("\n").flatMap((line) => {
    const match = QUOTE_LINE.exec(line.trim());
    return match?.[1] && match[2] ? [{ file, quote: match[1], reference: match[2] }] : [];
  }),
);

/** The Bible's longest verse (Esther 8:9) has 528 characters in the World English Bible. */
const LONGEST_VERSE_CHARACTERS = 528;

describe("the verses file", () => {
  it("holds single verses only: nothing of a heading, a footnote or the glossary after the last book", () => {
    const tooLong = Object.entries(verses)
      .filter(([, text]) => text.length > LONGEST_VERSE_CHARACTERS)
      .map(([key, text]) => `${key}: ${text.length} characters`);
    expect(tooLong).toEqual([]);
    expect(verses["Revelation 22:21"]).toBe("The grace of the Lord Jesus Christ be with all the saints. Amen.");
  });
});

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
    // Nothing of the next verse's key ("I Corinthians 15:4") and no two words run together where the module
    // had a footnote or a quotation mark between them.
    expect(verses["1 Corinthians 15:3"]).toMatch(/according to the Scriptures,$/);
    expect(verses["1 John 4:19"]).toBe("We love him, because he first loved us.");
    expect(Object.values(verses).filter((text) => / I{1,3}$|[,;:”][\p{L}]|\p{Ll}\p{Lu}/u.test(text))).toEqual(
      [],
    );
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
