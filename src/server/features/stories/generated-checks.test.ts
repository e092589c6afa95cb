import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECK_MESSAGES } from "../../../core/schemas/checks";
import { XP_FOR_CHECK } from "../../../core/xp";
import { aiFlags, checkAnswers, profiles, stories, storyContent } from "../../db/schema";
import type { FakeOpenAi } from "../../test/fakes/openai";
import { createAppWithFakeOpenAi } from "../../test/fakes/openai-app";
import { call, createTestApp, parallel, signUpUser, type TestApp, type TestUser } from "../../test/harness";
import { wordsOfReference } from "../bible";
import { type LibraryStory, loadLibrary } from "./library";

// 'Check your understanding' written by the AI for a generated layer (issue 23, item 1), against a fake OpenAI
// on 127.0.0.1: the AI's questions are shown without their answers and scored like the library's; on any failure
// the library's questions stand, asked once per text; a new text gets new questions.

let t: TestApp;
let fake: FakeOpenAi;
let close: () => Promise<void>;
let library: LibraryStory[];
beforeAll(async () => {
  ({ app: t, fake, close } = await createAppWithFakeOpenAi());
  library = await loadLibrary();
});
afterAll(() => close());
beforeEach(() => fake.reset());

const LEVEL_ONE = "creation";
const LAYER_TEXT =
  '# In the beginning\n\n> In the beginning, God created the heavens and the earth. (Genesis 1:1)\n\nGod said, "Let there be light," and there was light (Genesis 1:3).';

type ChoiceJson = { question: string; options: string[]; answer: number; verse: string };

const AI_QUESTIONS: ChoiceJson[] = [
  {
    question: "What did God create in the beginning?",
    options: ["The heavens and the earth", "Only the sea", "Only the animals"],
    answer: 0,
    verse: "Genesis 1:1",
  },
  {
    question: "What happened when God said, 'Let there be light'?",
    options: ["Nothing happened", "There was light", "It began to rain", "Night came"],
    answer: 1,
    verse: "Genesis 1:3",
  },
  {
    question: "In whose image did God make people?",
    options: ["The angels' image", "The animals' image", "His own image"],
    answer: 2,
    verse: "Genesis 1:27",
  },
];

const asJson = (questions: ChoiceJson[]) => JSON.stringify({ questions });

const checkPath = (slug: string, layer: number, index?: number) =>
  `/api/stories/${slug}/layers/${layer}/check${index === undefined ? "" : `/${index}`}`;

const answer = (user: TestUser, index: number, option: number, slug = LEVEL_ONE, layer = 1) =>
  call(t, checkPath(slug, layer, index), { cookie: user.cookie, json: { option } });

const chatCalls = () => fake.requests.filter((request) => request.path === "/v1/chat/completions").length;

async function storyIdOf(slug: string) {
  const [row] = await t.db.select({ id: stories.id }).from(stories).where(eq(stories.slug, slug));
  return row?.id ?? 0;
}

async function xpOf(user: TestUser) {
  const [row] = await t.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, user.id));
  return row?.xp ?? 0;
}

async function storedChecks(user: TestUser, slug = LEVEL_ONE, layer = 1) {
  const [row] = await t.db
    .select({ checks: storyContent.checks })
    .from(storyContent)
    .where(
      and(
        eq(storyContent.userId, user.id),
        eq(storyContent.storyId, await storyIdOf(slug)),
        eq(storyContent.layer, layer),
      ),
    );
  return row?.checks;
}

/** A reader with the layer's text saved, as if the AI had written it (without walking the route). */
async function readerWithLayer(slug = LEVEL_ONE, layer = 1) {
  const user = await signUpUser(t);
  await t.db.update(profiles).set({ level: 5 }).where(eq(profiles.id, user.id));
  await t.db
    .insert(storyContent)
    .values({ userId: user.id, storyId: await storyIdOf(slug), layer, content: LAYER_TEXT });
  return user;
}

function libraryLayer(slug: string, layer: number) {
  const questions = library.find((story) => story.slug === slug)?.layers[layer - 1]?.check;
  if (!questions) throw new Error(`${slug} has no layer ${layer}`);
  return questions;
}

