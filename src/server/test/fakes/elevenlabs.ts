import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createWaitableCounter } from "./counter";

/**
 * A small ElevenLabs of our own on 127.0.0.1, speaking its wire format: POST
 * /v1/text-to-speech/{voiceId}/stream/with-timestamps with an `xi-api-key` header and a JSON body, answered
 * chunked with one JSON object per line (`audio_base64` and the `alignment` of its characters), and errors as
 * `{ "detail": { "status", "message" } }`. Tests choose how it behaves next with `mode`.
 */
export type FakeElevenLabsMode =
  /** Audio in a few chunks. */
  | "ok"
  /** 401 invalid_api_key, whatever key was sent. */
  | "401"
  | "429"
  | "500"
  /** Takes the request and never answers. */
  | "stall"
  /** Sends the headers and the first chunk, then nothing more. */
  | "stall-mid-stream"
  /** Sends the headers and the first chunk, then drops the connection. */
  | "drop-mid-stream"
  /** Sends the first chunk, then a line that is not JSON. */
  | "malformed";

export type FakeElevenLabsRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export const FAKE_AUDIO_CHUNKS = 3;

/** Each character the fake speaks takes this long, so a character's start is its index × this. */
export const FAKE_SECONDS_PER_CHARACTER = 0.05;

/** Bytes that start like an MPEG frame and say which text they are for, so a replay can be compared. */
export function fakeAudioFor(text: string): Uint8Array {
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from(`audio:${text}`)]));
}

/**
 * The answer's lines: audio piece i with the characters of the i-th part of the text. `relativeTimes` counts each
 * piece's times from its own start (some upstreams do), otherwise from the start of the narration.
 */
function timestampedLines(text: string, relativeTimes: boolean): string[] {
  const audio = chunksOf(fakeAudioFor(text), FAKE_AUDIO_CHUNKS);
  const size = Math.ceil(text.length / audio.length);
  return audio.map((piece, index) => {
    const characters = Array.from(text.slice(index * size, (index + 1) * size));
    const first = relativeTimes ? 0 : index * size;
    const starts = characters.map((_, at) => (first + at) * FAKE_SECONDS_PER_CHARACTER);
    const alignment = {
      characters,
      character_start_times_seconds: starts,
      character_end_times_seconds: starts.map((start) => start + FAKE_SECONDS_PER_CHARACTER),
    };
    return `${JSON.stringify({
      audio_base64: Buffer.from(piece).toString("base64"),
      alignment,
      normalized_alignment: alignment,
    })}\n`;
  });
}

function chunksOf(bytes: Uint8Array, count: number): Uint8Array[] {
  const size = Math.ceil(bytes.byteLength / count);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.byteLength; start += size)
    chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

const errorDetails: Record<"401" | "429" | "500", { status: number; detail: object }> = {
  "401": {
    status: 401,
    detail: { status: "invalid_api_key", message: "Invalid API key" },
  },
  "429": {
    status: 429,
    detail: {
      status: "too_many_concurrent_requests",
      message: "Too many concurrent requests. Your current subscription is associated with a maximum of 2.",
    },
  },
  "500": { status: 500, detail: { status: "internal_server_error", message: "An internal error occurred." } },
};

export async function startFakeElevenLabs({ apiKey, voiceId }: { apiKey: string; voiceId: string }) {
  const requests: FakeElevenLabsRequest[] = [];
  const disconnects = createWaitableCounter("disconnects");
  // Bumped by reset(), so that a connection from an earlier test closing late is not counted in the next.
  let generation = 0;
  const state = { mode: "ok" as FakeElevenLabsMode, chunkDelayMs: 5, relativeTimes: false };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      requests.push({ method: request.method ?? "", path, headers: request.headers, body });

      let droppedByUs = false;
      const arrivedIn = generation;
      // A client that goes away before we finished answering.
      response.on("close", () => {
        if (response.writableFinished || droppedByUs || arrivedIn !== generation) return;
        disconnects.add();
      });

      const fail = (status: number, detail: object) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ detail }));

      if (request.method !== "POST") return fail(405, { status: "method_not_allowed", message: "Use POST" });
      if (state.mode === "401" || request.headers["xi-api-key"] !== apiKey)
        return fail(401, errorDetails["401"].detail);
      if (path !== `/v1/text-to-speech/${voiceId}/stream/with-timestamps`)
        return fail(404, {
          status: "voice_not_found",
          message: "A voice with the voice_id was not found.",
        });
      const text = typeof body === "object" && body !== null && "text" in body ? body.text : undefined;
      if (typeof text !== "string" || !request.headers["content-type"]?.startsWith("application/json"))
        return fail(422, { status: "invalid_request", message: "text is required" });
      if (state.mode === "429" || state.mode === "500") {
        const { status, detail } = errorDetails[state.mode];
        return fail(status, detail);
      }
      if (state.mode === "stall") return;

      const audio = timestampedLines(text, state.relativeTimes);
      // No content-length: chunked transfer, as ElevenLabs streams.
      response.writeHead(200, { "content-type": "application/json" });
      response.write(audio[0]);
      if (state.mode === "malformed") return void response.end("<html>Bad gateway</html>\n");
      if (state.mode === "stall-mid-stream") return;
      if (state.mode === "drop-mid-stream") {
        setTimeout(() => {
          droppedByUs = true;
          response.destroy();
        }, state.chunkDelayMs);
        return;
      }
      let next = 1;
      const sendNext = () => {
        if (response.destroyed) return;
        if (next >= audio.length) return void response.end();
        response.write(audio[next]);
        next += 1;
        setTimeout(sendNext, state.chunkDelayMs);
      };
      setTimeout(sendNext, state.chunkDelayMs);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    /** How the next requests are answered. */
    set mode(mode: FakeElevenLabsMode) {
      state.mode = mode;
    },
    get mode() {
      return state.mode;
    },
    /** Whether each piece's character times count from the piece's own start. */
    set relativeTimes(relative: boolean) {
      state.relativeTimes = relative;
    },
    /** Pause between audio chunks, so a test can act in the middle of a stream. */
    set chunkDelayMs(ms: number) {
      state.chunkDelayMs = ms;
    },
    /** Requests since the last reset whose client went away before the answer was complete. */
    get disconnects() {
      return disconnects.value;
    },
    /** Resolves once `count` clients have gone away mid-answer. */
    waitForDisconnects: (count: number, timeoutMs?: number) => disconnects.waitFor(count, timeoutMs),
    reset() {
      generation += 1;
      requests.length = 0;
      disconnects.reset();
      state.mode = "ok";
      state.chunkDelayMs = 5;
      state.relativeTimes = false;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeElevenLabs = Awaited<ReturnType<typeof startFakeElevenLabs>>;
