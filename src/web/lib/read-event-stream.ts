import { EventSourceParserStream } from "eventsource-parser/stream";
import type { z } from "zod";

/** Every event but the server's keep-alive ping, which only holds the connection open. */
export type StreamEvent<Event> = Exclude<Event, { type: "ping" }>;

/**
 * The events of a server-sent event response (a POST answered with `text/event-stream`), in order: each message's
 * `data` parsed as JSON and checked against `schema`. Pings, and data that is not JSON or not one of the schema's
 * events, are skipped. A connection that breaks throws what reading the body throws.
 */
export async function* readEventStream<Schema extends z.ZodType<{ type: string }>>(
  response: Response,
  schema: Schema,
): AsyncGenerator<StreamEvent<z.output<Schema>>> {
  if (!response.body) return;
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      let data: unknown;
      try {
        data = JSON.parse(value.data);
      } catch {
        continue;
      }
      const parsed = schema.safeParse(data);
      if (parsed.success && parsed.data.type !== "ping") yield parsed.data as StreamEvent<z.output<Schema>>;
    }
  } finally {
    // A reader that stops early lets the connection go; after the end or a failure this does nothing.
    reader.cancel().catch(() => {});
  }
}