/** The check as the reader sees the library's questions (nothing answered yet). */
function libraryItems(slug: string, layer: number) {
  return libraryLayer(slug, layer).map((question, index) =>
    question.kind === "open"
      ? { kind: "open", index, prompt: question.prompt, written: null }
      : { kind: "choice", index, question: question.question, options: question.options, answered: null },
  );
}

function aiItems(questions: ChoiceJson[]) {
  return questions.map((question, index) => ({
    kind: "choice",
    index,
    question: question.question,
    options: question.options,
    answered: null,
  }));
}

describe("questions the AI writes for a generated layer", () => {
  it("are shown without their answers and asked of the model once, with the story's verses", async () => {
    const user = await readerWithLayer();
    fake.behave("ok", { text: asJson(AI_QUESTIONS) });
    const check = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    expect(check.status).toBe(200);
    expect(check.data.items).toEqual(aiItems(AI_QUESTIONS));
    expect(check.text).not.toMatch(/"answer"|"verse"|Genesis/);

    // The model got the layer's text and the verses it may cite, with their words, and was asked for JSON.
    const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    const [system, prompt] = body.messages;
    expect(system?.content).toContain("Reply with JSON only");
    expect(prompt?.content).toContain("Let there be light");
    expect(prompt?.content).toContain(`Genesis 1:1: "${wordsOfReference("Genesis 1:1")}"`);
    expect(prompt?.content).toContain("Hebrews 11:3"); // a check verse of the story's layer 2

    // Settled: later looks read the stored set.
    const again = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    expect(again.data.items).toEqual(aiItems(AI_QUESTIONS));
    expect(chatCalls()).toBe(1);
    expect(await storedChecks(user)).toMatchObject({ source: "ai" });
  });

  it("are scored on the server: +5 for a right first answer, nothing for a retry, 422 for an option it lacks", async () => {
    const user = await readerWithLayer();
    fake.behave("ok", { text: asJson(AI_QUESTIONS) });
    expect((await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie })).status).toBe(200);
    const start = await xpOf(user);

    // The library's right answer to question 0 is option 1; the AI's is option 0.
    const right = await answer(user, 0, 0);
    expect(right.status).toBe(200);
    expect(right.data).toMatchObject({ correct: true, firstTry: true, xpAwarded: XP_FOR_CHECK });
    expect(right.data.verse).toEqual({ reference: "Genesis 1:1", text: wordsOfReference("Genesis 1:1") });
    expect((await answer(user, 0, 0)).data).toMatchObject({ correct: true, firstTry: false, xpAwarded: 0 });

    const wrong = await answer(user, 1, 0);
    expect(wrong.data).toMatchObject({ correct: false, firstTry: true, xpAwarded: 0 });
    expect(wrong.data.verse.reference).toBe("Genesis 1:3");
    expect((await answer(user, 1, 1)).data).toMatchObject({ correct: true, firstTry: false, xpAwarded: 0 });

    // Question 1 has four options, question 0 three.
    const unknown = await answer(user, 0, 3);
    expect(unknown.status).toBe(422);
    expect(unknown.data.error.message).toBe(CHECK_MESSAGES.chooseAnswer);
    expect(await xpOf(user)).toBe(start + XP_FOR_CHECK);
    expect(chatCalls()).toBe(1);
  });

  it("accept JSON in a ```json fence", async () => {
    const user = await readerWithLayer();
    fake.behave("ok", { text: `\`\`\`json\n${asJson(AI_QUESTIONS)}\n\`\`\`` });
    const check = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    expect(check.data.items).toEqual(aiItems(AI_QUESTIONS));
  });

  it("keep layer 3's open prompt from the library in its place, the AI writing the rest", async () => {
    const story = library.find((item) => item.layers[2].check.some((question) => question.kind === "open"));
    if (!story) throw new Error("no story has an open prompt");
    const user = await readerWithLayer(story.slug, 3);
    const verses = [story.memoryVerse, story.memoryVerse];
    const written = AI_QUESTIONS.slice(0, 2).map((question, index) => ({
      ...question,
      verse: verses[index] ?? "",
    }));
    fake.behave("ok", { text: asJson(written) });
    const check = await call(t, checkPath(story.slug, 3), { cookie: user.cookie });
    expect(check.status).toBe(200);
    let next = 0;
    expect(check.data.items).toEqual(
      libraryItems(story.slug, 3).map((item, index) => {
        if (item.kind === "open") return item;
        const question = written[next++] as ChoiceJson;
        return {
          kind: "choice",
          index,
          question: question.question,
          options: question.options,
          answered: null,
        };
      }),
    );
    const openIndex = check.data.items.findIndex((item: { kind: string }) => item.kind === "open");
    const note = await call(t, checkPath(story.slug, 3, openIndex), {
      cookie: user.cookie,
      json: { text: "Help at home." },
    });
    expect(note.data).toEqual({ written: "Help at home." });
  });
});

