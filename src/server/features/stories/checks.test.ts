import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_MESSAGES } from "../../../core/schemas/checks";
import { XP_FOR_CHECK, XP_FOR_GENERATION } from "../../../core/xp";
import { checkAnswers, profiles, stories, storyContent } from "../../db/schema";
import { call, createTestApp, parallel, signUpUser, type TestApp, type TestUser } from "../../test/harness";
import { wordsOfReference } from "../bible";
import { type CheckQuestion, type LibraryStory, loadLibrary } from "./library";

// 'Check your understanding' (issue 23, item 1): the server keeps the answers and scores, +5 XP for a right first
// answer once per question, nothing for retries, repeats or parallel copies.

let t: TestApp;
let library: LibraryStory[];
beforeAll(async () => {
  t = await createTestApp();
  library = await loadLibrary();
});
afterAll(() => t.close());

const LEVEL_ONE = "creation";

const checkPath = (slug: string, layer: number, index?: number) =>
  `/api/stories/${slug}/layers/${layer}/check${index === undefined ? "" : `/${index}`}`;

const answer = (user: TestUser, slug: string, layer: number, index: number, body: unknown) =>
  call(t, checkPath(slug, layer, index), { cookie: user.cookie, json: body });

async function xpOf(user: TestUser) {
  const [row] = await t.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, user.id));
  return row?.xp ?? 0;
}

function choiceOf(slug: string, layer: number, index: number) {
  const question = library.find((story) => story.slug === slug)?.layers[layer - 1]?.check[index];
  if (question?.kind !== "choice") throw new Error(`${slug} ${layer} ${index} is not a choice`);
  return question;
}

/** A reader who has generated layer 1 of the level-1 story through the real route. */
async function readerOfLayerOne() {
  const user = await signUpUser(t);
  const generated = await call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, {
    method: "POST",
    cookie: user.cookie,
  });
  expect(generated.status).toBe(200);
  return user;
}

describe("checking a layer", () => {
  it("shows the three questions without their answers, once the layer is read", async () => {
    const user = await signUpUser(t);
    const before = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    expect(before.status).toBe(409);
    expect(before.data.error.message).toBe(CHECK_MESSAGES.notReached);

    await call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, { method: "POST", cookie: user.cookie });
    const check = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    expect(check.status).toBe(200);
    expect(check.data.items).toHaveLength(3);
    const first = choiceOf(LEVEL_ONE, 1, 0);
    expect(check.data.items[0]).toEqual({
      kind: "choice",
      index: 0,
      question: first.question,
      options: first.options,
      answered: null,
    });
    // The right answers and their verses stay on the server.
    expect(check.text).not.toMatch(/"answer"|"verse"/);

    expect((await call(t, checkPath(LEVEL_ONE, 1))).status).toBe(401);
    expect((await call(t, checkPath("no-such-story", 1), { cookie: user.cookie })).status).toBe(404);
    expect((await call(t, checkPath(LEVEL_ONE, 4), { cookie: user.cookie })).status).toBe(400);
  });

  it("refuses a story still locked for the reader", async () => {
    const user = await signUpUser(t);
    const locked = library.find((story) => story.difficulty > 1) as LibraryStory;
    expect((await call(t, checkPath(locked.slug, 1), { cookie: user.cookie })).status).toBe(403);
    expect((await answer(user, locked.slug, 1, 0, { option: 0 })).status).toBe(403);
  });

  it("gives +5 for a right first answer, nothing for a wrong one, a retry or a repeat", async () => {
    const user = await readerOfLayerOne();
    const start = await xpOf(user);
    expect(start).toBe(XP_FOR_GENERATION);
    const [q0, q1] = [choiceOf(LEVEL_ONE, 1, 0), choiceOf(LEVEL_ONE, 1, 1)];
    const wrongOf = (question: Extract<CheckQuestion, { kind: "choice" }>) =>
      (question.answer + 1) % question.options.length;

    // Wrong first: the verse to look at, no XP; then right: 'Correct!' but still no XP.
    const wrong = await answer(user, LEVEL_ONE, 1, 0, { option: wrongOf(q0) });
    expect(wrong.status).toBe(200);
    expect(wrong.data).toMatchObject({ correct: false, firstTry: true, xpAwarded: 0, xp: start });
    expect(wrong.data.verse).toEqual({ reference: q0.verse, text: wordsOfReference(q0.verse) });
    expect(wrong.data.verse.text).toBeTruthy();
    const retry = await answer(user, LEVEL_ONE, 1, 0, { option: q0.answer });
    expect(retry.data).toMatchObject({ correct: true, firstTry: false, xpAwarded: 0, xp: start });

    // Right first: +5, once.
    const right = await answer(user, LEVEL_ONE, 1, 1, { option: q1.answer });
    expect(right.data).toMatchObject({
      correct: true,
      firstTry: true,
      xpAwarded: XP_FOR_CHECK,
      xp: start + XP_FOR_CHECK,
    });
    const repeat = await answer(user, LEVEL_ONE, 1, 1, { option: q1.answer });
    expect(repeat.data).toMatchObject({ correct: true, firstTry: false, xpAwarded: 0 });
    expect(await xpOf(user)).toBe(start + XP_FOR_CHECK);
    const profile = await call(t, "/api/profile", { cookie: user.cookie });
    expect(profile.data.xp).toBe(start + XP_FOR_CHECK);

    const check = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    // After a reload: the right option and its verse, now that the reader found them; nothing more before.
    const verseOf = (reference: string) => ({ reference, text: wordsOfReference(reference) });
    expect(check.data.items.map((item: { answered: unknown }) => item.answered)).toEqual([
      { correct: true, firstTry: false, rightOption: q0.answer, verse: verseOf(q0.verse) },
      { correct: true, firstTry: true, rightOption: q1.answer, verse: verseOf(q1.verse) },
      null,
    ]);
    const q2 = choiceOf(LEVEL_ONE, 1, 2);
    await answer(user, LEVEL_ONE, 1, 2, { option: (q2.answer + 1) % q2.options.length });
    const afterWrong = await call(t, checkPath(LEVEL_ONE, 1), { cookie: user.cookie });
    expect(afterWrong.data.items[2].answered).toEqual({ correct: false, firstTry: false });
  });

  it("gives the XP once when the same first answer is sent many times at once", async () => {
    const user = await readerOfLayerOne();
    const start = await xpOf(user);
    const q2 = choiceOf(LEVEL_ONE, 1, 2);
    const responses = await parallel(50, () => answer(user, LEVEL_ONE, 1, 2, { option: q2.answer }));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => response.data.xpAwarded === XP_FOR_CHECK)).toHaveLength(1);
    expect(responses.filter((response) => response.data.firstTry)).toHaveLength(1);
    expect(await xpOf(user)).toBe(start + XP_FOR_CHECK);
    const [row] = await t.db
      .select()
      .from(checkAnswers)
      .where(and(eq(checkAnswers.userId, user.id), eq(checkAnswers.question, 2)));
    expect(row).toMatchObject({ firstTryCorrect: true, correct: true, attempts: 50 });
  });

  it("refuses an option the question does not have, an unknown question and a bad body, storing nothing", async () => {
    const user = await readerOfLayerOne();
    const start = await xpOf(user);
    const q0 = choiceOf(LEVEL_ONE, 1, 0);
    const unknown = await answer(user, LEVEL_ONE, 1, 0, { option: q0.options.length });
    expect(unknown.status).toBe(422);
    expect(unknown.data.error.message).toBe(CHECK_MESSAGES.chooseAnswer);
    for (const option of [-1, 4, 99, 1_000_000]) {
      const refused = await answer(user, LEVEL_ONE, 1, 0, { option });
      expect(refused.status).toBe(422);
      expect(refused.data.error.message).toBe(CHECK_MESSAGES.chooseAnswer);
    }
    expect((await answer(user, LEVEL_ONE, 1, 7, { option: 0 })).status).toBe(404);
    expect((await answer(user, LEVEL_ONE, 1, 0, { option: 1.5 })).status).toBe(400);
    expect((await answer(user, LEVEL_ONE, 1, 0, { option: "a" })).status).toBe(400);
    expect((await answer(user, LEVEL_ONE, 1, 0, { xp: 500 })).status).toBe(400);
    expect((await answer(user, LEVEL_ONE, 1, 0, { text: "my own words" })).status).toBe(422);
    // Layer 2 is not read yet.
    expect((await answer(user, LEVEL_ONE, 2, 0, { option: 0 })).status).toBe(409);
    expect(await t.db.select().from(checkAnswers).where(eq(checkAnswers.userId, user.id))).toEqual([]);
    expect(await xpOf(user)).toBe(start);
  });
});

