import type { IncomingMessage, Server, ServerResponse } from "node:http";

// How long the Node HTTP server waits on a client, so that connections that send nothing (or next to nothing)
// cannot pile up until the process runs out of file handles. Node 20 semantics, as these settings interact:
//
// - `headersTimeout` runs from the moment a connection opens (or, on a kept-alive one, from the next request's
//   first byte) until its headers are complete; past it Node answers 408 and closes. Node looks for such
//   connections every `connectionsCheckingInterval` (30 s by default, which would let a 10 s limit run to 40 s).
// - `requestTimeout` is the same clock run to the end of the request body, however steadily it flows: set to
//   30 s it would cut an honest slow upload of a large video, so it is only a far backstop here.
// - `server.timeout` (socket inactivity) is not used: it would also cut any response that is quiet for a
//   while, e.g. an AI answer waiting on its upstream. A stalled body is cut per request instead (below), and
//   only while the body is still arriving, so SSE streams and long answers are never timed by it.
// - `keepAliveTimeout` closes an idle kept-alive connection between two requests (Node adds 1 s to it).

export type ServerTimeouts = {
  /** Complete request headers must arrive within this long, or the connection gets a 408 and is closed. */
  headersMs: number;
  /** A request body that sends nothing for this long is cut; any progress starts the wait again. */
  bodyStallMs: number;
  /** The longest a whole request may take to arrive, body included: only a backstop against a drip-fed body. */
  requestMs: number;
  /** An idle kept-alive connection between two requests is closed after this long. */
  keepAliveMs: number;
  /** How often Node looks for connections past `headersMs` or `requestMs`: their limits hold to within this. */
  checkIntervalMs: number;
};

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  bodyStallMs: 30_000,
  // An hour is enough for the largest upload (~100 MB) at a quarter of a megabit per second.
  requestMs: 60 * 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Whether a request says a body follows (HTTP/1.1 has one only with a length or a transfer coding). */
function declaresBody(request: IncomingMessage): boolean {
  if (request.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(request.headers["content-length"] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/**
 * Sets the timeouts above on a Node HTTP server, the production values unless others are given (tests use
 * shorter ones). Call it before the server listens: Node starts its connection checks when listening begins,
 * at the interval set then.
 */
export function hardenServer(server: Server, overrides: Partial<ServerTimeouts> = {}): ServerTimeouts {
  const timeouts = { ...SERVER_TIMEOUTS, ...overrides };
  if (server.listening) throw new Error("hardenServer must be called before the server listens");
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Read by Node when it starts listening (not in its typings, though documented as a createServer option).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    timeouts.checkIntervalMs;

  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    if (!declaresBody(request)) return;
    const socket = request.socket;
    // The socket's inactivity timer counts every byte the parser takes in. When it fires while the body is
    // still arriving, the body has stalled; when the body is all here, the response may take as long as it
    // needs, so the timer is only switched off. (A listener here also keeps Node from destroying the socket
    // on its own.)
    const onIdle = () => {
      if (!request.complete) {
        socket.destroy();
        return;
      }
      socket.setTimeout(server.timeout || 0);
    };
    response.on("timeout", onIdle);
    response.once("close", () => response.off("timeout", onIdle));
    socket.setTimeout(timeouts.bodyStallMs);
  });
  return timeouts;
}
