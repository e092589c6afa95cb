import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_MAX_LENGTH, storyPreview } from "../../../core/stories/story-preview";
import { profiles } from "../../db/schema";
import { call, createTestApp, parallel, signUpUser, TEST_APP_URL, type TestApp } from "../../test/harness";
import { COVER_STYLE, createCoverCache, hasCopy } from "./covers";
import { loadLibrary } from "./library";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A cover as a browser asks for it: no cookie unless given, the bytes kept as bytes. */
async function cover(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(`${TEST_APP_URL}/api/stories/${path}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("GET /api/stories/:slug/cover.webp", () => {
  it("serves a visitor the story's cover as a cacheable WebP, 512 pixels unless asked for 256", async () => {
    const { response, bytes } = await cover("noah-and-the-ark/cover.webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{22}"$/);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });

    const small = await cover("noah-and-the-ark/cover.webp?size=256");
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(small.response.headers.get("etag")).not.toBe(response.headers.get("etag"));
  });

  it("answers 304 to a browser that has this cover, and the full cover to one with an old copy", async () => {
    const first = await cover("creation/cover.webp?size=256");
    const etag = first.response.headers.get("etag") ?? "";
    const again = await cover("creation/cover.webp?size=256", { "if-none-match": `W/${etag}` });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.response.headers.get("cache-control")).toBe("public, max-age=86400");
    const stale = await cover("creation/cover.webp?size=256", { "if-none-match": '"an-older-one"' });
    expect(stale.response.status).toBe(200);
    expect(stale.bytes.equals(first.bytes)).toBe(true);
  });

  it("says 404 in JSON for a story that does not exist, and 400 for a size it does not come in", async () => {
    const missing = await call(t, "/api/stories/no-such-story/cover.webp");
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({ error: { code: "story_not_found", message: "Story not found" } });
    expect(missing.headers.get("cache-control")).toBe("no-store");
    for (const size of ["128", "1024", "big", ""]) {
      const refused = await call(t, `/api/stories/creation/cover.webp?size=${size}`);
      expect(refused.status, size).toBe(400);
      expect(refused.data.error.message).toBe("A cover comes in the sizes 256 and 512.");
    }
  });

  it("needs no session, while every other story route still does", async () => {
    const user = await signUpUser(t);
    const signedIn = await cover("the-prodigal-son/cover.webp", { cookie: user.cookie });
    const visitor = await cover("the-prodigal-son/cover.webp");
    expect([signedIn.response.status, visitor.response.status]).toEqual([200, 200]);
    expect(visitor.bytes.equals(signedIn.bytes)).toBe(true);
    expect((await call(t, "/api/stories")).status).toBe(401);
    expect((await call(t, "/api/stories/the-prodigal-son")).status).toBe(401);
  });

  it("draws a cover once when many first asks come together", async () => {
    const answers = await parallel(6, () => cover("david-and-goliath/cover.webp?size=256"));
    expect(answers.map(({ response }) => response.status)).toEqual(Array(6).fill(200));
    const sources = answers.map(({ response }) => response.headers.get("x-cover-render")).sort();
    expect(sources).toEqual(["drawn", "kept", "kept", "kept", "kept", "kept"]);
    expect(answers.every(({ bytes }) => bytes.equals(answers[0]?.bytes ?? Buffer.alloc(0)))).toBe(true);
    const later = await cover("david-and-goliath/cover.webp?size=256");
    expect(later.response.headers.get("x-cover-render")).toBe("kept");
  });
});

describe("the cover cache", () => {
  it("draws once per story and size, forgets unknown stories and tries a failed drawing again", async () => {
    const asked: string[] = [];
    let failNext = true;
    const cache = createCoverCache(async (slug, style, size) => {
      asked.push(`${slug}:${style}:${size}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (slug === "flaky" && failNext) {
        failNext = false;
        throw new Error("the renderer fell over");
      }
      return slug === "unknown" ? undefined : Buffer.from(`${slug}-${size}`);
    });
    const [a, b] = await Promise.all([cache.get("known", 256), cache.get("known", 256)]);
    expect([a?.source, b?.source].sort()).toEqual(["drawn", "kept"]);
    await cache.get("known", 512);
    expect(await cache.get("unknown", 256)).toBeUndefined();
    expect(await cache.get("unknown", 256)).toBeUndefined();
    await expect(cache.get("flaky", 256)).rejects.toThrow("the renderer fell over");
    expect((await cache.get("flaky", 256))?.cover.webp.toString()).toBe("flaky-256");
    expect(asked).toEqual([
      `known:${COVER_STYLE}:256`,
      `known:${COVER_STYLE}:512`,
      `unknown:${COVER_STYLE}:256`,
      `unknown:${COVER_STYLE}:256`,
      `flaky:${COVER_STYLE}:256`,
      `flaky:${COVER_STYLE}:256`,
    ]);
  });

  it("knows a browser's copy by its tag, weak or strong, or by *", () => {
    expect(hasCopy(undefined, '"a"')).toBe(false);
    expect(hasCopy('"b", W/"a"', '"a"')).toBe(true);
    expect(hasCopy("*", '"a"')).toBe(true);
    expect(hasCopy('"b"', '"a"')).toBe(false);
  });
});