describe("the open prompt of layer 3", () => {
  it("keeps the reader's own words privately, moderated, and never scores them", async () => {
    const story = library.find((item) => item.layers[2].check.some((question) => question.kind === "open"));
    if (!story) throw new Error("no story has an open prompt");
    const index = story.layers[2].check.findIndex((question) => question.kind === "open");
    const user = await signUpUser(t);
    const [row] = await t.db.select({ id: stories.id }).from(stories).where(eq(stories.slug, story.slug));
    // Read up to layer 3, and at the story's level, without walking the path here.
    await t.db.update(profiles).set({ level: 5 }).where(eq(profiles.id, user.id));
    await t.db
      .insert(storyContent)
      .values({ userId: user.id, storyId: row?.id ?? 0, layer: 3, content: "Layer 3" });
    const start = await xpOf(user);

    const refused = await answer(user, story.slug, 3, index, { text: "call me on 555 123 4567" });
    expect(refused.status).toBe(422);
    expect((await answer(user, story.slug, 3, index, { option: 0 })).status).toBe(422);
    const saved = await answer(user, story.slug, 3, index, { text: "  Pray before school every day.  " });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ written: "Pray before school every day." });
    const check = await call(t, checkPath(story.slug, 3), { cookie: user.cookie });
    expect(check.data.items[index]).toMatchObject({ kind: "open", written: "Pray before school every day." });
    expect(await xpOf(user)).toBe(start);

    // Nobody else sees it: another reader's check of the same layer is their own.
    const other = await signUpUser(t);
    await t.db.update(profiles).set({ level: 5 }).where(eq(profiles.id, other.id));
    await t.db
      .insert(storyContent)
      .values({ userId: other.id, storyId: row?.id ?? 0, layer: 3, content: "Layer 3" });
    const theirs = await call(t, checkPath(story.slug, 3), { cookie: other.cookie });
    expect(theirs.data.items[index]).toMatchObject({ written: null });
  });
});