describe("when the AI's questions cannot be used", () => {
  const unknownVerse = AI_QUESTIONS.map((question, index) =>
    index === 2 ? { ...question, verse: "Obadiah 1:4" } : question,
  );
  const otherStoryVerse = AI_QUESTIONS.map((question, index) =>
    index === 2 ? { ...question, verse: "Daniel 6:22" } : question,
  );
  const twoOptions = AI_QUESTIONS.map((question, index) =>
    index === 0 ? { ...question, options: ["Light", "Dark"] } : question,
  );
  const answerOutside = AI_QUESTIONS.map((question, index) =>
    index === 0 ? { ...question, answer: 3 } : question,
  );
  const phoneNumber = AI_QUESTIONS.map((question, index) =>
    index === 1 ? { ...question, options: ["Call 555 123 4567", "There was light", "Rain"] } : question,
  );
  const cases: [string, () => void, string][] = [
    ["the upstream fails", () => fake.behave("500"), "upstream"],
    [
      "the answer is not JSON",
      () => fake.behave("ok", { text: "Here are three questions for you!" }),
      "not_json",
    ],
    ["a question has two options", () => fake.behave("ok", { text: asJson(twoOptions) }), "schema"],
    ["an answer is no option", () => fake.behave("ok", { text: asJson(answerOutside) }), "schema"],
    [
      "only two questions come",
      () => fake.behave("ok", { text: asJson(AI_QUESTIONS.slice(0, 2)) }),
      "schema",
    ],
    [
      "a verse is one we do not hold",
      () => fake.behave("ok", { text: asJson(unknownVerse) }),
      "unknown_verse",
    ],
    [
      "a verse is another story's",
      () => fake.behave("ok", { text: asJson(otherStoryVerse) }),
      "unknown_verse",
    ],
    ["moderation flags an option", () => fake.behave("ok", { text: asJson(phoneNumber) }), "moderation"],
  ];

  it.each(cases)(
    "the library's questions stand when %s, and the AI is not asked again",
    async (_, behave, reason) => {
      const user = await readerWithLayer();
      behave();
      const warn = vi.spyOn(t.logger, "warn");
      try {
        const check = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
        expect(check.status).toBe(200);
        expect(check.data.items).toEqual(libraryItems(LEVEL_ONE, 1));
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ reason, slug: LEVEL_ONE, layer: 1 }),
          expect.any(String),
        );
      } finally {
        warn.mockRestore();
      }
      expect(await storedChecks(user)).toEqual({ source: "library" });

      // Scored against the library's questions, and never asked of the AI again for this text.
      fake.behave("ok", { text: asJson(AI_QUESTIONS) });
      const again = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
      expect(again.data.items).toEqual(libraryItems(LEVEL_ONE, 1));
      const first = libraryLayer(LEVEL_ONE, 1)[0];
      if (first?.kind !== "choice") throw new Error("expected a choice");
      expect((await answer(user, 0, first.answer)).data).toMatchObject({
        correct: true,
        xpAwarded: XP_FOR_CHECK,
      });
      expect(chatCalls()).toBe(1);
    },
  );

  it("a flagged set is raised for the leaders as withheld story text", async () => {
    const user = await readerWithLayer();
    fake.behave("ok", { text: asJson(phoneNumber) });
    await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    const flags = await t.db.select().from(aiFlags).where(eq(aiFlags.userId, user.id));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: "withheld_story", storyId: await storyIdOf(LEVEL_ONE) });
    expect(flags[0]?.output).toContain("555 123 4567");
  });
});

