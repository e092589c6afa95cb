import { readdirSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, signUpOn, startServerProcess } from "../../test/server-process";
import { RECONNECT_AFTER_REPLACED_MS, RETRY_WHEN_FULL_S } from "./routes";

// Issue 17: one cookie opened 19,800 event streams and the process ran out of file handles, so that every
// other request was refused. Against the real server process: one account's streams are capped, the
// instance's total is capped, and the health check keeps answering.

/** EVENT_STREAMS_MAX of the server under test: small, so that reaching it is quick. */
const TOTAL = 12;
const PER_USER = 5;

let server: ServerProcess;
beforeAll(async () => {
  // The embedded database: this is about the process, and it must not touch a shared server's data.
  server = await startServerProcess({
    env: { EVENT_STREAMS_MAX: String(TOTAL), EVENT_STREAMS_PER_USER: String(PER_USER) },
  });
}, 60_000);
afterAll(() => {
  agent.destroy();
  server?.stop();
});

type Stream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text: () => string;
  /** Whether the server has ended the response. */
  ended: () => boolean;
  destroy: () => void;
};

/** Connections kept alive after a response, as a browser keeps them: only the server closes them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** A GET /api/events as an EventSource sends it; resolves once the stream has started (or was refused). */
function openStream(cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}/api/events`, {
      agent,
      headers: { cookie, accept: "text/event-stream" },
    });
    request.once("error", reject);
    request.once("response", (response) => {
      let text = "";
      let ended = false;
      const stream: Stream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        ended: () => ended,
        destroy: () => request.destroy(),
      };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        // The `retry:` hint is written once the stream is subscribed: it is live from here on.
        if (text.includes("\n\n")) resolve(stream);
      });
      response.once("end", () => {
        ended = true;
        resolve(stream);
      });
      response.once("error", () => {
        ended = true;
        resolve(stream);
      });
    });
  });
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

/** The health check, and how long it took. */
async function health() {
  const startedAt = performance.now();
  const response = await fetch(`${server.baseUrl}/api/health`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - startedAt };
}

const openFileHandles = () => readdirSync(`/proc/${server.child.pid}/fd`).length;

describe("the event streams of one instance", () => {
  it("keeps at most five open per account, however many one cookie opens, and stays healthy", async () => {
    const { cookie } = await signUpOn(server.baseUrl);
    const handlesBefore = openFileHandles();
    const streams: Stream[] = [];
    try {
      // 300 streams, 25 at a time, as fast as the server takes them.
      for (let wave = 0; wave < 12; wave += 1)
        streams.push(...(await Promise.all(Array.from({ length: 25 }, () => openStream(cookie)))));
      expect(streams.every((stream) => stream.status === 200)).toBe(true);

      // Each replaced stream is ended by the server with the long retry hint; only the newest five remain.
      expect(await waitFor(() => streams.filter((stream) => !stream.ended()).length <= PER_USER, 5000)).toBe(
        true,
      );
      const open = streams.filter((stream) => !stream.ended());
      expect(open).toHaveLength(PER_USER);
      expect(open.every((stream) => streams.indexOf(stream) >= streams.length - 25)).toBe(true);
      for (const stream of streams.filter((each) => each.ended()))
        expect(stream.text()).toMatch(
          new RegExp(`event: replaced\\ndata: .*\\nretry: ${RECONNECT_AFTER_REPLACED_MS}\\n\\n$`),
        );

      const check = await health();
      expect(check.status).toBe(200);
      expect(check.ms).toBeLessThan(1000);
      // The replaced streams' sockets were closed with them: the process holds no more handles than before
      // but for the five streams still open (and a little slack for its own files and pools).
      expect(await waitFor(() => openFileHandles() <= handlesBefore + PER_USER + 20, 5000)).toBe(true);
    } finally {
      for (const stream of streams) stream.destroy();
    }
  }, 60_000);

  it(`refuses new streams past EVENT_STREAMS_MAX (${TOTAL}) with a 503 before the stream starts`, async () => {
    const [ada, ben, cal] = [
      await signUpOn(server.baseUrl),
      await signUpOn(server.baseUrl),
      await signUpOn(server.baseUrl),
    ];
    const streams: Stream[] = [];
    try {
      // 5 + 5 + 2 = the instance's 12.
      for (const [user, count] of [
        [ada, 5],
        [ben, 5],
        [cal, 2],
      ] as const)
        for (let index = 0; index < count; index += 1) streams.push(await openStream(user.cookie));
      expect(streams.map((stream) => stream.status)).toEqual(Array(TOTAL).fill(200));

      const refused = await openStream(cal.cookie);
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe(String(RETRY_WHEN_FULL_S));
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(refused.text())).toEqual({ error: { code: "busy", message: expect.any(String) } });
      expect((await health()).status).toBe(200);

      // Ada is at her own limit: her new tab takes her oldest's place, so the total does not grow.
      const adaAgain = await openStream(ada.cookie);
      streams.push(adaAgain);
      expect(adaAgain.status).toBe(200);
      expect(await waitFor(() => streams[0]?.ended() === true, 3000)).toBe(true);

      // When one of Ben's tabs goes away, Cal's next stream has room.
      streams[5]?.destroy();
      let calAgain = await openStream(cal.cookie);
      for (let tries = 0; calAgain.status === 503 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        calAgain = await openStream(cal.cookie);
      }
      streams.push(calAgain);
      expect(calAgain.status).toBe(200);
    } finally {
      for (const stream of streams) stream.destroy();
    }
  }, 60_000);
});
