import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanTextForSpeech, SPEECH_MESSAGES } from "../../../core/stories/speech-text";
import { createElevenLabsSpeech } from "../../adapters/ai/speech-elevenlabs";
import { rateLimitEvents, stories, storyContent } from "../../db/schema";
import { LIMIT_RULES, limitKey } from "../../shared/rate-limit";
import { takeErrorLogs } from "../../test/error-logs";
import {
  FAKE_SECONDS_PER_CHARACTER,
  type FakeElevenLabs,
  fakeAudioFor,
  startFakeElevenLabs,
} from "../../test/fakes/elevenlabs";
import { call, createTestApp, signUpUser, TEST_APP_URL, type TestApp } from "../../test/harness";

const apiKey = "sk_test_lamplight";
const voiceId = "voice-ruth-01";
/** The voice service's stall timeout here: a hang-up well before it comes from the listener, not a stall. */
const STALL_MS = 1000;
const HANG_UP_MS = 300;

let fake: FakeElevenLabs;
let t: TestApp;
let withoutVoice: TestApp;
let cookie: string;
let readerId: string;

beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey, voiceId });
  [t, withoutVoice] = await Promise.all([
    createTestApp({
      speech: createElevenLabsSpeech({ baseUrl: fake.baseUrl, apiKey, voiceId, timeoutMs: STALL_MS }),
    }),
    createTestApp(),
  ]);
  ({ cookie, id: readerId } = await signUpUser(t));
});
afterAll(async () => {
  await Promise.all([t.close(), withoutVoice.close(), fake.close()]);
});
beforeEach(() => fake.reset());

let textCounter = 0;
/** A text no other test has narrated, so the cache starts empty for it. */
const freshText = (words = "The father ran to meet his son") => `${words}, number ${++textCounter}.`;

type LayerSource = { slug: string; layer: 1 | 2 | 3 };

/**
 * Saves `content` as the text a reader was given for a story layer, as a finished generation does, and
 * returns the request body that names it. By default: the signed-in reader, layer 1 of 'creation'.
 */
async function saveLayerText(
  content: string,
  { userId = readerId, slug = "creation", layer = 1 }: { userId?: string } & Partial<LayerSource> = {},
): Promise<LayerSource> {
  const [story] = await t.db.select({ id: stories.id }).from(stories).where(eq(stories.slug, slug));
  if (!story) throw new Error(`no seeded story '${slug}'`);
  await t.db
    .insert(storyContent)
    .values({ userId, storyId: story.id, layer, step: 1, content })
    .onConflictDoUpdate({
      target: [storyContent.userId, storyContent.storyId, storyContent.layer, storyContent.step],
      set: { content },
    });
  return { slug, layer };
}

/** POST /api/speech as the browser sends it, returning the raw response so its audio can be read. */
async function postSpeech(
  app: TestApp,
  body: unknown,
  { signal, cookie: sessionCookie = cookie }: { signal?: AbortSignal; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: TEST_APP_URL, "content-type": "application/json" };
  if (sessionCookie) headers.cookie = sessionCookie;
  return app.app.request(
    new Request(`${TEST_APP_URL}/api/speech`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal,
    }),
  );
}

