import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { localDay } from "../../../core/achievements";
import { addDays, MEMORY_VERSE_MESSAGES, verseWords } from "../../../core/schemas/memory-verses";
import { XP_FOR_VERSE_REVIEW } from "../../../core/xp";
import { memoryVerses, profiles } from "../../db/schema";
import { call, createTestApp, parallel, signUpUser, type TestApp, type TestUser } from "../../test/harness";
import { wordsOfReference } from "../bible";
import { libraryStoryFor } from "../stories";
import { learnVerse, listMemoryVerses, reviewVerse } from "./service";

// Memory verses (issue 23, item 2): learnt by saying the words in order, then reviewed on a spaced schedule —
// due after 1, 3, 7, 14 and 30 days, back to the next day after a mistake — with XP once a day a verse.

let t: TestApp;
let words: string[];
let reference: string;
beforeAll(async () => {
  t = await createTestApp();
  reference = (await libraryStoryFor(SLUG))?.memoryVerse ?? "";
  words = verseWords(wordsOfReference(reference) ?? "");
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

// A level-1 story, open to a new reader.
const SLUG = "creation";

async function xpOf(user: TestUser) {
  const [row] = await t.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, user.id));
  return row?.xp ?? 0;
}

describe("learning a verse through the routes", () => {
  it("enters review once said right, due tomorrow; refuses wrong words, a second learning and unknown stories", async () => {
    const user = await signUpUser(t);
    const learn = (body: unknown, slug = SLUG) =>
      call(t, `/api/memory-verses/${slug}/learn`, { cookie: user.cookie, json: body });

    const wrong = await learn({ words: [...words].reverse() });
    expect(wrong.status).toBe(422);
    expect(wrong.data.error.message).toBe(MEMORY_VERSE_MESSAGES.notRight);
    expect((await learn({ words: [] })).status).toBe(400);
    expect((await learn({ words: "In the beginning" })).status).toBe(400);
    expect((await learn({ words }, "no-such-story")).status).toBe(404);
    expect((await learn({ words }, "esther-the-brave-queen")).status).toBe(403);
    expect(await t.db.select().from(memoryVerses).where(eq(memoryVerses.userId, user.id))).toEqual([]);

    const learning = await parallel(50, () => learn({ words }));
    expect(learning.filter((response) => response.status === 201)).toHaveLength(1);
    expect(learning.filter((response) => response.status === 409)).toHaveLength(49);
    const learnt = learning.find((response) => response.status === 201);
    const today = localDay(new Date(), "UTC");
    expect(learnt?.data.verse).toMatchObject({
      story: { slug: SLUG },
      reference,
      box: 1,
      dueOn: addDays(today, 1),
      due: false,
    });

    const list = await call(t, "/api/memory-verses", { cookie: user.cookie });
    expect(list.data).toMatchObject({ dueToday: 0, verses: [{ reference, box: 1 }] });
    // Not due until tomorrow: a review today is refused and changes nothing.
    const early = await call(t, `/api/memory-verses/${SLUG}/review`, {
      cookie: user.cookie,
      json: { words },
    });
    expect(early.status).toBe(409);
    expect(early.data.error.message).toBe(MEMORY_VERSE_MESSAGES.notDue);

    const other = await signUpUser(t);
    const notMine = await call(t, `/api/memory-verses/${SLUG}/review`, {
      cookie: other.cookie,
      json: { words },
    });
    expect(notMine.status).toBe(404);
    expect((await call(t, "/api/memory-verses", { cookie: other.cookie })).data).toEqual({
      verses: [],
      dueToday: 0,
    });
    expect((await call(t, "/api/memory-verses")).status).toBe(401);
  });
});

