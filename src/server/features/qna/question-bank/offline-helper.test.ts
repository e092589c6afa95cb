import { readFileSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { beforeAll, describe, expect, it } from "vitest";
import { expandVerseReference, parseVerseReference } from "../../../../core/stories/verse-lookup";
import { defaultVersesFile } from "../../bible/verses";
import { type LibraryStory, loadLibrary } from "../../stories/library";
import { QNA_FALLBACK_ANSWER } from "../library-answers";
import { needsTrustedAdult } from "../trusted-adult";
import { RISKY_QUESTIONS } from "../trusted-adult-cases";
import { type BankEntry, defaultQuestionsDir, readQuestionBank } from "./bank";
import { verseWords } from "./compose";
import { HELD_OUT_QUESTIONS, HELD_OUT_QUESTIONS_3, LATER_HELD_OUT_QUESTIONS } from "./held-out-questions";
import { createBankMatcher } from "./matcher";
import { createOfflineHelper, type OfflineAnswer, type OfflineHelper } from "./offline-helper";

// Issue 22: the offline helper answers from the reviewed question bank first, then the story library,
// then kindly says it cannot. Measured on the hundred questions children typed (content/questions/
// asked.test-data.yaml) and on questions the matcher was not built on (held-out-questions.ts).

type Asked = { asked: string; id?: string; story?: string };

/** The test data is a YAML list; gray-matter reads YAML (see bank.ts). */
function readAsked(): Asked[] {
  const source = readFileSync(join(defaultQuestionsDir, "asked.test-data.yaml"), "utf8");
  const indented = source
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
  return matter(`---\nitems:\n${indented}\n---\n`, {}).data.items as Asked[];
}

const sourceOf = (answer: OfflineAnswer) =>
  answer.source === null ? "fallback" : answer.source.kind === "bank" ? answer.source.id : answer.source.slug;

/** The questions the helper got wrong, as lines for a failure message. */
function missesOf(helper: OfflineHelper, table: Asked[]): string[] {
  return table.flatMap((item) => {
    const expected = item.id ?? item.story;
    const got = sourceOf(helper.answer(item.asked, { reader: "child" }));
    return got === expected ? [] : [`"${item.asked}": expected ${expected}, got ${got}`];
  });
}

let stories: LibraryStory[];
let bank: BankEntry[];
let helper: OfflineHelper;
let bankIndexMs: number;

beforeAll(async () => {
  stories = await loadLibrary();
  bank = readQuestionBank();
  const started = performance.now();
  createBankMatcher(
    bank,
    stories.map((story) => story.layers.map((layer) => layer.text).join("\n")),
  );
  bankIndexMs = performance.now() - started;
  helper = createOfflineHelper({ bank, stories });
});

const entry = (id: string) => {
  const found = bank.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no bank entry ${id}`);
  return found;
};

describe("the offline helper's matching (issue 22, item 4)", () => {
  it("answers at least 90 of the 100 questions children typed with the right entry or story", () => {
    const asked = readAsked();
    expect(asked).toHaveLength(100);
    const misses = missesOf(helper, asked);
    expect(100 - misses.length, `misses:\n${misses.join("\n")}`).toBeGreaterThanOrEqual(90);
  });

  // The issue aims at 34 of 40 children's questions a person reworded; these floors sit one below what the
  // matcher reaches today (34/40, 30/40 and 35/60), so that a change which loses questions fails here.
  it("answers questions it was not built on (the held-out tables)", () => {
    for (const [name, table, size, floor] of [
      ["held-out", HELD_OUT_QUESTIONS, 40, 33],
      ["later held-out", LATER_HELD_OUT_QUESTIONS, 40, 29],
      ["third held-out", HELD_OUT_QUESTIONS_3, 60, 34],
    ] as const) {
      expect(table).toHaveLength(size);
      const misses = missesOf(helper, table);
      console.info(`${name} questions answered right: ${size - misses.length}/${size}`);
      expect(size - misses.length, `${name} misses:\n${misses.join("\n")}`).toBeGreaterThanOrEqual(floor);
    }
  });

  it("keeps the held-out questions apart from the bank's lines and the test data", () => {
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim();
    const known = new Set([
      ...bank.flatMap((item) => [item.question, ...item.also]).map(words),
      ...readAsked().map((item) => words(item.asked)),
    ]);
    const heldOut = [...HELD_OUT_QUESTIONS, ...LATER_HELD_OUT_QUESTIONS, ...HELD_OUT_QUESTIONS_3];
    expect(heldOut.filter((item) => known.has(words(item.asked)))).toEqual([]);
    const asked = heldOut.map((item) => words(item.asked));
    expect(asked.filter((line, index) => asked.indexOf(line) !== index)).toEqual([]);
    const ids = new Set(bank.map((item) => item.id));
    const slugs = new Set(stories.map((story) => story.slug));
    expect(heldOut.filter((item) => ("id" in item ? !ids.has(item.id) : !slugs.has(item.story)))).toEqual([]);
  });

  it("leaves every trusted-adult question to the caring answer: none reaches the bank", () => {
    expect(RISKY_QUESTIONS.length).toBeGreaterThanOrEqual(48);
    // The route asks needsTrustedAdult before the helper, so a question it catches is never answered by the bank.
    expect(RISKY_QUESTIONS.filter((question) => !needsTrustedAdult(question))).toEqual([]);
  });
});

describe("a bank answer", () => {
  it("gives a child the short answer and a teen the long one", () => {
    const grace = entry("what-does-grace-mean");
    const child = helper.answer("What does grace mean?", { reader: "child" });
    const teen = helper.answer("What does grace mean?", { reader: "teen" });
    expect(child.source).toEqual({ kind: "bank", id: grace.id });
    expect(child.text.startsWith(grace.short)).toBe(true);
    expect(child.text).not.toContain(grace.long);
    expect(teen.text.startsWith(grace.long)).toBe(true);
    expect(teen.text).not.toContain(grace.short);
  });

  it("quotes its verse word for word from the verses file, with its reference", () => {
    const verses: Record<string, string> = JSON.parse(readFileSync(defaultVersesFile, "utf8"));
    let quoted = 0;
    for (const item of bank) {
      for (const reader of ["child", "teen"] as const) {
        const answer = helper.answer(item.question, { reader });
        if (sourceOf(answer) !== item.id) continue;
        for (const line of answer.text.split("\n").filter((candidate) => candidate.startsWith(">"))) {
          const [, words, reference] = /^> "(.+)" \(([^)]+)\)$/.exec(line) ?? [];
          const parsed = parseVerseReference(reference ?? "");
          const keys = parsed ? expandVerseReference(parsed) : null;
          expect(keys, `${item.id}: ${line}`).not.toBeNull();
          // Only a quotation mark left open or closed by the verse's neighbour is left out (see verseWords).
          const expected = (keys ?? []).map((key) => verseWords(verses[key] ?? "missing")).join(" ");
          expect(words, item.id).toBe(expected);
          expect(
            item.verses.some((listed) => listed === reference || listed.startsWith(`${reference}-`)),
            `${item.id}: ${reference} is not among its verses`,
          ).toBe(true);
          quoted += 1;
        }
      }
    }
    expect(quoted).toBeGreaterThan(bank.length);
  });

  it("sends the reader to the story exactly when the entry names one", () => {
    for (const item of bank) {
      const answer = helper.answer(item.question, { reader: "teen" });
      if (sourceOf(answer) !== item.id) continue;
      const last = answer.text.split("\n").at(-1);
      if (item.story) {
        expect(last, item.id).toBe(`Read the whole story: /stories/${item.story}`);
        expect(answer.story?.slug, item.id).toBe(item.story);
      } else {
        expect(answer.text, item.id).not.toContain("/stories/");
        expect(answer.story, item.id).toBeNull();
      }
      expect(answer.text, item.id).toContain(item.think);
      if (item.differ) expect(answer.text, item.id).toContain(item.differ);
      expect(answer.verses, item.id).toEqual(item.verses);
    }
  });

  it("answers the bank's own questions with their own entries", () => {
    const wrong = bank
      .map((item) => ({ id: item.id, got: sourceOf(helper.answer(item.question, { reader: "child" })) }))
      .filter(({ id, got }) => id !== got);
    // A question asked two ways in the bank may go to its twin; nearly all must find their own entry.
    expect(wrong.length, JSON.stringify(wrong)).toBeLessThanOrEqual(bank.length * 0.05);
  });

  it("gives the flood's reason before the rainbow's promise", () => {
    const { text, source } = helper.answer("Why did God flood the whole earth?", { reader: "child" });
    expect(source).toEqual({ kind: "bank", id: "why-did-god-flood-the-earth" });
    const reason = text.indexOf("Genesis 6:5");
    expect(reason).toBeGreaterThanOrEqual(0);
    expect(reason).toBeLessThan(text.indexOf("Genesis 9:11"));
    expect(text).toMatch(/^> ".*wickedness of man was great.*" \(Genesis 6:5\)$/m);
  });

  it("answers 'Does God love me when I'm bad?' with the running father and Romans 5:8", () => {
    const answer = helper.answer("Does God love me when I'm bad?", { reader: "child" });
    expect(answer.source).toEqual({ kind: "bank", id: "does-god-love-me-when-im-bad" });
    expect(answer.text).toContain("(Luke 15:20)");
    expect(answer.text).toContain("(Romans 5:8)");
    expect(answer.verses).toEqual(["Luke 15:20", "Romans 5:8"]);
    expect(answer.text.split("\n").at(-1)).toBe("Read the whole story: /stories/the-prodigal-son");
  });
});

describe("when the bank has no answer", () => {
  it("gives off-topic questions the kind fallback, with no source", () => {
    for (const question of [
      "whats the best minecraft mod",
      "how do i do long division",
      "What is the capital of France?",
      "",
    ]) {
      const answer = helper.answer(question, { reader: "child" });
      expect(answer.source, question).toBeNull();
      expect(answer.story, question).toBeNull();
      expect(answer.verses, question).toEqual([]);
      expect(answer.text.startsWith(QNA_FALLBACK_ANSWER), question).toBe(true);
    }
  });

  it("still answers questions about a library story from the story", () => {
    for (const [question, slug] of [
      ["the prodigal son", "the-prodigal-son"],
      ["Why did the priest walk past the hurt man?", "the-good-samaritan"],
      ["How many stones did David pick up?", "david-and-goliath"],
    ] as const) {
      const answer = helper.answer(question, { reader: "child" });
      expect(answer.source, question).toEqual({ kind: "story", slug });
      expect(answer.story?.slug, question).toBe(slug);
      expect(answer.text.split("\n").at(-1), question).toBe(`Read the whole story: /stories/${slug}`);
    }
  });
});

describe("speed", () => {
  it("builds the bank's index in under a second and answers a question in well under 20 ms", () => {
    expect(bankIndexMs).toBeLessThan(1000);
    const asked = readAsked();
    const started = performance.now();
    for (const item of asked) helper.answer(item.asked, { reader: "teen" });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
