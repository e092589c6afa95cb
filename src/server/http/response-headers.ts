import type { ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * Headers most answers carry (security headers, no-store, the request id), set at the lowest cost.
 *
 * Served by @hono/node-server, the request's Node response is `c.env.outgoing`: a header set there before the
 * route runs costs a fraction of a microsecond, and Node merges it with the route's own headers when it writes
 * the head, the route's winning where both name one (an upload's sandbox CSP, a stream's own Cache-Control).
 * Setting them on `c.res.headers` after the route instead builds a web `Headers` for every answer, and a header
 * set through `c.header()` after that turns the answer into a full web Response with its body in a stream: on
 * a small read this was most of the time the server spent on it.
 *
 * Without a Node response (`app.request` in tests, another runtime) the same headers go onto the finished
 * answer, where it has not set them itself.
 */
export type HeaderList = readonly (readonly [name: string, value: string])[];

function nodeResponse(c: Context): ServerResponse | undefined {
  const env = c.env as { outgoing?: ServerResponse } | undefined;
  return env?.outgoing;
}

/** Runs the route with these headers on its answer, unless the answer names them itself. */
export function withDefaultHeaders(
  c: Context,
  headers: HeaderList,
  next: () => Promise<void>,
): Promise<void> {
  const outgoing = nodeResponse(c);
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  return next().then(() => {
    const answer = c.res.headers;
    for (const [name, value] of headers) if (!answer.has(name)) answer.set(name, value);
  });
}
