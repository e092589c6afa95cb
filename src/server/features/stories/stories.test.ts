import { getEventListeners } from "node:events";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDay } from "../../../core/achievements";
import { STORY_MESSAGES } from "../../../core/stories/generation-events";
import { COMPLETION_MESSAGE } from "../../../core/stories/progress";
import { XP_FOR_COMPLETION } from "../../../core/xp";
import { createOpenAiImageGenerator } from "../../adapters/ai/image-openai";
import { createOpenAiTextGenerator } from "../../adapters/ai/text-openai";
import { AiError, type ImageGenerator } from "../../adapters/ai/types";
import {
  notifications,
  profiles,
  readingDays,
  stories,
  storyContent,
  storyPaths,
  userAchievements,
} from "../../db/schema";
import { FAKE_OPENAI_KEY, FAKE_OPENAI_TEXT, type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { call, createTestApp, signUpUser, TEST_APP_URL, type TestApp } from "../../test/harness";
import { parseSseEvents, streamToEnd } from "../../test/sse";

async function generate(t: TestApp, cookie: string, slug: string, layer: number) {
  const response = await call(t, `/api/stories/${slug}/layers/${layer}/generate`, { method: "POST", cookie });
  return { ...response, events: response.status === 200 ? parseSseEvents(response.text) : [] };
}

const progress = (t: TestApp, cookie: string, slug: string, json: unknown) =>
  call(t, `/api/stories/${slug}/progress`, { cookie, json });

async function xpOf(t: TestApp, userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
  return row?.xp;
}

async function contentRows(t: TestApp, userId: string) {
  return t.db.select().from(storyContent).where(eq(storyContent.userId, userId));
}

const LEVEL_ONE = "creation";
const LEVEL_TWO = "david-and-goliath";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/stories", () => {
  it("lists the catalogue by difficulty with the reader's own progress", async () => {
    const user = await signUpUser(t);
    await generate(t, user.cookie, LEVEL_ONE, 1);
    const response = await call(t, "/api/stories", { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.data.length).toBeGreaterThanOrEqual(16);
    const difficulties = response.data.map((story: { difficulty: number }) => story.difficulty);
    expect(difficulties).toEqual([...difficulties].sort((a, b) => a - b));
    const creation = response.data.find((story: { slug: string }) => story.slug === LEVEL_ONE);
    expect(creation.progress).toMatchObject({ currentLayer: 1, highestLayerReached: 1, completed: false });
    // Someone else's progress is not mine.
    const other = await signUpUser(t);
    const theirs = await call(t, "/api/stories", { cookie: other.cookie });
    expect(theirs.data.every((story: { progress: unknown }) => story.progress === null)).toBe(true);
  });

  it("refuses a visitor", async () => {
    expect((await call(t, "/api/stories")).status).toBe(401);
    expect((await call(t, `/api/stories/${LEVEL_ONE}`)).status).toBe(401);
    expect((await call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, { method: "POST" })).status).toBe(
      401,
    );
    expect((await call(t, `/api/stories/${LEVEL_ONE}/progress`, { json: { action: "next" } })).status).toBe(
      401,
    );
    expect(
      (await call(t, `/api/stories/${LEVEL_ONE}/layers/1/image`, { json: { style: "classic" } })).status,
    ).toBe(401);
  });
});

describe("GET /api/stories/:slug", () => {
  it("gives the three layers with their prompts and no content yet", async () => {
    const user = await signUpUser(t);
    const response = await call(t, `/api/stories/${LEVEL_ONE}`, { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ locked: false, progress: null, story: { slug: LEVEL_ONE } });
    // The memory verse to practise, as the library names it.
    expect(response.data.memoryVerse).toBe("Genesis 1:1");
    expect(response.data.layers.map((layer: { name: string }) => layer.name)).toEqual([
      "Basic Understanding",
      "Deeper Reflection",
      "Life Application",
    ]);
    for (const layer of response.data.layers) {
      expect(layer.prompt.length).toBeGreaterThan(10);
      expect(layer).toMatchObject({ content: null, imageUrl: null });
    }
  });

  it("answers 'Story not found' for a missing or malformed slug", async () => {
    const user = await signUpUser(t);
    for (const slug of ["no-such-story", "BAD%20SLUG", "x".repeat(200)]) {
      const response = await call(t, `/api/stories/${slug}`, { cookie: user.cookie });
      expect(response.status).toBe(404);
      expect(response.data.error.message).toBe(STORY_MESSAGES.storyNotFound);
    }
  });
});

