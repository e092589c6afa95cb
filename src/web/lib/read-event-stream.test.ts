import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readEventStream } from "./read-event-stream";

const eventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("done") }),
  z.object({ type: z.literal("ping") }),
]);

/** A response whose body arrives in the given pieces; `fail` breaks the connection after them. */
function streamed(pieces: string[], { fail = false } = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      // Later, as a network does: an error at once would drop what is still queued.
      if (fail) setTimeout(() => controller.error(new TypeError("network error")), 20);
      else controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

async function collect(response: Response) {
  const events: unknown[] = [];
  for await (const event of readEventStream(response, eventSchema)) events.push(event);
  return events;
}

describe("readEventStream", () => {
  it("yields the events in order, whatever pieces the body arrives in, and skips pings", async () => {
    const response = streamed([
      'data: {"type":"delta","text":"In the beginning"}\n\n: a comment\n\ndata: {"type":"pi',
      'ng"}\n\ndata: {"type":"delta",',
      '"text":" God created"}\n',
      '\ndata: {"type":"done"}\n\n',
    ]);
    expect(await collect(response)).toEqual([
      { type: "delta", text: "In the beginning" },
      { type: "delta", text: " God created" },
      { type: "done" },
    ]);
  });

  it("skips data that is not JSON or not one of the events", async () => {
    const response = streamed([
      "data: not json\n\n",
      'data: {"type":"shout","text":"?"}\n\n',
      'data: {"type":"delta"}\n\n',
      'data: {"type":"done"}\n\n',
    ]);
    expect(await collect(response)).toEqual([{ type: "done" }]);
  });

  it("throws when the connection breaks, after the events that arrived", async () => {
    const events: unknown[] = [];
    const reading = (async () => {
      for await (const event of readEventStream(
        streamed(['data: {"type":"delta","text":"Noah"}\n\n'], { fail: true }),
        eventSchema,
      ))
        events.push(event);
    })();
    await expect(reading).rejects.toThrow("network error");
    expect(events).toEqual([{ type: "delta", text: "Noah" }]);
  });

  it("lets the connection go when the reader stops early", async () => {
    let cancelled = false;
    // Left open: only cancelling ends it.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"type":"delta","text":"Ruth"}\n\n'));
      },
      cancel: () => {
        cancelled = true;
      },
    });
    for await (const event of readEventStream(new Response(body), eventSchema)) {
      expect(event).toEqual({ type: "delta", text: "Ruth" });
      break;
    }
    await expect.poll(() => cancelled).toBe(true);
  });
});
