import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * A request header by its lower-case name. Served by @hono/node-server, it is read from Node's own request:
 * `c.req.header()` builds a web `Headers` of every header first, which on a small read cost more than the
 * route's own work. Without a Node request (`app.request` in tests) it is read from the web request.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