describe("settling a layer's questions", () => {
  it("shows two looks at once the same questions: the first write wins", async () => {
    const user = await readerWithLayer();
    const other = AI_QUESTIONS.map((question) => ({
      ...question,
      question: `Think again: ${question.question}`,
    }));
    // Two answers, one per request, both requests waiting on the model at the same time.
    fake.behave("ok", { answers: [asJson(AI_QUESTIONS), asJson(other)], firstByteDelayMs: 100 });
    const [one, two] = await parallel(2, () => call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie }));
    expect(one?.status).toBe(200);
    expect(two?.data).toEqual(one?.data);
    expect([aiItems(AI_QUESTIONS), aiItems(other)]).toContainEqual(one?.data.items);
    const stored = (await storedChecks(user)) as { questions: { question: string }[] };
    expect(stored.questions.map((question) => question.question)).toEqual(
      one?.data.items.map((item: { question: string }) => item.question),
    );
    expect(chatCalls()).toBe(2);

    // Scored against the same stored set.
    const shown = stored.questions[0] as unknown as ChoiceJson;
    expect((await answer(user, 0, shown.answer)).data).toMatchObject({ correct: true, firstTry: true });
  });

  it("starts afresh when the layer is generated again, never giving a question's XP twice", async () => {
    const user = await signUpUser(t);
    fake.behave("ok", { text: LAYER_TEXT });
    const generate = () =>
      call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, { method: "POST", cookie: user.cookie });
    expect((await generate()).status).toBe(200);
    fake.behave("ok", { text: asJson(AI_QUESTIONS) });
    expect((await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie })).data.items).toEqual(
      aiItems(AI_QUESTIONS),
    );
    expect((await answer(user, 0, 1)).data).toMatchObject({ correct: false, xpAwarded: 0 }); // wrong: no XP
    expect((await answer(user, 1, 1)).data).toMatchObject({ correct: true, xpAwarded: XP_FOR_CHECK });

    // A new text: its questions are asked again and the old set is gone.
    fake.behave("ok", { text: `${LAYER_TEXT}\n\nA second telling.` });
    expect((await generate()).status).toBe(200);
    expect(await storedChecks(user)).toBeNull();
    const renewed = AI_QUESTIONS.map((question) => ({
      ...question,
      question: `Once more: ${question.question}`,
    }));
    fake.behave("ok", { text: asJson(renewed) });
    const check = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    // Question 0 earned nothing and may be answered afresh; question 1's XP was given and stays given, but its new
    // question is open again, its right answer not shown.
    expect(check.data.items).toEqual(
      aiItems(renewed).map((item, index) =>
        index === 1 ? { ...item, answered: { correct: false, firstTry: false } } : item,
      ),
    );
    const start = await xpOf(user);
    expect((await answer(user, 0, 0)).data).toMatchObject({ firstTry: true, xpAwarded: XP_FOR_CHECK });
    expect((await answer(user, 1, 1)).data).toMatchObject({ firstTry: false, xpAwarded: 0 });
    expect(await xpOf(user)).toBe(start + XP_FOR_CHECK);
    const rows = await t.db.select().from(checkAnswers).where(eq(checkAnswers.userId, user.id));
    expect(rows.filter((row) => row.firstTryCorrect)).toHaveLength(2);
  });
});

describe("with the offline library", () => {
  it("keeps the library's questions and stores nothing", async () => {
    const offline = await createTestApp();
    try {
      const user = await signUpUser(offline);
      await call(offline, `/api/stories/${LEVEL_ONE}/layers/1/generate`, {
        method: "POST",
        cookie: user.cookie,
      });
      const check = await call(offline, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
      expect(check.data.items).toEqual(libraryItems(LEVEL_ONE, 1));
      const [row] = await offline.db
        .select({ checks: storyContent.checks })
        .from(storyContent)
        .where(eq(storyContent.userId, user.id));
      expect(row?.checks).toBeNull();
    } finally {
      await offline.close();
    }
  });
});