describe("generating a layer with the library provider", () => {
  it("lets go of the request once the stream is over", async () => {
    const user = await signUpUser(t);
    const path = `/api/stories/${LEVEL_ONE}/layers/1/generate`;
    const { request, events } = await streamToEnd(t, path, { cookie: user.cookie });
    expect(events.map((event) => event.type)).toContain("done");
    // On the node server, a listener left on the request's signal keeps the whole request in memory for ever.
    expect(getEventListeners(request.signal, "abort")).toEqual([]);
  });

  it("streams the library text, saves it with its illustration and awards 10 XP", async () => {
    const user = await signUpUser(t);
    const { status, headers, events } = await generate(t, user.cookie, LEVEL_ONE, 1);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/text\/event-stream/);
    const deltas = events.filter((event) => event.type === "delta");
    expect(deltas.length).toBeGreaterThan(50);
    const text = deltas.map((event) => event.text).join("");
    const [story] = await t.db.select().from(stories).where(eq(stories.slug, LEVEL_ONE));
    const [path] = await t.db
      .select()
      .from(storyPaths)
      .where(and(eq(storyPaths.storyId, story?.id ?? 0), eq(storyPaths.layer, 1)));
    expect(text).toBe(path?.libraryText);
    const done = events.find((event) => event.type === "done");
    expect(done).toEqual({ type: "done", content: text, xp: 10, level: 1, xpAwarded: 10 });
    const image = events.find((event) => event.type === "image");
    expect(image?.imageUrl).toMatch(
      new RegExp(`^/uploads/story-images/${user.id}/story-${story?.id}-layer-1\\.png\\?v=\\d+$`),
    );
    expect(events.at(-1)?.type).toBe("image");

    const [row] = await contentRows(t, user.id);
    expect(row).toMatchObject({ layer: 1, step: 1, content: text, imageUrl: image?.imageUrl });
    const picture = await t.app.request(`${TEST_APP_URL}${image?.imageUrl}`, {
      headers: { cookie: user.cookie },
    });
    for (const odd of ["/uploads/%", "/uploads/..%2F..%2Fpackage.json", "/uploads/story-images/%E0%A4%A"])
      expect((await t.app.request(`${TEST_APP_URL}${odd}`)).status).toBe(404);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(1024);

    const page = await call(t, `/api/stories/${LEVEL_ONE}`, { cookie: user.cookie });
    expect(page.data.layers[0]).toMatchObject({ content: text, imageUrl: image?.imageUrl });
    expect(await xpOf(t, user.id)).toBe(10);
  });

  it("awards 10 XP for every finished generation, also when they run at once", async () => {
    const user = await signUpUser(t);
    await generate(t, user.cookie, LEVEL_ONE, 1);
    const results = await Promise.all([1, 2, 3].map(() => generate(t, user.cookie, LEVEL_ONE, 1)));
    for (const result of results) expect(result.events.some((event) => event.type === "done")).toBe(true);
    expect(await xpOf(t, user.id)).toBe(40);
    expect(await contentRows(t, user.id)).toHaveLength(1);
  });

  it("refuses a layer not reached yet with 409, and changes nothing", async () => {
    const user = await signUpUser(t);
    const response = await generate(t, user.cookie, LEVEL_ONE, 2);
    expect(response.status).toBe(409);
    expect(await xpOf(t, user.id)).toBe(0);
    const page = await call(t, `/api/stories/${LEVEL_ONE}`, { cookie: user.cookie });
    expect(page.data.progress).toBeNull();
    for (const layer of ["0", "4", "one", "1.5"]) {
      expect((await generate(t, user.cookie, LEVEL_ONE, layer as unknown as number)).status).toBe(400);
    }
  });

  it("locks a story above the reader's level on the server: 403 for reading, progress and pictures", async () => {
    const user = await signUpUser(t);
    const page = await call(t, `/api/stories/${LEVEL_TWO}`, { cookie: user.cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ locked: true, memoryVerse: null });
    const refused = await generate(t, user.cookie, LEVEL_TWO, 1);
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe("Reach Level 2 to open this story.");
    expect((await progress(t, user.cookie, LEVEL_TWO, { action: "next" })).status).toBe(403);
    expect(
      (
        await call(t, `/api/stories/${LEVEL_TWO}/layers/1/image`, {
          cookie: user.cookie,
          json: { style: "classic" },
        })
      ).status,
    ).toBe(403);
    expect(await contentRows(t, user.id)).toHaveLength(0);
  });
});

