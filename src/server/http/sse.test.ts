import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env";
import { sseBody, streamAnswer } from "./sse";

type Event = { type: "ping" } | { type: "delta"; text: string };

const logged: unknown[] = [];
/** What each /slow stream saw of its reader leaving, by the id it was asked with. */
const left = new Map<string, Promise<boolean>>();

function testApp() {
  const app = new Hono<AppEnv>();
  app.use((c, next) => {
    c.set("deps", { logger: { error: (fields: unknown) => logged.push(fields) } } as never);
    return next();
  });
  app.get("/story", (c) =>
    streamAnswer<Event>(c, { ping: { type: "ping" }, pingMs: 60_000 }, async ({ send }) => {
      await send({ type: "delta", text: "In the beginning" });
      await send({ type: "delta", text: " God created\nthe heavens" });
    }),
  );
  app.get("/slow", (c) =>
    streamAnswer<Event>(c, { ping: { type: "ping" }, pingMs: 20 }, async ({ send, signal }) => {
      await send({ type: "delta", text: "first" });
      left.set(
        c.req.query("id") ?? "",
        new Promise((resolve) => {
          const timer = setTimeout(() => resolve(false), 5_000);
          signal.addEventListener("abort", () => {
            clearTimeout(timer);
            resolve(true);
          });
        }),
      );
      await left.get(c.req.query("id") ?? "");
    }),
  );
  app.get("/fails", (c) =>
    streamAnswer<Event>(c, { ping: { type: "ping" }, pingMs: 60_000 }, async ({ send }) => {
      await send({ type: "delta", text: "half" });
      throw new Error("the model went away");
    }),
  );
  return app;
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createAdaptorServer({ fetch: testApp().fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Reads a stream until `until` says it has enough (then leaves it) or it ends. */
function read(path: string, until: (body: string) => boolean = () => false) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
        if (until(body)) {
          request.destroy();
          resolve({ headers: response.headers, body });
        }
      });
      response.on("end", () => resolve({ headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

describe("an answer's event stream", () => {
  it("writes each event as one data line of JSON and ends when the answer is done", async () => {
    const { headers, body } = await read("/story");
    expect(headers["content-type"]).toBe("text/event-stream");
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers["x-accel-buffering"]).toBe("no");
    expect(headers["transfer-encoding"]).toBe("chunked");
    expect(body).toBe(
      'data: {"type":"delta","text":"In the beginning"}\n\n' +
        'data: {"type":"delta","text":" God created\\nthe heavens"}\n\n',
    );
  });

  it("pings while the answer waits, and tells the answer when the reader leaves", async () => {
    const { body } = await read("/slow?id=leaves", (text) => text.split('{"type":"ping"}').length > 2);
    expect(body.startsWith('data: {"type":"delta","text":"first"}\n\ndata: {"type":"ping"}\n\n')).toBe(true);
    await expect(left.get("leaves")).resolves.toBe(true);
  });

  it("logs an answer that fails and still ends the response", async () => {
    logged.length = 0;
    const { body } = await read("/fails");
    expect(body).toBe('data: {"type":"delta","text":"half"}\n\n');
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as { err: Error }).err.message)).toBe("the model went away");
  });
});

describe("an event stream's body", () => {
  it("holds writers back while its queue is full, and lets every one of them on as the reader takes frames", async () => {
    let cancelled = false;
    const stream = sseBody(() => {
      cancelled = true;
    }, 2);
    expect(stream.write("data: 1\n\n")).toBe(true);
    expect(stream.write("data: 2\n\n")).toBe(false);
    let released = 0;
    const waiting = [stream.whenRoom(), stream.whenRoom()].map((room) => room.then(() => released++));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(released).toBe(0);
    const reader = stream.body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 1\n\n");
    await Promise.all(waiting);
    expect(released).toBe(2);
    await reader.cancel();
    expect(cancelled).toBe(true);
    // Once the reader has gone, writes go nowhere and nobody waits.
    expect(stream.write("data: 3\n\n")).toBe(false);
    await stream.whenRoom();
  });
});
