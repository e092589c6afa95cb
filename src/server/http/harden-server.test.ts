import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUpUser, type TestApp } from "../test/harness";
import { hardenServer } from "./harden-server";

// The Node server's timeouts, against a real server on a real port, with raw sockets that misbehave as slow
// clients do. The production values (10 s, 30 s) are shortened here so that the file takes seconds.

const HEADERS_MS = 600;
const BODY_STALL_MS = 1000;
const CHECK_INTERVAL_MS = 50;
/** Timers on a busy machine: how much later than its limit a connection may be cut. */
const SLACK_MS = 1500;
/** Longer than the stall limit: the quiet stretches of an event stream between two pings. */
const PING_MS = 1200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ realtimePingMs: PING_MS });
  // The app as it is, plus two routes that read a whole body as an upload does.
  const outer = new Hono();
  // A body cut off mid-way fails its read: expected here, so it is answered rather than logged.
  outer.onError((_error, c) => c.text("cut off", 400));
  outer.post("/test/upload", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  outer.post("/test/upload-then-think", async (c) => {
    const bytes = (await c.req.arrayBuffer()).byteLength;
    await sleep(BODY_STALL_MS * 2.5);
    return c.json({ bytes });
  });
  outer.all("*", (c) => t.app.fetch(c.req.raw, c.env));
  server = createAdaptorServer({ fetch: outer.fetch }) as Server;
  hardenServer(server, {
    headersMs: HEADERS_MS,
    bodyStallMs: BODY_STALL_MS,
    checkIntervalMs: CHECK_INTERVAL_MS,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A raw connection: everything the server sent, and when (ms after opening) the server closed it. */
async function open() {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const openedAt = performance.now();
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  // Writing to a connection the server has already cut fails; that is what some tests expect.
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(performance.now() - openedAt)),
  );
  return {
    socket,
    received: () => received,
    /** Resolves with when the server closed it, or undefined if it is still open after `ms`. */
    closedWithin: (ms: number) => Promise.race([closed, sleep(ms).then(() => undefined)]),
    write: (text: string) => {
      if (!socket.destroyed) socket.write(text);
    },
  };
}

const head = (lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;

describe("the hardened HTTP server", () => {
  it("cuts a connection that sends nothing", async () => {
    const connection = await open();
    const closedAt = await connection.closedWithin(HEADERS_MS + SLACK_MS);
    expect(closedAt).toBeDefined();
    expect(closedAt).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("cuts headers dribbled in, each line in good time, the whole too slowly", async () => {
    const connection = await open();
    connection.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    let line = 0;
    const dribble = setInterval(() => connection.write(`X-Slow-${line++}: a\r\n`), HEADERS_MS / 4);
    try {
      const closedAt = await connection.closedWithin(HEADERS_MS + SLACK_MS * 2);
      expect(closedAt).toBeDefined();
      expect(closedAt).toBeLessThan(HEADERS_MS + SLACK_MS);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(dribble);
      connection.socket.destroy();
    }
  });

  it("cuts a request body that stalls", async () => {
    const connection = await open();
    connection.write(
      head([
        "POST /test/upload HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: video/mp4",
        "Content-Length: 100",
      ]),
    );
    connection.write("0123456789");
    const closedAt = await connection.closedWithin(BODY_STALL_MS + SLACK_MS);
    expect(closedAt).toBeDefined();
    expect(closedAt).toBeGreaterThanOrEqual(BODY_STALL_MS - 50);
    expect(connection.received()).not.toMatch(/^HTTP\/1\.1 200 /);
  });

  it("lets a slow upload that keeps moving take far longer than the stall limit", async () => {
    const connection = await open();
    const bytes = 15;
    connection.write(
      head([
        "POST /test/upload HTTP/1.1",
        "Host: 127.0.0.1",
        "Connection: close",
        `Content-Length: ${bytes}`,
      ]),
    );
    // A byte every fifth of the stall limit: the whole body takes three stall limits to arrive.
    for (let index = 0; index < bytes; index += 1) {
      await sleep(BODY_STALL_MS / 5);
      connection.write("x");
    }
    expect(await connection.closedWithin(5000)).toBeDefined();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.received()).toContain(`{"bytes":${bytes}}`);
  }, 20_000);

  it("lets the answer to a whole body take longer than the stall limit", async () => {
    const connection = await open();
    connection.write(
      head([
        "POST /test/upload-then-think HTTP/1.1",
        "Host: 127.0.0.1",
        "Connection: close",
        "Content-Length: 4",
      ]),
    );
    connection.write("abcd");
    expect(await connection.closedWithin(BODY_STALL_MS * 2.5 + 5000)).toBeDefined();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.received()).toContain('{"bytes":4}');
  });

  it("never cuts an event stream, though it is quiet between pings for longer than any limit", async () => {
    const user = await signUpUser(t);
    const connection = await open();
    connection.write(
      head([
        "GET /api/events HTTP/1.1",
        "Host: 127.0.0.1",
        `Cookie: ${user.cookie}`,
        "Accept: text/event-stream",
      ]),
    );
    try {
      // Past the headers limit, four stall limits, and two quiet stretches between pings.
      expect(await connection.closedWithin(PING_MS * 2.6)).toBeUndefined();
      expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(connection.received()).toContain("retry: ");
      expect(connection.received().match(/^: ping$/gm)?.length).toBeGreaterThanOrEqual(2);
    } finally {
      connection.socket.destroy();
    }
  });
});
