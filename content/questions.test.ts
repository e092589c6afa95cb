import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type QuestionBankEntry, questionBankEntrySchema } from "../src/core/schemas/question-bank";
import { parseVerseReference } from "../src/core/stories/verse-lookup";
import { findVerseReferences } from "../src/core/stories/verse-reference";
import { defaultLibraryDir } from "../src/server/features/stories/library";
import { comparableWords, quoteMatches, readVersesFile, versesOf } from "./verses-helpers";

// The helper's question bank (content/questions/*.yaml): what the offline helper answers from. Every answer is
// checked here the way the story library is: its shape, its verses (in the verses file, cited in its list,
// quoted word for word) and the story it sends a reader to next.

const questionsDir = join(import.meta.dirname, "questions");
const TEST_DATA_FILE = "asked.test-data.yaml";
const THEMES = [
  "god-and-jesus",
  "holy-spirit",
  "prayer",
  "sin",
  "forgiveness-and-grace",
  "heaven-and-death",
  "bible-people-old-testament",
  "bible-people-new-testament",
  "bible-events",
  "the-church-and-christian-life",
  "hard-questions",
  "the-bible-itself",
] as const;
const REQUIRED_QUESTIONS = [
  "Who was Moses' brother?",
  "Why did God flood the whole earth?",
  "What happened to Jonah?",
  "Is Jesus God?",
  "What does grace mean?",
  "Why did Judas betray Jesus?",
  "Does God love me when I'm bad?",
  "Why did Cain kill Abel?",
  "Are dinosaurs in the Bible?",
  "What is the Holy Spirit?",
];


const askedSchema = z.array(
  z.union([
    z.strictObject({ asked: z.string().min(2).max(160), id: z.string() }),
    z.strictObject({ asked: z.string().min(2).max(160), story: z.string() }),
  ]),
);