describe("the spaced review, day by day", () => {
  it("is due after 1, 3, 7, 14 and 30 days while right, and the next day after a mistake", async () => {
    const user = await signUpUser(t);
    const day0 = "2027-03-01";
    await learnVerse(t.db, user.id, SLUG, words, day0);
    expect((await listMemoryVerses(t.db, user.id, day0)).dueToday).toBe(0);

    let day = day0;
    const start = await xpOf(user);
    for (const [box, wait] of [
      [2, 3],
      [3, 7],
      [4, 14],
      [5, 30],
      [5, 30],
    ] as const) {
      const dueOn = (await listMemoryVerses(t.db, user.id, day)).verses[0]?.dueOn as string;
      // The day before it is due it is not on home's list; on the day it is.
      expect((await listMemoryVerses(t.db, user.id, addDays(dueOn, -1))).dueToday).toBe(0);
      expect((await listMemoryVerses(t.db, user.id, dueOn)).dueToday).toBe(1);
      day = dueOn;
      const review = await reviewVerse(t.db, user.id, SLUG, words, day);
      expect(review).toMatchObject({ right: true, xpAwarded: XP_FOR_VERSE_REVIEW });
      expect(review.verse).toMatchObject({ box, dueOn: addDays(day, wait), due: false });
    }
    expect(await xpOf(user)).toBe(start + 5 * XP_FOR_VERSE_REVIEW);

    // A mistake: back to the first box, due the next day, no XP.
    day = (await listMemoryVerses(t.db, user.id, day)).verses[0]?.dueOn as string;
    const wrong = await reviewVerse(t.db, user.id, SLUG, [...words].reverse(), day);
    expect(wrong).toMatchObject({ right: false, xpAwarded: 0, verse: { box: 1, dueOn: addDays(day, 1) } });
    expect(await xpOf(user)).toBe(start + 5 * XP_FOR_VERSE_REVIEW);
  });

  it("takes one review of many sent at once, and gives its XP once", async () => {
    const user = await signUpUser(t);
    await learnVerse(t.db, user.id, SLUG, words, "2027-05-01");
    const start = await xpOf(user);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => reviewVerse(t.db, user.id, SLUG, words, "2027-05-02")),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused.map((result) => (result.reason as { status: number }).status)).toEqual(
      Array(49).fill(409),
    );
    expect(await xpOf(user)).toBe(start + XP_FOR_VERSE_REVIEW);
  });
});

describe("the spaced review through the routes, with the clock moved on", () => {
  it("is due 1, 3, 7, 14 and 30 days on, +5 XP a right review, 404 for a verse not learnt", async () => {
    const user = await signUpUser(t);
    // Noon UTC, so that every day moved on is a whole day in the reader's calendar.
    const start = Date.parse(`${addDays(localDay(new Date(), "UTC"), 1)}T12:00:00Z`);
    const at = (days: number) => start + days * 24 * 60 * 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: at(0) });
    const review = (body: unknown, slug = SLUG) =>
      call(t, `/api/memory-verses/${slug}/review`, { cookie: user.cookie, json: body });
    const dueToday = async () =>
      (await call(t, "/api/memory-verses", { cookie: user.cookie })).data.dueToday as number;

    // Not learnt yet: nothing to review.
    const notLearnt = await review({ words });
    expect(notLearnt.status).toBe(404);
    expect(notLearnt.data.error.message).toBe(MEMORY_VERSE_MESSAGES.notLearnt);

    const learnt = await call(t, `/api/memory-verses/${SLUG}/learn`, {
      cookie: user.cookie,
      json: { words },
    });
    expect(learnt.status).toBe(201);
    expect(await dueToday()).toBe(0);
    const xp = await xpOf(user);

    let day = 0;
    for (const [box, wait] of [
      [2, 1],
      [3, 3],
      [4, 7],
      [5, 14],
      [5, 30],
    ] as const) {
      vi.setSystemTime(at(day + wait - 1));
      expect(await dueToday()).toBe(0);
      day += wait;
      vi.setSystemTime(at(day));
      expect(await dueToday()).toBe(1);
      const right = await review({ words });
      expect(right.status).toBe(200);
      expect(right.data).toMatchObject({ right: true, xpAwarded: XP_FOR_VERSE_REVIEW, verse: { box } });
      // Reviewed: not due again today.
      expect((await review({ words })).status).toBe(409);
    }
    expect(await xpOf(user)).toBe(xp + 5 * XP_FOR_VERSE_REVIEW);

    // A wrong review: back to the first box, due the next day, no XP.
    day += 30;
    vi.setSystemTime(at(day));
    const wrong = await review({ words: [...words].reverse() });
    expect(wrong.data).toMatchObject({
      right: false,
      xpAwarded: 0,
      verse: { box: 1, dueOn: expect.any(String) },
    });
    vi.setSystemTime(at(day + 1));
    expect(await dueToday()).toBe(1);
    expect(await xpOf(user)).toBe(xp + 5 * XP_FOR_VERSE_REVIEW);
  });
});
