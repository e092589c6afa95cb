import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SPEECH_MESSAGES } from "../../../core/stories/speech-text";
import { createElevenLabsSpeech } from "../../adapters/ai/speech-elevenlabs";
import { rateLimitEvents } from "../../db/schema";
import { type FakeElevenLabs, fakeAudioFor, startFakeElevenLabs } from "../../test/fakes/elevenlabs";
import { call, createTestApp, signUpUser, TEST_APP_URL, type TestApp } from "../../test/harness";
import { SPEECH_SYNTHESIS_LIMIT, speechLimitKey } from "./service";

const apiKey = "sk_test_lamplight";
const voiceId = "voice-ruth-01";
/** The voice service's stall timeout here: a hang-up well before it comes from the listener, not a stall. */
const STALL_MS = 1000;
const HANG_UP_MS = 300;

let fake: FakeElevenLabs;
let t: TestApp;
let withoutVoice: TestApp;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey, voiceId });
  [t, withoutVoice] = await Promise.all([
    createTestApp({
      speech: createElevenLabsSpeech({ baseUrl: fake.baseUrl, apiKey, voiceId, timeoutMs: STALL_MS }),
    }),
    createTestApp(),
  ]);
  cookie = (await signUpUser(t)).cookie;
});
afterAll(async () => {
  await Promise.all([t.close(), withoutVoice.close(), fake.close()]);
});
beforeEach(() => fake.reset());

let textCounter = 0;
/** A text no other test has narrated, so the cache starts empty for it. */
const freshText = (words = "The father ran to meet his son") => `${words}, number ${++textCounter}.`;

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
    const response = await postSpeech(t, { text: `## 📖 **${text}**` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("x-speech-cache")).toBe("miss");
    expect(await audioOf(response)).toEqual(fakeAudioFor(text));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ text, model_id: "eleven_turbo_v2_5" });
  });

  it("replays the same words from the cache without asking the voice service again", async () => {
    const text = freshText("Zacchaeus climbed a tree");
    const first = await postSpeech(t, { text });
    const firstAudio = await audioOf(first);
    expect(new Uint8Array(readFileSync(cacheFileFor(text)))).toEqual(firstAudio);

    // Differently marked up, the same words: the same cached file.
    const again = await postSpeech(t, { text: `> "${text}"` });
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
    const broken = await postSpeech(t, { text });
    expect(broken.status).toBe(200);
    await expect(broken.arrayBuffer()).rejects.toThrow();
    expect(existsSync(cacheFileFor(text))).toBe(false);

    fake.mode = "ok";
    const retry = await postSpeech(t, { text });
    expect(retry.headers.get("x-speech-cache")).toBe("miss");
    expect(await audioOf(retry)).toEqual(fakeAudioFor(text));
    expect(fake.requests).toHaveLength(2);
    expect(existsSync(cacheFileFor(text))).toBe(true);
  });

  it("does not cache audio that stalled mid-stream", async () => {
    const text = freshText("Daniel knelt by his window");
    fake.mode = "stall-mid-stream";
    const stalled = await postSpeech(t, { text });
    expect(stalled.status).toBe(200);
    await expect(stalled.arrayBuffer()).rejects.toThrow();
    expect(existsSync(cacheFileFor(text))).toBe(false);
  });

  it("cancels the voice-service call when the listener goes away, and caches nothing", async () => {
    const text = freshText("Ruth gleaned in the field");
    fake.mode = "stall-mid-stream";
    const listener = new AbortController();
    const response = await postSpeech(t, { text }, { signal: listener.signal });
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
    const pending = postSpeech(t, { text: freshText() }, { signal: listener.signal });
    await waitFor(() => fake.requests.length === 1);
    listener.abort();
    await fake.waitForDisconnects(1, HANG_UP_MS);
    await pending.catch(() => {});
  });

  it("cancels the voice-service call when a real browser connection closes mid-audio", async () => {
    const text = freshText("Esther went to the king");
    fake.mode = "stall-mid-stream";
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
        request.end(JSON.stringify({ text }));
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

  it("refuses text that is empty after cleaning, without calling the voice service", async () => {
    const before = cachedFiles(t).length;
    const response = await call(t, "/api/speech", { cookie, json: { text: "## 📖 ** ⚡ 🤔 >" } });
    expect(response.status).toBe(400);
    expect(response.data).toEqual({
      error: { code: "invalid_input", message: SPEECH_MESSAGES.nothingToRead },
    });
    expect(fake.requests).toHaveLength(0);
    expect(cachedFiles(t).length).toBe(before);
  });

  it("refuses text longer than 5000 characters after cleaning", async () => {
    const response = await call(t, "/api/speech", { cookie, json: { text: "Amen ".repeat(1001) } });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(SPEECH_MESSAGES.tooLong);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a body too big to read", async () => {
    const response = await call(t, "/api/speech", { cookie, json: { text: "**".repeat(40_000) } });
    expect(response.status).toBe(413);
    expect(response.data.error.code).toBe("speech_too_long");
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 when no voice service is configured", async () => {
    const user = await signUpUser(withoutVoice);
    const response = await call(withoutVoice, "/api/speech", {
      cookie: user.cookie,
      json: { text: "Hello" },
    });
    expect(response.status).toBe(404);
    expect(response.data).toEqual({
      error: { code: "speech_not_configured", message: SPEECH_MESSAGES.notConfigured },
    });
  });

  it("refuses a visitor without calling the voice service", async () => {
    const response = await postSpeech(t, { text: freshText() }, { cookie: "" });
    expect(response.status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it.each(["500", "401", "429", "stall"] as const)(
    "answers 502 'TTS service unavailable' when the voice service fails (%s) before any audio",
    async (mode) => {
      fake.mode = mode;
      const text = freshText();
      const response = await call(t, "/api/speech", { cookie, json: { text } });
      expect(response.status).toBe(502);
      expect(response.data).toEqual({
        error: { code: "tts_unavailable", message: "TTS service unavailable" },
      });
      expect(fake.requests).toHaveLength(1);
      expect(existsSync(cacheFileFor(text))).toBe(false);
    },
  );

  it("limits how many new narrations one user may ask for, while cached ones still play", async () => {
    const user = await signUpUser(t);
    const cachedText = freshText("Noah built the ark");
    await audioOf(await postSpeech(t, { text: cachedText }, { cookie: user.cookie }));
    await t.db
      .insert(rateLimitEvents)
      .values(Array.from({ length: SPEECH_SYNTHESIS_LIMIT.max }, () => ({ key: speechLimitKey(user.id) })));
    fake.reset();

    const limited = await call(t, "/api/speech", { cookie: user.cookie, json: { text: freshText() } });
    expect(limited.status).toBe(429);
    expect(limited.data.error).toEqual({ code: "speech_rate_limited", message: SPEECH_MESSAGES.rateLimited });

    const replay = await postSpeech(t, { text: cachedText }, { cookie: user.cookie });
    expect(replay.headers.get("x-speech-cache")).toBe("hit");
    expect(fake.requests).toHaveLength(0);
  });
});