/** gray-matter (which reads the story library) parses YAML with js-yaml, so no YAML dependency is added. */
function readYaml(file: string): unknown {
  return matter(`---\nitems:\n${indent(readFileSync(join(questionsDir, file), "utf8"))}\n---\n`).data.items;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

const bankFiles = readdirSync(questionsDir)
  .filter((name) => name.endsWith(".yaml") && name !== TEST_DATA_FILE)
  .sort();
const parsedFiles = bankFiles.map((file) => ({
  file,
  result: z.array(questionBankEntrySchema).safeParse(readYaml(file)),
}));
const bank = parsedFiles.flatMap(({ file, result }) => (result.data ?? []).map((entry) => ({ file, entry })));
const entries: QuestionBankEntry[] = bank.map(({ entry }) => entry);
const verses = readVersesFile();
const storySlugs = new Set(
  readdirSync(defaultLibraryDir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.replace(/\.md$/, "")),
);

/** How a question is matched: case, punctuation and spacing are not what makes two questions different. */
const sameQuestion = (text: string) => comparableWords(text);

/** Every "…" quote in an answer (straight or curly double quotes). */
function quotesIn(text: string): string[] {
  return [...text.matchAll(/[“"]([^”"]+)[”"]/g)].map((match) => match[1] ?? "");
}

describe("the helper's question bank", () => {
  it("has one file per theme, each parsing to entries of the bank's form", () => {
    expect(bankFiles).toEqual([...THEMES].map((theme) => `${theme}.yaml`).sort());
    const problems = parsedFiles.flatMap(({ file, result }) =>
      result.success ? [] : [`${file}: ${z.prettifyError(result.error)}`],
    );
    expect(problems).toEqual([]);
  });

  it("holds at least 150 questions, at least 8 in every theme, with unique ids", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    for (const theme of THEMES)
      expect(bank.filter(({ file }) => file === `${theme}.yaml`).length, theme).toBeGreaterThanOrEqual(8);
    const ids = entries.map((entry) => entry.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("asks each question one way only across the bank", () => {
    const lines = entries.flatMap((entry) => [entry.question, ...entry.also].map(sameQuestion));
    expect(lines.filter((line, index) => lines.indexOf(line) !== index)).toEqual([]);
  });

  it("has the ten questions children asked that the helper could not answer", () => {
    const questions = new Set(entries.map((entry) => entry.question));
    expect(REQUIRED_QUESTIONS.filter((question) => !questions.has(question))).toEqual([]);
  });

  it("names only readable references whose verses are in the verses file", () => {
    const problems = entries.flatMap((entry) =>
      entry.verses.flatMap((reference) => {
        if (!parseVerseReference(reference)) return [`${entry.id}: cannot read '${reference}'`];
        return versesOf(verses, reference).missing.map(
          (key) => `${entry.id}: ${key} is not in the verses file`,
        );
      }),
    );
    expect(problems).toEqual([]);
  });

  it("cites inside an answer only verses from the entry's own list", () => {
    const problems = entries.flatMap((entry) => {
      const listed = new Set(entry.verses.flatMap((reference) => versesOf(verses, reference).keys));
      return findVerseReferences(`${entry.short}\n${entry.long}`).flatMap((reference) => {
        const outside = versesOf(verses, reference).keys.filter((key) => !listed.has(key));
        return outside.length > 0 || !parseVerseReference(reference)
          ? [`${entry.id}: '${reference}' is not among its verses`]
          : [];
      });
    });
    expect(problems).toEqual([]);
  });

  it("quotes only the World English Bible's words of the entry's verses", () => {
    const quoted = entries.flatMap((entry) =>
      quotesIn(`${entry.short}\n${entry.long}`).map((quote) => ({ entry, quote })),
    );
    expect(quoted.length).toBeGreaterThan(20);
    const mismatches = quoted
      .filter(({ entry, quote }) => !quoteMatches(verses, quote, entry.verses))
      .map(({ entry, quote }) => `${entry.id}: "${quote}"`);
    expect(mismatches).toEqual([]);
  });

  it("sends a reader only to stories in the library", () => {
    const unknown = entries.filter((entry) => entry.story && !storySlugs.has(entry.story));
    expect(unknown.map((entry) => `${entry.id}: ${entry.story}`)).toEqual([]);
    expect(entries.filter((entry) => entry.story).length).toBeGreaterThan(40);
  });

  it("answers the flood's question with the reason first, then the promise", () => {
    const flood = entries.find((entry) => entry.question === "Why did God flood the whole earth?");
    expect(flood?.verses[0]).toMatch(/^Genesis 6:5/);
    expect(flood?.verses.some((reference) => reference.startsWith("Genesis 9"))).toBe(true);
    const grace = entries.find((entry) => entry.question === "Does God love me when I'm bad?");
    expect(grace?.verses).toEqual(expect.arrayContaining(["Luke 15:20", "Romans 5:8"]));
    expect(grace?.story).toBe("the-prodigal-son");
  });
});

describe("the questions children typed (test data for the helper)", () => {
  // A missing file fails the count below rather than the whole file's tests.
  const asked = askedSchema.parse(
    existsSync(join(questionsDir, TEST_DATA_FILE)) ? readYaml(TEST_DATA_FILE) : [],
  );
  const ids = new Map(bank.map(({ file, entry }) => [entry.id, file]));

  it("holds 100 questions, each pointing at a bank entry or a library story", () => {
    expect(asked.length).toBe(100);
    const unknown = asked.filter((item) => ("id" in item ? !ids.has(item.id) : !storySlugs.has(item.story)));
    expect(unknown).toEqual([]);
  });

  it("rewords the ten required questions and spreads the rest over every theme", () => {
    const askedIds = new Set(asked.flatMap((item) => ("id" in item ? [item.id] : [])));
    const required = entries.filter((entry) => REQUIRED_QUESTIONS.includes(entry.question));
    expect(required.filter((entry) => !askedIds.has(entry.id)).map((entry) => entry.id)).toEqual([]);
    for (const theme of THEMES) {
      const inTheme = asked.filter((item) => "id" in item && ids.get(item.id) === `${theme}.yaml`);
      expect(inTheme.length, theme).toBeGreaterThanOrEqual(3);
    }
  });

  it("never repeats a line of the bank word for word", () => {
    const bankLines = new Set(entries.flatMap((entry) => [entry.question, ...entry.also].map(sameQuestion)));
    expect(asked.filter((item) => bankLines.has(sameQuestion(item.asked)))).toEqual([]);
    const typed = asked.map((item) => sameQuestion(item.asked));
    expect(typed.filter((line, index) => typed.indexOf(line) !== index)).toEqual([]);
  });
});