describe("a locked story's preview", () => {
  it("is in the list and on the page for stories above the reader's level only", async () => {
    const user = await signUpUser(t);
    const list = await call(t, "/api/stories", { cookie: user.cookie });
    const bySlug = new Map(list.data.map((story: { slug: string }) => [story.slug, story]));
    expect(bySlug.get("creation")).not.toHaveProperty("preview");
    expect(bySlug.get("david-and-goliath")).toMatchObject({
      difficulty: 2,
      preview:
        "King Saul and the army of Israel faced the Philistines across the valley of Elah. A Philistine champion named Goliath came out.",
      progress: null,
    });
    const page = await call(t, "/api/stories/david-and-goliath", { cookie: user.cookie });
    expect(page.data).toMatchObject({ locked: true, preview: expect.stringMatching(/^King Saul/) });
    const open = await call(t, "/api/stories/creation", { cookie: user.cookie });
    expect(open.data.locked).toBe(false);
    expect(open.data).not.toHaveProperty("preview");

    // Reaching level 2 opens David and Goliath: its preview goes, the next level's stay.
    await t.db.update(profiles).set({ xp: 100, level: 2 }).where(eq(profiles.id, user.id));
    const later = await call(t, "/api/stories", { cookie: user.cookie });
    for (const story of later.data as { difficulty: number; preview?: string }[])
      expect(Boolean(story.preview), `difficulty ${story.difficulty}`).toBe(story.difficulty > 2);
  });

  it("says who writes the text: the library's reviewed text when no AI provider is configured", async () => {
    const user = await signUpUser(t);
    const page = await call(t, "/api/stories/creation", { cookie: user.cookie });
    expect(page.data.textSource).toBe("library");
  });

  it("is the first sentences of layer 1 as plain words, never more than 200 characters", async () => {
    for (const story of await loadLibrary()) {
      const preview = storyPreview(story.layers[0].text);
      expect(preview.length, story.slug).toBeGreaterThan(20);
      expect(preview.length, story.slug).toBeLessThanOrEqual(PREVIEW_MAX_LENGTH);
      expect(preview, story.slug).not.toMatch(/[#*>]|\(\w+ \d+:\d+/);
    }
    expect(
      storyPreview(
        "## A Title\n\nJesus told a **story** (Luke 15:11). It was about a son (and his father)! Then more.\n\n> A quote (Luke 15:20)",
      ),
    ).toBe("Jesus told a story. It was about a son (and his father)!");
    expect(storyPreview('The words came first:\n\n> "In the beginning" (Genesis 1:1)\n\nThen light.')).toBe(
      "",
    );
    const long = storyPreview(`${"word ".repeat(60)}end.`);
    expect(long.length).toBeLessThanOrEqual(PREVIEW_MAX_LENGTH);
    expect(long.endsWith("word…")).toBe(true);
  });
});
