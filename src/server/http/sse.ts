import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { whenClientGone } from "./client-gone";

// Server-sent events, written straight into a response body that the node server copies to the socket. Hono's
// streamSSE passes every frame through a TransformStream and a second ReadableStream: a dozen promise hops a
// frame, and three web streams to build before the first one. With a message going to a thousand tabs at once,
// every tab's first byte waited for the hops of all the others; and a child waiting for a story's first words
// waited for them too.

const encoder = new TextEncoder();

/**
 * The body of one stream: frames go straight into its queue, and `write` says when `highWaterMark` of them are
 * waiting for the socket. `onCancel` runs when the browser goes away (the node server cancels the body).
 */
export function sseBody(onCancel: () => void, highWaterMark: number) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  let drained: (() => void)[] = [];
  const release = () => {
    for (const resolve of drained) resolve();
    drained = [];
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (started) => {
        controller = started;
      },
      // Called whenever the queue has room again.
      pull: release,
      cancel: () => {
        open = false;
        release();
        onCancel();
      },
    },
    new CountQueuingStrategy({ highWaterMark }),
  );
  const hasRoom = () => (controller?.desiredSize ?? 0) > 0;
  return {
    body,
    /** Queues a frame; false once the tab has `highWaterMark` frames it has not taken. */
    write(frame: Uint8Array | string): boolean {
      if (!open || !controller) return false;
      controller.enqueue(typeof frame === "string" ? encoder.encode(frame) : frame);
      return hasRoom();
    },
    /** Until the queue has room again, or the stream has ended. */
    whenRoom(): Promise<void> {
      if (!open || hasRoom()) return Promise.resolve();
      return new Promise((resolve) => drained.push(resolve));
    },
    /** Ends the response after what is queued. */
    close() {
      if (!open) return;
      open = false;
      release();
      controller?.close();
    },
    /** Ends the response at once, dropping what is queued. */
    abort(reason: string) {
      if (!open) return;
      open = false;
      release();
      controller?.error(new Error(reason));
    },
  };
}

/** The headers of every event stream. */
export function setEventStreamHeaders(c: Context<AppEnv>) {
  c.header("Content-Type", "text/event-stream");
  c.header("Cache-Control", "no-cache");
  // nginx and similar proxies would otherwise hold events back in their buffers.
  c.header("X-Accel-Buffering", "no");
  // Said outright, so that the node server sends the headers at once rather than first waiting to see whether
  // the body is short enough for a Content-Length.
  c.header("Transfer-Encoding", "chunked");
}

/**
 * Frames a slow reader may leave untaken before `send` waits for them. Few, so that the answer keeps pace with
 * what the reader has taken (a part is saved once its last piece is sent), as Hono's streamSSE did.
 */
const ANSWER_QUEUE_FRAMES = 8;

export type AnswerStream<Event> = {
  /** Writes one event as `data: <json>`; resolves when the queue has room for the next. */
  send(event: Event): Promise<void>;
  /** Aborted when the reader leaves: the upstream call is cancelled and nothing more need be sent. */
  signal: AbortSignal;
};

/**
 * One answer streamed as JSON events (a story part, the helper's answer): `produce` writes them, and the
 * response ends when it returns. `ping` goes out every `pingMs`, so that proxies and the browser keep a slow
 * answer's connection open. What `produce` throws is logged; it should have told the
 * reader itself.
 */
export function streamAnswer<Event>(
  c: Context<AppEnv>,
  { ping, pingMs }: { ping: Event; pingMs: number },
  produce: (stream: AnswerStream<Event>) => Promise<void>,
): Response {
  const left = new AbortController();
  // However the reader's leaving is seen (the body cancelled, or the request's signal), the body is closed too,
  // so that no `send` waits for room that will never come.
  const leave = () => {
    left.abort();
    stream.close();
  };
  const stream = sseBody(leave, ANSWER_QUEUE_FRAMES);
  const frame = (event: Event) => `data: ${JSON.stringify(event)}\n\n`;
  const send = (event: Event) => {
    stream.write(frame(event));
    return stream.whenRoom();
  };
  setEventStreamHeaders(c);
  c.header("Connection", "keep-alive");
  const run = async () => {
    const releaseRequest = whenClientGone(c.req.raw, leave);
    // A ping never waits: a reader too slow to take it has frames enough on the way.
    const pinger = setInterval(() => stream.write(frame(ping)), pingMs);
    try {
      await produce({ send, signal: left.signal });
    } catch (error) {
      c.var.deps.logger.error({ err: error }, "a streamed answer failed");
    } finally {
      clearInterval(pinger);
      releaseRequest();
      stream.close();
    }
  };
  void run();
  return c.body(stream.body);
}