async function audioOf(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

function cachedFiles(app: TestApp): string[] {
  const dir = join(app.dataDir, "uploads", "speech");
  return existsSync(dir) ? readdirSync(dir) : [];
}

function cacheFileFor(cleanedText: string) {
  const hash = createHash("sha256").update(`${voiceId}\n${cleanedText}`).digest("hex");
  return join(t.dataDir, "uploads", "speech", `${hash}.mp3`);
}

/** Time for anything the app still does after a hang-up (such as a late cache write) to happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

async function waitFor(condition: () => boolean, timeoutMs = 2000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("GET /api/speech", () => {
  it("tells the browser the server's voice reads when ElevenLabs is configured", async () => {
    const response = await call(t, "/api/speech", { cookie });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ provider: "elevenlabs" });
  });

  it("tells the browser to use its own voice otherwise", async () => {
    const user = await signUpUser(withoutVoice);
    const response = await call(withoutVoice, "/api/speech", { cookie: user.cookie });
    expect(response.data).toEqual({ provider: "browser" });
  });

  it("refuses a visitor", async () => {
    expect((await call(t, "/api/speech")).status).toBe(401);
  });
});

describe("POST /api/speech", () => {
  it("streams the voice service's MPEG audio for the cleaned text", async () => {
    const text = freshText();
    const response = await postSpeech(t, await saveLayerText(`## 📖 **${text}**`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("x-speech-cache")).toBe("miss");
    expect(await audioOf(response)).toEqual(fakeAudioFor(text));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ text, model_id: "eleven_turbo_v2_5" });
  });

  it("replays the same words from the cache without asking the voice service again", async () => {
    const text = freshText("Zacchaeus climbed a tree");
    const first = await postSpeech(t, await saveLayerText(text));
    const firstAudio = await audioOf(first);
    expect(new Uint8Array(readFileSync(cacheFileFor(text)))).toEqual(firstAudio);

    // Differently marked up, the same words: the same cached file.
    const again = await postSpeech(t, await saveLayerText(`> "${text}"`));
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("audio/mpeg");
    expect(again.headers.get("x-speech-cache")).toBe("hit");
    expect(again.headers.get("content-length")).toBe(String(firstAudio.byteLength));
    expect(await audioOf(again)).toEqual(firstAudio);
    expect(fake.requests).toHaveLength(1);
  });

  it("does not cache audio that broke off mid-stream", async () => {
    const text = freshText("Jonah prayed inside the fish");
    fake.mode = "drop-mid-stream";
    const source = await saveLayerText(text);
    const broken = await postSpeech(t, source);
    expect(broken.status).toBe(200);
    await expect(broken.arrayBuffer()).rejects.toThrow();
    expect(existsSync(cacheFileFor(text))).toBe(false);

    fake.mode = "ok";
    const retry = await postSpeech(t, source);
    expect(retry.headers.get("x-speech-cache")).toBe("miss");
    expect(await audioOf(retry)).toEqual(fakeAudioFor(text));
    expect(fake.requests).toHaveLength(2);
    expect(existsSync(cacheFileFor(text))).toBe(true);
  });

  it("does not cache audio that stalled mid-stream", async () => {
    const text = freshText("Daniel knelt by his window");
    fake.mode = "stall-mid-stream";
    const stalled = await postSpeech(t, await saveLayerText(text));
    expect(stalled.status).toBe(200);
    await expect(stalled.arrayBuffer()).rejects.toThrow();
    expect(existsSync(cacheFileFor(text))).toBe(false);
  });

  it("cancels the voice-service call when the listener goes away, and caches nothing", async () => {
    const text = freshText("Ruth gleaned in the field");
    fake.mode = "stall-mid-stream";
    const listener = new AbortController();
    const response = await postSpeech(t, await saveLayerText(text), { signal: listener.signal });
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    listener.abort();
    await fake.waitForDisconnects(1, HANG_UP_MS);
    await reader?.cancel().catch(() => {});
    await settle();
    expect(existsSync(cacheFileFor(text))).toBe(false);
  });

  it("cancels the voice-service call when the listener goes away before the first byte", async () => {
    fake.mode = "stall";
    const listener = new AbortController();
    const pending = postSpeech(t, await saveLayerText(freshText()), { signal: listener.signal });
    await waitFor(() => fake.requests.length === 1);
    listener.abort();
    await fake.waitForDisconnects(1, HANG_UP_MS);
    await pending.catch(() => {});
  });

  it("cancels the voice-service call when a real browser connection closes mid-audio", async () => {
    const text = freshText("Esther went to the king");
    fake.mode = "stall-mid-stream";
    const source = await saveLayerText(text);
    const server = createAdaptorServer({ fetch: t.app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const firstBytes = await new Promise<Buffer>((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/api/speech",
            method: "POST",
            headers: { origin: TEST_APP_URL, "content-type": "application/json", cookie },
          },
          (response) => {
            response.once("data", (chunk: Buffer) => {
              resolve(chunk);
              // The reader closes the tab.
              request.destroy();
            });
          },
        );
        request.on("error", (error) => {
          if (!request.destroyed) reject(error);
        });
        request.end(JSON.stringify(source));
      });
      expect(firstBytes.byteLength).toBeGreaterThan(0);
      await fake.waitForDisconnects(1, HANG_UP_MS);
      await settle();
      expect(existsSync(cacheFileFor(text))).toBe(false);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("reads the text the reader was given, cleaned, and nothing else", async () => {
    const reader = await signUpUser(t);
    const generated = await call(t, "/api/stories/creation/layers/1/generate", {
      method: "POST",
      cookie: reader.cookie,
    });
    expect(generated.text).toContain('"type":"done"');
    const [saved] = await t.db
      .select({ content: storyContent.content })
      .from(storyContent)
      .where(and(eq(storyContent.userId, reader.id), eq(storyContent.layer, 1)));
    const spoken = cleanTextForSpeech(saved?.content ?? "");
    expect(spoken.length).toBeGreaterThan(100);

    const response = await postSpeech(t, { slug: "creation", layer: 1 }, { cookie: reader.cookie });
    expect(response.status).toBe(200);
    expect(await audioOf(response)).toEqual(fakeAudioFor(spoken));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ text: spoken });
  });

  it("reads the signed-in reader's own text of a layer, never another reader's", async () => {
    const other = await signUpUser(t);
    const ownText = freshText("Miriam sang by the sea");
    const own = await saveLayerText(`**${ownText}**`);
    await saveLayerText(freshText("Someone else's words"), { userId: other.id });
    const response = await postSpeech(t, own);
    expect(response.status).toBe(200);
    expect(await audioOf(response)).toEqual(fakeAudioFor(ownText));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ text: ownText });
  });

  it("answers 404 for a layer only another reader has, without calling the voice service", async () => {
    const other = await signUpUser(t);
    const theirs = await saveLayerText(freshText("Gideon counted his men"), {
      userId: other.id,
      slug: "noah-and-the-ark",
      layer: 2,
    });
    const response = await call(t, "/api/speech", { cookie, json: theirs });
    expect(response.status).toBe(404);
    expect(response.data).toEqual({ error: { code: "no_story_text", message: SPEECH_MESSAGES.noStoryText } });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ["a story the reader has not read", { slug: "david-and-goliath", layer: 1 }],
    ["a layer the reader has not reached", { slug: "creation", layer: 3 }],
    ["a story that does not exist", { slug: "the-tower-of-nowhere", layer: 1 }],
  ])("answers 404 for %s, without calling the voice service", async (_what, source) => {
    await saveLayerText(freshText());
    const response = await call(t, "/api/speech", { cookie, json: source });
    expect(response.status).toBe(404);
    expect(response.data.error).toEqual({ code: "no_story_text", message: SPEECH_MESSAGES.noStoryText });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ["words instead of a story", { text: "Say something silly" }],
    ["no layer", { slug: "creation" }],
    ["layer 4", { slug: "creation", layer: 4 }],
    ["layer 0", { slug: "creation", layer: 0 }],
    ["half a layer", { slug: "creation", layer: 1.5 }],
    ["a slug longer than 200 characters", { slug: "c".repeat(201), layer: 1 }],
    ["a slug that is not text", { slug: 42, layer: 1 }],
  ])("refuses a request with %s, without calling the voice service", async (_what, body) => {
    await saveLayerText(freshText());
    const response = await call(t, "/api/speech", { cookie, json: body });
    expect(response.status).toBe(400);
    expect(response.data.error.code).toBe("invalid_input");
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses text that is empty after cleaning, without calling the voice service", async () => {
    const before = cachedFiles(t).length;
    const source = await saveLayerText("## 📖 ** ⚡ 🤔 >");
    const response = await call(t, "/api/speech", { cookie, json: source });
    expect(response.status).toBe(400);
    expect(response.data).toEqual({
      error: { code: "invalid_input", message: SPEECH_MESSAGES.nothingToRead },
    });
    expect(fake.requests).toHaveLength(0);
    expect(cachedFiles(t).length).toBe(before);
  });

  it("refuses text longer than 5000 characters after cleaning", async () => {
    const source = await saveLayerText("Amen ".repeat(1001));
    const response = await call(t, "/api/speech", { cookie, json: source });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(SPEECH_MESSAGES.tooLong);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a body too big to read", async () => {
    const response = await call(t, "/api/speech", { cookie, json: { slug: "c".repeat(2000), layer: 1 } });
    expect(response.status).toBe(413);
    expect(response.data.error.code).toBe("speech_too_long");
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 when no voice service is configured", async () => {
    const user = await signUpUser(withoutVoice);
    const response = await call(withoutVoice, "/api/speech", {
      cookie: user.cookie,
      json: { slug: "creation", layer: 1 },
    });
    expect(response.status).toBe(404);
    expect(response.data).toEqual({
      error: { code: "speech_not_configured", message: SPEECH_MESSAGES.notConfigured },
    });
  });

  it("refuses a visitor without calling the voice service", async () => {
    const response = await postSpeech(t, await saveLayerText(freshText()), { cookie: "" });
    expect(response.status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it.each(["500", "401", "429", "stall"] as const)(
    "answers 502 'TTS service unavailable' when the voice service fails (%s) before any audio",
    async (mode) => {
      fake.mode = mode;
      const text = freshText();
      const response = await call(t, "/api/speech", { cookie, json: await saveLayerText(text) });
      expect(response.status).toBe(502);
      expect(response.data).toEqual({
        error: { code: "tts_unavailable", message: "TTS service unavailable" },
      });
      expect(fake.requests).toHaveLength(1);
      expect(existsSync(cacheFileFor(text))).toBe(false);
      // The ministry's log says why, for whoever runs the server.
      expect(takeErrorLogs().map((log) => log.msg)).toEqual(["speech synthesis failed"]);
    },
  );

  it("lets exactly the narrations left under the limit through when 25 are asked for at once", async () => {
    // On PGlite requests take turns on the database; CI runs this file on PostgreSQL too, where they race.
    const user = await signUpUser(t);
    const left = 3;
    await t.db.insert(rateLimitEvents).values(
      Array.from({ length: LIMIT_RULES.narration.max - left }, () => ({
        key: limitKey("narration", user.id),
      })),
    );
    const uncached = await saveLayerText(freshText(), { userId: user.id, slug: "noah-and-the-ark" });
    // The voice service holds every call, so no narration is stored while the 25 race: each one counts.
    fake.mode = "stall";
    const listener = new AbortController();
    const pending = Array.from({ length: 25 }, () =>
      postSpeech(t, uncached, { cookie: user.cookie, signal: listener.signal }),
    );
    const answered: number[] = [];
    for (const request of pending) request.then((response) => answered.push(response.status)).catch(() => {});
    await waitFor(() => answered.length === 25 - left && fake.requests.length === left, 20_000);
    expect(answered).toEqual(answered.map(() => 429));
    listener.abort();
    await fake.waitForDisconnects(left, 5_000);
    await Promise.allSettled(pending);
    expect(fake.requests).toHaveLength(left);
  });

  it("limits how many new narrations one user may ask for, while cached ones still play", async () => {
    const user = await signUpUser(t);
    const cached = await saveLayerText(freshText("Noah built the ark"), { userId: user.id });
    await audioOf(await postSpeech(t, cached, { cookie: user.cookie }));
    await t.db
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: LIMIT_RULES.narration.max }, () => ({ key: limitKey("narration", user.id) })),
      );
    fake.reset();

    const uncached = await saveLayerText(freshText(), { userId: user.id, slug: "noah-and-the-ark" });
    const limited = await call(t, "/api/speech", { cookie: user.cookie, json: uncached });
    expect(limited.status).toBe(429);
    expect(limited.data.error).toEqual({ code: "speech_rate_limited", message: SPEECH_MESSAGES.rateLimited });

    const replay = await postSpeech(t, cached, { cookie: user.cookie });
    expect(replay.headers.get("x-speech-cache")).toBe("hit");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("GET /api/speech/timings (read-along)", () => {
  const timingsUrl = ({ slug, layer }: LayerSource) => `/api/speech/timings?slug=${slug}&layer=${layer}`;

  it("tells when each sentence of the layer starts in its narration, numbered as the page numbers them", async () => {
    const words = freshText("Jesus told a story");
    const source = await saveLayerText(
      `# The Lost Son\n\n${words} The father saw him far off. He ran!\n\n- Home again. Safe.`,
    );
    const audio = await postSpeech(t, source);
    await audioOf(audio);

    const response = await call(t, timingsUrl(source), { cookie });
    expect(response.status).toBe(200);
    const { starts } = response.data as { starts: (number | null)[] };
    // "The Lost Son" (spoken "The Lost Son."), the paragraph's three sentences, the list item's two.
    const spoken = fake.requests[0]?.body as { text: string };
    const at = (sentence: string) => spoken.text.indexOf(sentence) * FAKE_SECONDS_PER_CHARACTER;
    const expected = ["The Lost Son", words, "The father saw", "He ran!", "Home again.", "Safe."].map(at);
    expect(starts).toHaveLength(expected.length);
    expect(starts).toEqual(expected.map((start) => expect.closeTo(start, 5)));
  });

  it("answers 404 before the layer has been narrated, without calling the voice service", async () => {
    const source = await saveLayerText(freshText("Ruth gleaned in the field"), {
      slug: "creation",
      layer: 2,
    });
    const response = await call(t, timingsUrl(source), { cookie });
    expect(response.status).toBe(404);
    expect(response.data).toMatchObject({
      error: { code: "no_timings", message: SPEECH_MESSAGES.noTimings },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("reads only the signed-in reader's own layer: another reader without that layer gets 404", async () => {
    const source = await saveLayerText(freshText("Samuel heard a voice"), { slug: "creation", layer: 3 });
    await audioOf(await postSpeech(t, source));
    const other = await signUpUser(t);
    const response = await call(t, timingsUrl(source), { cookie: other.cookie });
    expect(response.status).toBe(404);
    expect(response.data).toMatchObject({ error: { code: "no_story_text" } });
  });

  it("refuses a visitor, a layer that is not 1–3, and a server without a voice service", async () => {
    expect((await call(t, timingsUrl({ slug: "creation", layer: 1 }))).status).toBe(401);
    const badLayer = await call(t, "/api/speech/timings?slug=creation&layer=7", { cookie });
    expect(badLayer.status).toBe(400);
    const reader = await signUpUser(withoutVoice);
    const noVoice = await call(withoutVoice, timingsUrl({ slug: "creation", layer: 1 }), {
      cookie: reader.cookie,
    });
    expect(noVoice.status).toBe(404);
    expect(noVoice.data).toMatchObject({ error: { code: "speech_not_configured" } });
  });
});
