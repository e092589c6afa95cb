import { type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server, ServerResponse } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import type { Context } from "hono";

/**
 * Headers most answers carry (security headers, no-store, the request id), set at the lowest cost.
 *
 * Served by @hono/node-server, the request's Node response is `c.env.outgoing`. Headers put there before the
 * route runs need no web `Headers` (setting them on `c.res.headers` after the route built one for every answer,
 * and a header set through `c.header()` after that turned the answer into a full web Response with its body in
 * a stream: on a small read this was most of the time the server spent on it). Node merges them with the route's
 * own when it writes the head, the route's winning where both name one (an upload's sandbox CSP, a stream's own
 * Cache-Control).
 *
 * Without a Node response (`app.request` in tests, another runtime) the same headers go onto the finished
 * answer, where it has not set them itself.
 */
export type HeaderList = readonly (readonly [name: string, value: string])[];

/** Sent back on every answer (request-id.ts). */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** Default headers with their lower-case names, prepared once, to tell whether a route names one itself. */
export type PreparedHeaders = { readonly list: HeaderList; readonly names: ReadonlySet<string> };

export function prepareHeaders(list: HeaderList): PreparedHeaders {
  return { list, names: new Set(list.map(([name]) => name.toLowerCase())) };
}

type HeaderRecord = OutgoingHttpHeaders | readonly OutgoingHttpHeader[];

function names(headers: HeaderRecord | undefined, name: string): boolean {
  if (!headers) return false;
  const lower = name.toLowerCase();
  if (Array.isArray(headers)) {
    for (let index = 0; index < headers.length; index += 2)
      if (String(headers[index]).toLowerCase() === lower) return true;
    return false;
  }
  for (const key in headers) if (key.toLowerCase() === lower) return true;
  return false;
}

/**
 * Node's response, carrying the default headers and the request id into the head in one step with the route's
 * own.
 *
 * Set one by one with setHeader, Node checks each header's name and value, files it under its lower-case name,
 * and goes through them all again to write the head: with the 14 every API answer carries (15 over https), that
 * cost a third of what hello-world costs per request. Handed to writeHead as one list, each is checked and
 * written once, with no header map at all. A route that set headers one by one gets the defaults the same way, where it has
 * not named them itself.
 */
export class AppServerResponse extends ServerResponse {
  #defaults: PreparedHeaders | undefined;
  #requestId = "";

  /** The headers this answer carries unless its route names them, and its X-Request-Id. */
  answerWith(defaults: PreparedHeaders, requestId: string): void {
    this.#defaults = defaults;
    this.#requestId = requestId;
  }

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | HeaderRecord,
    maybeHeaders?: HeaderRecord,
  ): this {
    const defaults = this.#defaults;
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    const own = reason === undefined ? (reasonOrHeaders as HeaderRecord | undefined) : maybeHeaders;
    if (!defaults) return super.writeHead(statusCode, reason, own as OutgoingHttpHeaders);
    this.#defaults = undefined;
    if (Array.isArray(own) || this.getHeaderNames().length > 0) {
      // Headers were set one by one (or come as a list): Node merges what writeHead is given into them.
      this.setHeader(REQUEST_ID_HEADER, this.#requestId);
      for (const [name, value] of defaults.list)
        if (!this.hasHeader(name) && !names(own, name)) this.setHeader(name, value);
      return super.writeHead(statusCode, reason, own as OutgoingHttpHeaders);
    }
    const record = (own ?? {}) as OutgoingHttpHeaders;
    const head: OutgoingHttpHeader[] = [REQUEST_ID_HEADER, this.#requestId];
    let overrides = false;
    for (const name in record) {
      const value = record[name];
      if (value === undefined) continue;
      head.push(name, value);
      if (defaults.names.has(name.toLowerCase())) overrides = true;
    }
    for (const [name, value] of defaults.list) if (!overrides || !names(record, name)) head.push(name, value);
    return super.writeHead(statusCode, reason, head);
  }
}

/** The HTTP server for the app: @hono/node-server's, answering through AppServerResponse. */
export function createAppServer(fetch: Parameters<typeof createAdaptorServer>[0]["fetch"]): Server {
  return createAdaptorServer({
    fetch,
    serverOptions: { ServerResponse: AppServerResponse as typeof ServerResponse },
  }) as Server;
}

/** Runs the route with these headers and the request id on its answer, unless the answer names them itself. */
export function withDefaultHeaders(
  c: Context,
  headers: PreparedHeaders,
  requestId: string,
  next: () => Promise<void>,
): Promise<void> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing instanceof AppServerResponse) {
    outgoing.answerWith(headers, requestId);
    return next();
  }
  // Node's plain response (a server made without createAppServer): the headers go on one by one.
  if (outgoing) {
    outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of headers.list) outgoing.setHeader(name, value);
    return next();
  }
  return next().then(() => {
    const answer = c.res.headers;
    answer.set(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of headers.list) if (!answer.has(name)) answer.set(name, value);
  });
}
