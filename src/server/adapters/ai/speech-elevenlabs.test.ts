import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_AUDIO_CHUNKS,
  FAKE_SECONDS_PER_CHARACTER,
  type FakeElevenLabs,
  fakeAudioFor,
  startFakeElevenLabs,
} from "../../test/fakes/elevenlabs";
import { createElevenLabsSpeech } from "./speech-elevenlabs";
import { AiError, type CharacterTimings } from "./types";

const apiKey = "sk_test_lamplight";
const voiceId = "voice-ruth-01";

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey, voiceId });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const speech = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
  createElevenLabsSpeech({ baseUrl: fake.baseUrl, apiKey, voiceId, timeoutMs: 2000, ...overrides });

const never = () => new AbortController().signal;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The AiError a promise rejects with. */
async function aiErrorOf(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AiError)) throw new Error(`expected an AiError, got ${String(error)}`);
  return error;
}

describe("ElevenLabs speech", () => {
  it("posts the text with the spec's voice settings and streams the MPEG audio back", async () => {
    const stream = await speech().synthesize("In the beginning God created.", { signal: never() });
    expect(await readAll(stream)).toEqual(fakeAudioFor("In the beginning God created."));

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/v1/text-to-speech/${voiceId}/stream/with-timestamps`);
    expect(request?.headers).toMatchObject({
      "xi-api-key": apiKey,
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(request?.body).toEqual({
      text: "In the beginning God created.",
      model_id: "eleven_turbo_v2_5",
      voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 },
    });
  });

  it.each([
    ["from the start of the narration", false],
    ["from the start of each piece", true],
  ])(
    "hears every character's start time, counted from the narration's start, when the pieces count %s",
    async (_, relative) => {
      fake.relativeTimes = relative;
      const text = "And God said, Let there be light: and there was light.";
      const heard: CharacterTimings[] = [];
      const stream = await speech().synthesize(text, { signal: never(), onTimings: (t) => heard.push(t) });
      await readAll(stream);
      expect(heard).toHaveLength(FAKE_AUDIO_CHUNKS);
      const characters = heard.map((timings) => timings.characters).join("");
      const starts = heard.flatMap((timings) => timings.starts);
      expect(characters).toBe(text);
      expect(starts).toHaveLength(text.length);
      expect(starts).toEqual(starts.map((_, index) => expect.closeTo(index * FAKE_SECONDS_PER_CHARACTER, 5)));
    },
  );

  it("errors the stream when a line is not JSON, and hangs up", async () => {
    fake.mode = "malformed";
    const stream = await speech().synthesize("Hello there", { signal: never() });
    const error = await aiErrorOf(readAll(stream));
    expect(error.kind).toBe("malformed");
  });

  it("hands the audio on piece by piece as it arrives", async () => {
    fake.chunkDelayMs = 50;
    const reader = (await speech().synthesize("Let there be light.", { signal: never() })).getReader();
    const pieces: number[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      pieces.push(chunk.value.byteLength);
    expect(pieces.length).toBeGreaterThanOrEqual(FAKE_AUDIO_CHUNKS);
  });

  it.each([
    ["401", "ElevenLabs API error: 401 Unauthorized", 401, "invalid_api_key"],
    ["429", "ElevenLabs API error: 429 Too Many Requests", 429, "too_many_concurrent_requests"],
    ["500", "ElevenLabs API error: 500 Internal Server Error", 500, "internal_server_error"],
  ] as const)(
    "reports a %s as the spec's voice error, with ElevenLabs' detail as the cause",
    async (mode, message, status, detail) => {
      fake.mode = mode;
      const error = await aiErrorOf(speech().synthesize("Hello", { signal: never() }));
      expect(error.message).toBe(message);
      expect(error.kind).toBe("upstream");
      expect(error.status).toBe(status);
      expect(error.cause).toMatchObject({ status: detail, message: expect.any(String) });
    },
  );

  it("is refused with a wrong key as ElevenLabs refuses it", async () => {
    const error = await aiErrorOf(speech({ apiKey: "sk_wrong" }).synthesize("Hello", { signal: never() }));
    expect(error.message).toBe("ElevenLabs API error: 401 Unauthorized");
  });

  it("gives up when no answer comes within the stall timeout, and hangs up", async () => {
    fake.mode = "stall";
    const started = Date.now();
    const error = await aiErrorOf(speech({ timeoutMs: 150 }).synthesize("Hello", { signal: never() }));
    expect(error.kind).toBe("stalled");
    expect(Date.now() - started).toBeLessThan(2000);
    await fake.waitForDisconnects(1);
  });

  it("ends the stream with a stall error when the audio stops coming", async () => {
    fake.mode = "stall-mid-stream";
    const stream = await speech({ timeoutMs: 150 }).synthesize("Hello", { signal: never() });
    const error = await aiErrorOf(readAll(stream));
    expect(error.kind).toBe("stalled");
    await fake.waitForDisconnects(1);
  });

  it("does not count a slow reader as a stall", async () => {
    const stream = await speech({ timeoutMs: 100 }).synthesize("Slowly now", { signal: never() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readAll(stream)).toEqual(fakeAudioFor("Slowly now"));
  });

  it("errors the stream when the connection drops mid-audio", async () => {
    fake.mode = "drop-mid-stream";
    const stream = await speech().synthesize("Hello", { signal: never() });
    const error = await aiErrorOf(readAll(stream));
    expect(error.kind).toBe("upstream");
  });

  it("cancels the request when the caller aborts before the answer", async () => {
    fake.mode = "stall";
    const controller = new AbortController();
    const pending = speech().synthesize("Hello", { signal: controller.signal });
    await waitFor(() => fake.requests.length === 1);
    controller.abort();
    expect((await aiErrorOf(pending)).kind).toBe("aborted");
    await fake.waitForDisconnects(1, 500);
  });

  it("cancels the request when the caller aborts mid-audio", async () => {
    fake.mode = "stall-mid-stream";
    const controller = new AbortController();
    const reader = (await speech().synthesize("Hello", { signal: controller.signal })).getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    expect((await aiErrorOf(reader.read())).kind).toBe("aborted");
    await fake.waitForDisconnects(1, 500);
  });

  it("hangs up when the stream is cancelled", async () => {
    fake.mode = "stall-mid-stream";
    const stream = await speech().synthesize("Hello", { signal: never() });
    await stream.cancel("not needed");
    await fake.waitForDisconnects(1, 500);
  });

  it("sends nothing for an already aborted signal", async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await aiErrorOf(speech().synthesize("Hello", { signal: controller.signal }))).kind).toBe(
      "aborted",
    );
    expect(fake.requests).toHaveLength(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
