import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import { createAdaptorServer } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { streamText } from "hono/streaming";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer, prepareHeaders, REQUEST_ID_HEADER, withDefaultHeaders } from "./response-headers";

const DEFAULTS = prepareHeaders([
  ["Content-Security-Policy", "default-src 'self'"],
  ["X-Frame-Options", "DENY"],
  ["Cache-Control", "no-store"],
]);

/** A small app whose first step puts DEFAULTS and a request id on every answer, as requestContext does. */
function testApp() {
  return new Hono<{ Bindings: HttpBindings }>()
    .use((c, next) => withDefaultHeaders(c, DEFAULTS, c.req.header("x-request-id") ?? "made-here", next))
    .get("/json", (c) => c.json({ ok: true }))
    .get("/own-caching", (c) => c.json({ ok: true }, 200, { "cache-control": "private, max-age=60" }))
    .get("/one-by-one", (c) => {
      c.env.outgoing.setHeader("X-Frame-Options", "SAMEORIGIN");
      c.env.outgoing.setHeader("X-Extra", "yes");
      return c.text("set on Node's response");
    })
    .get("/empty", (c) => c.body(null, 204))
    .get("/stream", (c) => {
      c.header("Cache-Control", "no-cache");
      return streamText(c, async (stream) => {
        await stream.write("first ");
        await stream.write("second");
      });
    })
    .get("/reason", (c) => {
      c.env.outgoing.writeHead(418, "Short and stout", { "content-type": "text/plain" });
      c.env.outgoing.end("tea");
      return RESPONSE_ALREADY_SENT;
    });
}

/** Every header line as sent, names lower-cased, so that a header sent twice shows twice. */
function rawHead(baseUrl: string, path: string, method = "GET", headers: Record<string, string> = {}) {
  return new Promise<{ status: number; message: string; lines: [string, string][]; body: string }>(
    (resolve, reject) => {
      const request = http.request(`${baseUrl}${path}`, { method, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => {
          const lines: [string, string][] = [];
          for (let index = 0; index < response.rawHeaders.length; index += 2)
            lines.push([
              (response.rawHeaders[index] as string).toLowerCase(),
              response.rawHeaders[index + 1] as string,
            ]);
          resolve({ status: response.statusCode ?? 0, message: response.statusMessage ?? "", lines, body });
        });
      });
      request.on("error", reject);
      request.end();
    },
  );
}

const valuesOf = (lines: [string, string][], name: string) =>
  lines.filter(([line]) => line === name).map(([, value]) => value);

describe.each([
  ["the app's server (one head for all headers)", () => createAppServer(testApp().fetch)],
  [
    "a plain @hono/node-server (headers set one by one)",
    () => createAdaptorServer({ fetch: testApp().fetch }) as Server,
  ],
])("default headers on %s", (_, makeServer) => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = makeServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("are on an answer once each, with its request id and its own content type", async () => {
    const { status, lines, body } = await rawHead(baseUrl, "/json");
    expect(status).toBe(200);
    expect(body).toBe('{"ok":true}');
    for (const [name, value] of DEFAULTS.list) expect(valuesOf(lines, name.toLowerCase())).toEqual([value]);
    expect(valuesOf(lines, REQUEST_ID_HEADER.toLowerCase())).toEqual(["made-here"]);
    expect(valuesOf(lines, "content-type")).toEqual(["application/json"]);
    expect(valuesOf(lines, "content-length")).toEqual(["11"]);
  });

  it("carry the caller's request id back", async () => {
    const { lines } = await rawHead(baseUrl, "/json", "GET", { "x-request-id": "from-the-proxy" });
    expect(valuesOf(lines, "x-request-id")).toEqual(["from-the-proxy"]);
  });

  it("give way to a header the route names itself, in any case", async () => {
    const { lines } = await rawHead(baseUrl, "/own-caching");
    expect(valuesOf(lines, "cache-control")).toEqual(["private, max-age=60"]);
    expect(valuesOf(lines, "x-frame-options")).toEqual(["DENY"]);
  });

  it("give way to headers a route set one by one on Node's response", async () => {
    const { lines, body } = await rawHead(baseUrl, "/one-by-one");
    expect(body).toBe("set on Node's response");
    expect(valuesOf(lines, "x-frame-options")).toEqual(["SAMEORIGIN"]);
    expect(valuesOf(lines, "x-extra")).toEqual(["yes"]);
    expect(valuesOf(lines, "cache-control")).toEqual(["no-store"]);
    expect(valuesOf(lines, "x-request-id")).toEqual(["made-here"]);
  });

  it("are on an answer with no body, and on HEAD", async () => {
    const empty = await rawHead(baseUrl, "/empty");
    expect(empty.status).toBe(204);
    expect(valuesOf(empty.lines, "x-frame-options")).toEqual(["DENY"]);
    const head = await rawHead(baseUrl, "/json", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(valuesOf(head.lines, "content-security-policy")).toEqual(["default-src 'self'"]);
  });

  it("are on a streamed answer, beside its own caching", async () => {
    const { lines, body } = await rawHead(baseUrl, "/stream");
    expect(body).toBe("first second");
    expect(valuesOf(lines, "cache-control")).toEqual(["no-cache"]);
    expect(valuesOf(lines, "x-frame-options")).toEqual(["DENY"]);
  });

  it("keep a status message the route gives", async () => {
    const { status, message, lines, body } = await rawHead(baseUrl, "/reason");
    expect([status, message, body]).toEqual([418, "Short and stout", "tea"]);
    expect(valuesOf(lines, "content-type")).toEqual(["text/plain"]);
    expect(valuesOf(lines, "x-frame-options")).toEqual(["DENY"]);
  });
});

describe("default headers without a Node response (app.request)", () => {
  it("go onto the finished answer where it has not set them", async () => {
    const app = testApp();
    const plain = await app.request("/json");
    expect(plain.headers.get("cache-control")).toBe("no-store");
    expect(plain.headers.get(REQUEST_ID_HEADER)).toBe("made-here");
    const own = await app.request("/own-caching");
    expect(own.headers.get("cache-control")).toBe("private, max-age=60");
  });
});