describe("progress and XP", () => {
  it("reads through all three layers: XP 10, 20, 30, then 80 on completion, once", async () => {
    const user = await signUpUser(t);
    expect((await progress(t, user.cookie, LEVEL_ONE, { action: "next" })).status).toBe(409);

    expect((await generate(t, user.cookie, LEVEL_ONE, 1)).events.find((e) => e.type === "done")?.xp).toBe(10);
    // Not read yet: layer 2 cannot be jumped to.
    expect((await progress(t, user.cookie, LEVEL_ONE, { action: "jump", layer: 2 })).status).toBe(409);
    const second = await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    expect(second.data.progress).toMatchObject({ currentLayer: 2, highestLayerReached: 2, completed: false });
    // Moving on needs the layer read first.
    expect((await progress(t, user.cookie, LEVEL_ONE, { action: "next" })).status).toBe(409);

    expect((await generate(t, user.cookie, LEVEL_ONE, 2)).events.find((e) => e.type === "done")?.xp).toBe(20);
    await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    expect((await generate(t, user.cookie, LEVEL_ONE, 3)).events.find((e) => e.type === "done")?.xp).toBe(30);

    const complete = await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    expect(complete.status).toBe(200);
    expect(complete.data).toMatchObject({ xp: 80, level: 1, xpAwarded: 50, message: COMPLETION_MESSAGE });
    expect(complete.data.progress).toMatchObject({ completed: true, completedAt: expect.any(String) });

    // 'Mark Story Complete' again, and concurrently: no more XP.
    const again = await Promise.all(
      [1, 2, 3, 4].map(() => progress(t, user.cookie, LEVEL_ONE, { action: "next" })),
    );
    for (const response of again) expect(response.data.xpAwarded).toBe(0);
    expect(await xpOf(t, user.id)).toBe(80);

    // Jumping back keeps the highest layer; the story stays complete and reading it again earns no completion XP.
    const back = await progress(t, user.cookie, LEVEL_ONE, { action: "jump", layer: 1 });
    expect(back.data.progress).toMatchObject({ currentLayer: 1, highestLayerReached: 3, completed: true });
    const reopened = await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    expect(reopened.data.progress.completed).toBe(false);
    // Reading it again does not take the story off the reader's completed count.
    expect((await call(t, "/api/profile", { cookie: user.cookie })).data.completedStories).toBe(1);
    await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    const reread = await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    expect(reread.data).toMatchObject({ xpAwarded: 0, xp: 80, progress: { completed: true } });
    expect(reread.data.progress.completedAt).toBe(complete.data.progress.completedAt);
  });

  it("earns First Story on the first completion, listed with its date and announced once", async () => {
    const user = await signUpUser(t);
    for (const layer of [1, 2, 3]) {
      await generate(t, user.cookie, LEVEL_ONE, layer);
      await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    }
    await progress(t, user.cookie, LEVEL_ONE, { action: "jump", layer: 1 });
    for (let step = 0; step < 3; step++) await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    const listed = await call(t, "/api/profile/achievements", { cookie: user.cookie });
    expect(
      listed.data.achievements.map((a: { id: string; earnedAt: string | null }) => [a.id, !!a.earnedAt]),
    ).toEqual([
      ["first_story", true],
      ["question_master", false],
      ["group_leader", false],
      // One day of reading so far.
      ["dedicated_reader", false],
    ]);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, user.id), eq(notifications.type, "achievement")));
    expect(sent.map((row) => row.message)).toEqual(["You earned the First Story achievement! 🎉"]);
  });

  it("completes a story once, with its XP and First Story, when the last step is sent ten times at once", async () => {
    // PGlite runs one transaction at a time; on PostgreSQL (CI runs this file there too) the ten really race.
    const racer = await signUpUser(t);
    for (const layer of [1, 2, 3]) {
      await generate(t, racer.cookie, LEVEL_ONE, layer);
      if (layer < 3) await progress(t, racer.cookie, LEVEL_ONE, { action: "next" });
    }
    const [before] = await t.db.select().from(profiles).where(eq(profiles.id, racer.id));
    const finishes = await Promise.all(
      Array.from({ length: 10 }, () => progress(t, racer.cookie, LEVEL_ONE, { action: "next" })),
    );
    expect(finishes.every((finish) => finish.status === 200)).toBe(true);
    expect(finishes.filter((finish) => finish.data.xpAwarded > 0)).toHaveLength(1);
    const [racerProfile] = await t.db.select().from(profiles).where(eq(profiles.id, racer.id));
    expect(racerProfile?.xp).toBe((before?.xp ?? 0) + XP_FOR_COMPLETION);
    const earned = await t.db.select().from(userAchievements).where(eq(userAchievements.userId, racer.id));
    expect(earned.map((row) => row.achievement)).toEqual(["first_story"]);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, racer.id), eq(notifications.type, "achievement")));
    expect(sent).toHaveLength(1);
  });

  it("earns Dedicated Reader on the fifth reading day in a row, by the reader's own calendar", async () => {
    const user = await signUpUser(t);
    const zone = "Pacific/Auckland";
    const today = localDay(new Date(), zone);
    const daysBefore = [1, 2, 3, 4].map((back) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - back);
      return date.toISOString().slice(0, 10);
    });
    // A gap two days back: four days in a row is not yet the streak.
    await t.db
      .insert(readingDays)
      .values(daysBefore.filter((_, index) => index !== 1).map((day) => ({ userId: user.id, day })));
    const read = () =>
      call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, {
        method: "POST",
        cookie: user.cookie,
        headers: { "x-time-zone": zone },
      });
    await read();
    const earned = async () =>
      (await call(t, "/api/profile/achievements", { cookie: user.cookie })).data.achievements.find(
        (a: { id: string }) => a.id === "dedicated_reader",
      ).earnedAt;
    expect(await earned()).toBeNull();
    expect(
      (await t.db.select().from(readingDays).where(eq(readingDays.userId, user.id))).map((row) => row.day),
    ).toContain(today);

    await t.db.insert(readingDays).values({ userId: user.id, day: daysBefore[1] as string });
    await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    expect(await earned()).toEqual(expect.any(String));
  });

  it("awards the completion XP exactly once when completions race", async () => {
    const user = await signUpUser(t);
    for (const layer of [1, 2, 3]) {
      await generate(t, user.cookie, LEVEL_ONE, layer);
      if (layer < 3) await progress(t, user.cookie, LEVEL_ONE, { action: "next" });
    }
    const results = await Promise.all(
      Array.from({ length: 6 }, () => progress(t, user.cookie, LEVEL_ONE, { action: "next" })),
    );
    expect(results.map((result) => result.data.xpAwarded).sort()).toEqual([0, 0, 0, 0, 0, 50]);
    expect(await xpOf(t, user.id)).toBe(80);
  });

  it("refuses malformed progress actions with a 400", async () => {
    const user = await signUpUser(t);
    for (const json of [{}, { action: "finish" }, { action: "jump" }, { action: "jump", layer: 7 }]) {
      const response = await progress(t, user.cookie, LEVEL_ONE, json);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBeTruthy();
    }
  });
});

