import type { RealtimeEnvelope } from "../../core/realtime";
import { TEST_APP_URL, type TestApp } from "./harness";

/** One SSE block as sent: its fields, and whether it was only a comment (a keep-alive ping). */
export type SseBlock = { id?: string; event?: string; data?: string; retry?: string; comments: string[] };

function parseBlock(text: string): SseBlock {
  const block: SseBlock = { comments: [] };
  for (const line of text.split("\n")) {
    if (line.startsWith(":")) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") block.data = block.data === undefined ? value : `${block.data}\n${value}`;
    else if (field === "id" || field === "event" || field === "retry") block[field] = value;
  }
  return block;
}

/**
 * Reads an SSE response incrementally, block by block, each read bounded by a timeout. A read that
 * times out stays pending and its bytes are kept for the next call, so nothing is lost between calls.
 */
export function readSse(response: Response) {
  if (!response.body) throw new Error("the response has no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<string>> | undefined;
  let done = false;

  const nextBlock = async (timeoutMs: number): Promise<SseBlock | undefined> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end !== -1) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseBlock(text);
      }
      if (done) return undefined;
      const left = until - Date.now();
      if (left <= 0) return undefined;
      pending ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        pending,
        new Promise<"timeout">((resolve) => {
          timer = setTimeout(() => resolve("timeout"), left);
        }),
      ]);
      clearTimeout(timer);
      if (result === "timeout") return undefined;
      pending = undefined;
      if (result.done) done = true;
      else buffer += result.value;
    }
  };

  return {
    nextBlock,
    /** The next block carrying data (pings and the retry hint are skipped), or undefined on timeout. */
    async nextData(timeoutMs = 3000): Promise<SseBlock | undefined> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const block = await nextBlock(Math.max(0, until - Date.now()));
        if (!block || block.data !== undefined) return block;
      }
    },
    get ended() {
      return done && !buffer.includes("\n\n");
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}

export type SseReader = ReturnType<typeof readSse>;

/** A realtime stream opened as a browser tab would: its events parsed, and `close()` as the tab leaving. */
export async function openEventStream(
  testApp: TestApp,
  cookie: string,
  options: { lastEventId?: string | number; query?: string; timeoutMs?: number } = {},
) {
  // A new tab gets what happens from now on: nothing written before may still be on its way to it.
  if (options.lastEventId === undefined) await testApp.busCaughtUp();
  const headers: Record<string, string> = { origin: TEST_APP_URL, cookie, accept: "text/event-stream" };
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
  const response = await testApp.app.request(`${TEST_APP_URL}/api/events${options.query ?? ""}`, { headers });
  if (response.status !== 200) throw new Error(`event stream refused: ${response.status}`);
  const sse = readSse(response);
  // The retry hint is written once the stream is subscribed: from here on nothing published is missed.
  const first = await sse.nextBlock(options.timeoutMs ?? 5000);
  if (first?.retry === undefined) throw new Error("the event stream did not start");
  return {
    sse,
    response,
    /** The next event, or undefined when none comes within the timeout. */
    async next(timeoutMs = 3000): Promise<(RealtimeEnvelope & { sseId?: string }) | undefined> {
      const block = await sse.nextData(timeoutMs);
      if (!block?.data) return undefined;
      return { ...(JSON.parse(block.data) as RealtimeEnvelope), sseId: block.id };
    },
    close: () => sse.close(),
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/** The JSON events of a whole, finished SSE body (a generation or an answer), keep-alive pings left out. */
export function parseSseEvents(text: string): { type: string; [key: string]: unknown }[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; [key: string]: unknown })
    .filter((event) => event.type !== "ping");
}

/**
 * POSTs to a streamed route as a browser does and reads the answer to its end; gives back the Request the app
 * was handed, so that a test can see what the handler left on it (src/server/http/client-gone.ts). The body's
 * length is given, as browsers give it, so the body limit passes this very Request on rather than rebuilding it.
 */
export async function streamToEnd(
  testApp: TestApp,
  path: string,
  options: { cookie: string; json?: unknown },
) {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { origin: TEST_APP_URL, cookie: options.cookie };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  const request = new Request(`${TEST_APP_URL}${path}`, { method: "POST", headers, body });
  const response = await testApp.app.request(request);
  if (response.status !== 200) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  return { request, events: parseSseEvents(await response.text()) };
}
