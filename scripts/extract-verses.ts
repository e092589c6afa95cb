// Writes content/bible/web-verses.json: the World English Bible's text of every verse the story library and
// the helper's question bank cite, one key per single verse ("Luke 15:20"), sorted. The file is committed, so
// neither CI nor the app needs the Bible module; run this again after the library or the bank cites new verses.
//
// Needs the SWORD module and its command-line reader (Debian: `apt-get install sword-text-web diatheke`).
//   npx tsx scripts/extract-verses.ts

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseVerseReference, type VerseRange, verseKey } from "../src/core/stories/verse-lookup";
import { findVerseReferences } from "../src/core/stories/verse-reference";

const MODULE = "engWEB2015eb";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const storiesDir = join(root, "content/stories");
const questionsDir = join(root, "content/questions");
/** The questions children typed, kept to test the helper with: not part of the bank, and no references. */
const QUESTION_TEST_DATA = /\.test-data\.yaml$/;
const outputFile = join(root, "content/bible/web-verses.json");

/**
 * Each verse of diatheke's answer starts with its key: "Psalms 23:1: ", "I Corinthians 15:4: ". A numbered book
 * comes with a Roman numeral, which must be read as part of the key, or its "I" would end the verse before.
 */
function verseKeyPattern(book: string): RegExp {
  const numeral = /^[1-3] /.test(book) ? "(?:I{1,3}|[1-3]) " : "";
  return new RegExp(`(${numeral}[A-Z][a-z]+(?: of [A-Z][a-z]+)?) (\\d+):(\\d+): `, "g");
}

/**
 * The words of a verse without the module's markup, and without what follows the end of its book. Footnotes go (the module puts one between two words
 * with no space: "God<note/>created"), and so do the headings that stand before a verse (a psalm's title
 * is not part of the verse the library quotes); line and paragraph marks become spaces.
 */
export function plainVerseText(markup: string): string {
  return (
    markup
      // The last verse of the module runs on into the glossary that follows the Bible: a book's end marker
      // (`<div eID="…" type="book"/>`) closes the verse.
      .replace(/<div\b[^>]*\beID="[^"]*"[^>]*\btype="book"[^>]*\/>[\s\S]*$/, "")
      .replace(/<note\b[^>]*\/>/g, "")
      .replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, "")
      .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, "")
      .replace(/<\/w>(?=<w\b)/g, "</w> ")
      // Two words stay apart after a comma where a footnote stood ("him</w>,<note/><w>because") and after a
      // closing quotation mark ("me?”</q><w>He").
      .replace(/([,;:])(?=<w\b)/g, "$1 ")
      .replace(/<\/q>(?=<w\b)/g, "</q> ")
      // A quotation the module splits in two ("only born</q><q marker=\"\">Son") is still two words, unless
      // the second part only closes the quote ("I AM.</q><q marker=\"\">”").
      .replace(/<\/q>(?=<q\b[^>]*>(?![”’.,;:!?]))/gu, "</q> ")
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Every verse in the range, from diatheke, by key. */
function readRange(book: string, { start, end }: VerseRange): Map<string, string> {
  const from = `${start.chapter}:${start.verse}`;
  const to = end.chapter === start.chapter ? `${end.verse}` : `${end.chapter}:${end.verse}`;
  const key = from === `${end.chapter}:${end.verse}` ? `${book} ${from}` : `${book} ${from}-${to}`;
  // Footnotes on (`-o f`), so that their place is marked and the words either side stay apart.
  const output = execFileSync("diatheke", ["-b", MODULE, "-o", "f", "-f", "internal", "-k", key], {
    encoding: "utf8",
  }).replace(new RegExp(`\\(${MODULE}\\)\\s*$`), "");
  const verses = new Map<string, string>();
  const markers = [...output.matchAll(verseKeyPattern(book))];
  markers.forEach((marker, index) => {
    const bodyEnd = markers[index + 1]?.index ?? output.length;
    const body = output.slice(marker.index + marker[0].length, bodyEnd);
    const point = { chapter: Number(marker[2]), verse: Number(marker[3]) };
    verses.set(verseKey(book, point), plainVerseText(body));
  });
  return verses;
}

/** The files of a folder whose names pass the test, sorted; none when the folder is not there. */
function filesIn(dir: string, wanted: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(wanted)
    .sort()
    .map((name) => join(dir, name));
}

function main() {
  // A question's references stand in its `verses` list and inside its answers, all plain text in the YAML,
  // so the same scan that reads a story reads a question file whole.
  const sources = [
    ...filesIn(storiesDir, (name) => name.endsWith(".md")),
    ...filesIn(questionsDir, (name) => name.endsWith(".yaml") && !QUESTION_TEST_DATA.test(name)),
  ];
  const references = new Set<string>();
  for (const file of sources)
    for (const reference of findVerseReferences(readFileSync(file, "utf8"))) references.add(reference);

  const verses = new Map<string, string>();
  const problems: string[] = [];
  for (const reference of references) {
    const parsed = parseVerseReference(reference);
    if (!parsed) {
      problems.push(`cannot read the reference '${reference}'`);
      continue;
    }
    for (const range of parsed.ranges) {
      const found = readRange(parsed.book, range);
      const first = verseKey(parsed.book, range.start);
      const last = verseKey(parsed.book, range.end);
      if (!found.has(first) || !found.has(last))
        problems.push(`'${reference}': the module has no ${first}–${last}`);
      for (const [key, text] of found) {
        if (text === "") problems.push(`'${reference}': ${key} is empty`);
        else verses.set(key, text);
      }
    }
  }

  const sorted = Object.fromEntries(
    [...verses].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true })),
  );
  mkdirSync(dirname(outputFile), { recursive: true });
  writeFileSync(outputFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${references.size} references, ${verses.size} verses → content/bible/web-verses.json`);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
}

main();