describe("the image dialog", () => {
  it("draws the chosen style, replaces the picture and keeps the spec's errors", async () => {
    const user = await signUpUser(t);
    const url = `/api/stories/${LEVEL_ONE}/layers/1/image`;
    const noContent = await call(t, url, { cookie: user.cookie, json: { style: "watercolor" } });
    expect(noContent.status).toBe(409);
    expect(noContent.data.error.message).toBe(STORY_MESSAGES.noStoryContent);

    await generate(t, user.cookie, LEVEL_ONE, 1);
    const badStyle = await call(t, url, { cookie: user.cookie, json: { style: "crayon" } });
    expect(badStyle.status).toBe(400);
    expect(badStyle.data.error.message).toBe(STORY_MESSAGES.invalidStyle);
    const tooLong = await call(t, url, {
      cookie: user.cookie,
      json: { style: "classic", direction: "x".repeat(301) },
    });
    expect(tooLong.status).toBe(400);

    const drawn = await call(t, url, {
      cookie: user.cookie,
      json: { style: "stained-glass", direction: "At dawn" },
    });
    expect(drawn.status).toBe(200);
    expect(drawn.data.imageUrl).toMatch(/story-images\/.+\/story-\d+-layer-1\.png\?v=\d+$/);
    expect(drawn.data.revisedPrompt).toContain("stained glass");
    const [row] = await contentRows(t, user.id);
    expect(row?.imageUrl).toBe(drawn.data.imageUrl);
  });
});

