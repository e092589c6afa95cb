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
  // matcher reaches today (34/40, 31/40 and 39/60), so that a change which loses questions fails here.
  it("answers questions it was not built on (the held-out tables)", () => {
    for (const [name, table, size, floor] of [
      ["held-out", HELD_OUT_QUESTIONS, 40, 33],
      ["later held-out", LATER_HELD_OUT_QUESTIONS, 40, 30],
      ["third held-out", HELD_OUT_QUESTIONS_3, 60, 38],
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

/**
 * Questions a child may well ask the helper that the bank does not answer: homework, maths, games, pets,
 * sports, science, cooking and jokes. Written for the off-topic check before the matcher was reworked, not
 * from its misses; several share a word with an entry ("horse", "fish", "lions", "world", "make").
 */
const OFF_TOPIC_QUESTIONS = [
  "can you teach me how to draw a horse",
  "how do i do my maths homework on fractions",
  "whats 7 times 8",
  "what is 12 divided by 4",
  "how do you spell necessary",
  "what is the capital of australia",
  "who won the world cup last time",
  "how do i get better at fortnite",
  "whats the best pokemon card",
  "how do i beat the last level in mario",
  "can dogs eat chocolate",
  "how do i train my puppy to sit",
  "why do cats purr",
  "what do hamsters like to eat",
  "how do fish breathe underwater",
  "what do lions eat in the wild",
  "why is the sky blue",
  "how far away is the moon",
  "how do volcanoes erupt",
  "why do leaves change color in fall",
  "what is the biggest animal in the world",
  "how many legs does a spider have",
  "how tall is mount everest",
  "how do i make pancakes",
  "whats a good recipe for chocolate chip cookies",
  "how long do you boil an egg",
  "tell me a joke",
  "knock knock whos there",
  "whats your favorite color",
  "how do i tie my shoes",
  "how do i kick a football further",
  "who is the best basketball player ever",
  "how many players are on a soccer team",
  "how do i get taller",
  "whats the fastest car in the world",
  "how do airplanes stay up in the sky",
  "what should i get my mom for her birthday",
  "how do i make slime",
  "what time is it in japan",
  "how do you say hello in spanish",
  "why do we have to go to school",
  "how do i make friends at a new school",
  "what is photosynthesis",
  "how many bones are in the human body",
  "can you help me write my essay about the ocean",
  "what is the tallest building in the world",
  "how do magnets work",
  "whats the longest river in the world",
];

describe("when the bank has no answer", () => {
  it("answers hardly any everyday off-topic question from the bank", () => {
    expect(OFF_TOPIC_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const answered = OFF_TOPIC_QUESTIONS.flatMap((question) => {
      const { source } = helper.answer(question, { reader: "child" });
      return source?.kind === "bank" ? [`"${question}" -> ${source.id}`] : [];
    });
    console.info(
      `off-topic questions answered from the bank: ${answered.length}/${OFF_TOPIC_QUESTIONS.length}`,
    );
    expect(answered.length, answered.join("\n")).toBeLessThanOrEqual(2);
  });

  it("does not take everyday words for misspelt Bible words", () => {
    // "divided" is a word the stories use, not a slip of "David"; "beleive" is one.
    expect(helper.explain("why was the sea divided").bank.terms).not.toContain("david");
    expect(helper.explain("why should i beleive").bank.terms).toContain("believ");
  });

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

describe("children's slang, asides and slips", () => {
  // Issue 22: a question with clear telling words must not be refused for a word the bank does not use.
  it.each([
    ["is god even real tho", "is-god-real"],
    ["is the bible legit or fake", "is-the-bible-true"],
    ["why did jesus need to die for us", "why-did-jesus-have-to-die"],
    ["my grandpa pased away last week where is he now", "where-is-grandma-now"],
    ["ngl i lowkey wonder if hell is an actual place", "is-hell-real"],
    ["why did god flod the erth", "why-did-god-flood-the-earth"],
    ["the disiple who wouldnt beleive jesus came back", "who-was-doubting-thomas"],
    ["why did judas sell out jesus", "why-did-judas-betray-jesus"],
  ])("answers %j from the bank", (question, id) => {
    expect(helper.answer(question, { reader: "child" }).source).toEqual({ kind: "bank", id });
  });

  it("leaves a question the bank holds only part of to the story the library is sure of", () => {
    const answer = helper.answer("the son who wasted all his dads money and came back home", {
      reader: "child",
    });
    expect(answer.source).toEqual({ kind: "story", slug: "the-prodigal-son" });
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
