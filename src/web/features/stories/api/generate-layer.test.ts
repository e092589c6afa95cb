import { afterEach, describe, expect, it, vi } from "vitest";
import { STORY_MESSAGES } from "../../../../core/stories/generation-events";
import { ApiError } from "../../../lib/api-client";
import { streamLayerGeneration } from "./generate-layer";

/** The generation endpoint answering with these SSE pieces; `fail` breaks the connection after them. */
function stubGeneration(pieces: string[], { fail = false } = {}) {
  const encoder = new TextEncoder();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const piece of pieces) controller.enqueue(encoder.encode(piece));
              // Later, as a network does: an error at once would drop what is still queued.
              if (fail) setTimeout(() => controller.error(new TypeError("network error")), 20);
              else controller.close();
            },
          }),
          { headers: { "Content-Type": "text/event-stream" } },
        ),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("streamLayerGeneration", () => {
  it("hands over the stream's events in order, without the pings", async () => {
    stubGeneration([
      'data: {"type":"delta","text":"Noah built"}\n\ndata: {"type":"ping"}\n\n',
      'data: {"type":"delta","text":" an ark."}\n\n',
      'data: {"type":"done","content":"Noah built an ark.","xp":120,"level":2,"xpAwarded":20}\n\n',
    ]);
    const events: unknown[] = [];
    await streamLayerGeneration("noah-and-the-ark", 1, {
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    expect(events).toEqual([
      { type: "delta", text: "Noah built" },
      { type: "delta", text: " an ark." },
      { type: "done", content: "Noah built an ark.", xp: 120, level: 2, xpAwarded: 20 },
    ]);
  });

  it("says the connection failed when the stream breaks", async () => {
    stubGeneration(['data: {"type":"delta","text":"Noah"}\n\n'], { fail: true });
    const events: unknown[] = [];
    const generation = streamLayerGeneration("noah-and-the-ark", 1, {
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    await expect(generation).rejects.toEqual(new ApiError(STORY_MESSAGES.connectionFailed, 0, "network"));
    await expect(generation).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: "delta", text: "Noah" }]);
  });
});