describe("with an OpenAI-compatible provider", () => {
  let fake: FakeOpenAi;
  let ai: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const connection = { baseUrl: fake.baseUrl, apiKey: FAKE_OPENAI_KEY };
    ai = await createTestApp({
      ai: {
        text: createOpenAiTextGenerator({ ...connection, model: "gpt-test", stallTimeoutMs: 300 }),
        image: createOpenAiImageGenerator({ ...connection, model: "image-test" }),
      },
    });
  });
  afterAll(async () => {
    await ai.close();
    await fake.close();
  });

  it("sends the persona and the layer's guidance, streams the answer, saves it and its picture", async () => {
    fake.reset();
    const user = await signUpUser(ai);
    const { events } = await generate(ai, user.cookie, LEVEL_ONE, 1);
    const done = events.find((event) => event.type === "done");
    expect(done?.content).toBe(FAKE_OPENAI_TEXT);
    expect(events.some((event) => event.type === "image")).toBe(true);
    const chat = fake.requests.find((request) => request.path.endsWith("/chat/completions"));
    expect(chat?.body).toMatchObject({ model: "gpt-test", temperature: 0.7, max_tokens: 1000, stream: true });
    const messages =
      (chat?.body as { messages?: { role: string; content: string }[] } | undefined)?.messages ?? [];
    expect(messages[0]?.content).toMatch(/4th to 12th grade/);
    expect(messages[1]?.content).toContain("Layer 1 of 3: Basic Understanding");
    const image = fake.requests.find((request) => request.path.endsWith("/images/generations"));
    expect(image?.body).toMatchObject({ model: "image-test", n: 1, size: "1024x1024", quality: "high" });
    expect((image?.body as { prompt?: string } | undefined)?.prompt).toMatch(/^A classic biblical painting/);
    expect(await xpOf(ai, user.id)).toBe(10);
  });

  it.each(["401", "429", "500", "malformed", "stall", "empty"] as const)(
    "ends with the failure text and saves nothing when the upstream answers %s",
    async (mode) => {
      fake.reset();
      fake.behave(mode);
      const user = await signUpUser(ai);
      const { status, events } = await generate(ai, user.cookie, LEVEL_ONE, 1);
      expect(status).toBe(200);
      expect(events.at(-1)).toEqual({ type: "error", message: STORY_MESSAGES.generationFailed });
      expect(events.some((event) => event.type === "done")).toBe(false);
      expect(await contentRows(ai, user.id)).toHaveLength(0);
      expect(await xpOf(ai, user.id)).toBe(0);
    },
  );

  it("keeps the text when the illustration fails, and the dialog says 'Failed to generate image'", async () => {
    fake.reset();
    const user = await signUpUser(ai);
    fake.behave("ok");
    await generate(ai, user.cookie, LEVEL_ONE, 1);
    fake.behave("500");
    const dialog = await call(ai, `/api/stories/${LEVEL_ONE}/layers/1/image`, {
      cookie: user.cookie,
      json: { style: "cartoon" },
    });
    expect(dialog.status).toBe(502);
    expect(dialog.data.error.message).toBe(STORY_MESSAGES.imageFailed);
    const [row] = await contentRows(ai, user.id);
    expect(row?.content.length).toBeGreaterThan(10);
    expect(row?.imageUrl).toMatch(/^\/uploads\//);
  });

  it("cancels the upstream call when the reader leaves, and saves nothing", async () => {
    fake.reset();
    fake.behave("ok", { chunkDelayMs: 50 });
    const user = await signUpUser(ai);
    const controller = new AbortController();
    const response = await ai.app.request(`${TEST_APP_URL}/api/stories/${LEVEL_ONE}/layers/1/generate`, {
      method: "POST",
      headers: { origin: TEST_APP_URL, cookie: user.cookie },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await reader?.cancel().catch(() => {});
    await fake.waitForClosedConnections(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await contentRows(ai, user.id)).toHaveLength(0);
    expect(await xpOf(ai, user.id)).toBe(0);
  });
});

describe("an illustration that fails during generation", () => {
  it("still saves the text and its XP, and says the picture failed", async () => {
    const failing: ImageGenerator = {
      provider: "library",
      generate: async () => {
        throw new AiError("No image data generated", "empty");
      },
    };
    const local = await createTestApp({ ai: { image: failing } });
    try {
      const user = await signUpUser(local);
      const { events } = await generate(local, user.cookie, LEVEL_ONE, 1);
      expect(events.map((event) => event.type).slice(-2)).toEqual(["done", "image_failed"]);
      expect(events.at(-1)).toEqual({ type: "image_failed", message: STORY_MESSAGES.imageFailed });
      const [row] = await contentRows(local, user.id);
      expect(row).toMatchObject({ imageUrl: null });
      expect(await xpOf(local, user.id)).toBe(10);
    } finally {
      await local.close();
    }
  });
});
