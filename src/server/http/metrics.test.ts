import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibraryImageGenerator } from "../adapters/ai/image-library";
import { createLibraryTextGenerator } from "../adapters/ai/text-library";
import { AiError, type TextGenerator } from "../adapters/ai/types";
import { createOutboxMailer } from "../adapters/mail/mailer";
import { createLocalModerator } from "../adapters/moderation/local";
import { createNoPictureModerator } from "../adapters/moderation/pictures";
import { createApp } from "../app";
import { MAIL_JOB } from "../jobs/mail";
import { takeErrorLogs } from "../test/error-logs";
import { call, createTestApp, signUpUser, TEST_APP_URL, TEST_LIMITS, type TestApp } from "../test/harness";
import { measuredTextGenerator, watchInstance } from "./metrics";

const TOKEN = "a-metrics-token-for-the-tests";

let t: TestApp;
/** The same services as `t`, with METRICS_TOKEN set. */
let withMetrics: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const app = createApp({
    config: {
      appUrl: TEST_APP_URL,
      authSecret: t.authSecret,
      trustProxy: false,
      limits: TEST_LIMITS,
      metricsToken: TOKEN,
    },
    db: t.db,
    mailer: createOutboxMailer(join(t.dataDir, "outbox"), "Lamplight <no-reply@lamplight.test>", t.logger),
    mailQueue: t.mailQueue,
    pushQueue: t.pushQueue,
    storage: t.storage,
    logger: t.logger,
    bus: t.bus,
    ai: { text: createLibraryTextGenerator({ pieceDelayMs: 0 }), image: createLibraryImageGenerator() },
    moderator: createLocalModerator(),
    pictureModerator: createNoPictureModerator(),
  });
  // A route that fails the way a bug would, outside /api so the API's catch-all does not answer first.
  app.get("/test/broken", () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  });
  // A handler that logs through the services, as every feature does.
  app.get("/test/logs", (c) => {
    c.var.deps.logger.error({ step: "one" }, "first line");
    c.var.deps.logger.error({ step: "two" }, "second line");
    return c.text("logged");
  });
  withMetrics = { ...t, app };
});

afterAll(async () => {
  await t.close();
});

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  call(withMetrics, "/metrics", { headers });

/** The value of one sample line of the scrape, e.g. `name{labels}`; undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("X-Request-Id", () => {
  it("is on every response, a fresh UUID for each request", async () => {
    const first = await call(t, "/api/health");
    const second = await call(t, "/api/nothing-here");
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first.headers.get("x-request-id")).toMatch(uuid);
    expect(second.status).toBe(404);
    expect(second.headers.get("x-request-id")).toMatch(uuid);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("is on the answers of the sign-in library too, which makes its own responses", async () => {
    const response = await call(t, "/api/auth/sign-in/email", {
      json: { email: "nobody@example.com", password: "Lamp-river-2026" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is on every answer of the real Node server, the sign-in library's own included", async () => {
    const server = createAdaptorServer({ fetch: t.app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_APP_URL },
        body: JSON.stringify({ email: "nobody@example.com", password: "Lamp-river-2026" }),
      });
      expect(signIn.status).toBe(401);
      expect(signIn.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const health = await fetch(`${base}/api/health`, { headers: { "x-request-id": "lb-42" } });
      expect(health.headers.get("x-request-id")).toBe("lb-42");
    } finally {
      server.close();
    }
  });

  it("keeps a short, plain id sent by a proxy", async () => {
    const response = await call(t, "/api/health", { headers: { "x-request-id": "lb-7f3a9c_01=" } });
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a9c_01=");
  });

  it("replaces an id that is too long or could forge a log line", async () => {
    for (const hostile of ['a" , "level":60', "x".repeat(65), "id\twith\ttabs", "<script>", "a/b"]) {
      const response = await call(t, "/api/health", { headers: { "x-request-id": hostile } });
      const id = response.headers.get("x-request-id");
      expect(id, hostile).not.toBe(hostile);
      expect(id, hostile).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("is on the error log of an unexpected failure, the same id the response carries", async () => {
    const response = await call(withMetrics, "/test/broken", {
      headers: { "x-request-id": "trace-broken-1" },
    });
    expect(response.status).toBe(500);
    expect(response.data).toEqual({ error: { code: "internal", message: expect.any(String) } });
    expect(response.headers.get("x-request-id")).toBe("trace-broken-1");
    const logs = takeErrorLogs();
    expect(logs).toEqual([
      expect.objectContaining({ msg: "unhandled error", requestId: "trace-broken-1", path: "/test/broken" }),
    ]);
  });

  it("is on every line a handler logs through the app's services, without being passed", async () => {
    const response = await call(withMetrics, "/test/logs");
    const id = response.headers.get("x-request-id");
    expect(takeErrorLogs()).toEqual([
      expect.objectContaining({ msg: "first line", requestId: id }),
      expect.objectContaining({ msg: "second line", requestId: id }),
    ]);
    // The app's own logger, which createApp was given, stays as it was: no id leaks into the next request.
    t.logger.error("outside any request");
    expect(takeErrorLogs()).toEqual([expect.not.objectContaining({ requestId: expect.anything() })]);
  });
});

describe("GET /metrics", () => {
  it("is not there (404) when METRICS_TOKEN is not set, token or not", async () => {
    const response = await call(t, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("# HELP");
  });

  it("refuses a missing or wrong token with 401 and shows nothing", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer a-metrics-token-for-the-test" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await scrape(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(response.text).not.toContain("# HELP");
    }
  });

  it("answers the right token with the Prometheus text format, never cached", async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    for (const name of [
      "lamplight_http_request_duration_seconds",
      "lamplight_event_streams_open",
      "lamplight_ai_calls_total",
      "lamplight_ai_call_duration_seconds",
      "lamplight_moderation_refusals_total",
    ])
      expect(response.text).toContain(`# HELP ${name} `);
  });

  it("counts and times requests by route pattern, method and status, never by the URL itself", async () => {
    const series =
      'lamplight_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    const before = sample((await scrape()).text, series) ?? 0;
    await call(withMetrics, "/api/health");
    await call(withMetrics, "/api/health");
    const text = (await scrape()).text;
    expect(sample(text, series)).toBe(before + 2);
    expect(
      sample(
        text,
        'lamplight_http_request_duration_seconds_bucket{le="2.5",method="GET",route="/api/health",status="200"}',
      ),
    ).toBe(before + 2);

    // Two stories: one route pattern. The 401 comes from the sign-in check, and is counted where it answered.
    await call(withMetrics, "/api/stories/david-and-goliath");
    await call(withMetrics, "/api/stories/noahs-ark");
    const after = (await scrape()).text;
    expect(after).not.toContain("david-and-goliath");
    expect(after).not.toContain("noahs-ark");
    const unauthorised = [
      ...after.matchAll(
        /lamplight_http_request_duration_seconds_count\{method="GET",route="(\/api\/stories[^"]*)",status="401"\} (\d+)/g,
      ),
    ];
    expect(unauthorised.map((match) => Number(match[2]))).toEqual([2]);

    // A signed-in read is counted under its own pattern.
    const user = await signUpUser(withMetrics);
    const read = await call(withMetrics, "/api/stories", { cookie: user.cookie });
    expect(read.status).toBe(200);
    expect(
      sample(
        (await scrape()).text,
        'lamplight_http_request_duration_seconds_count{method="GET",route="/api/stories",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it("counts what moderation refuses", async () => {
    const user = await signUpUser(withMetrics);
    const series = 'lamplight_moderation_refusals_total{source="user_text",reason="phone"}';
    const before = sample((await scrape()).text, series) ?? 0;
    const group = await call(withMetrics, "/api/groups", {
      cookie: user.cookie,
      json: { name: "Call me at 555 123 4567" },
    });
    expect(group.status).toBe(422);
    expect(sample((await scrape()).text, series)).toBe(before + 1);
  });

  it("counts the open event streams when scraped", async () => {
    const user = await signUpUser(withMetrics);
    const open = await withMetrics.app.request(`${TEST_APP_URL}/api/events`, {
      headers: { cookie: user.cookie, origin: TEST_APP_URL },
    });
    expect(open.status).toBe(200);
    expect(sample((await scrape()).text, "lamplight_event_streams_open")).toBe(1);
    await open.body?.cancel();
  });
});

describe("the job queue on /metrics", () => {
  it("shows the jobs not done per queue, counted in the database, and still answers when it cannot count", async () => {
    let failing = false;
    watchInstance({
      eventStreamsMax: 5000,
      jobsWaiting: async () => {
        if (failing) throw new Error("the database is away");
        // The app's own queue, with one mail queued and no worker started to send it.
        return t.jobQueue.waiting();
      },
    });
    await t.jobQueue.send(MAIL_JOB, { message: { to: "x@example.org", subject: "s", text: "t" }, key: null });

    const first = await scrape();
    expect(sample(first.text, 'lamplight_jobs_waiting{queue="mail"}')).toBe(1);
    failing = true;
    const second = await scrape();
    expect(second.status).toBe(200);
    expect(second.text).toContain("lamplight_event_streams_max 5000");
  });
});

describe("AI calls", () => {
  const failing = (error: Error): TextGenerator => ({
    provider: "openai",
    async *stream() {
      yield "Once";
      throw error;
    },
    complete: async () => {
      throw error;
    },
  });
  const count = async (labels: string) =>
    sample((await scrape()).text, `lamplight_ai_calls_total{${labels}}`) ?? 0;

  it("counts each call by outcome, a failure by its kind, and times all but the abandoned", async () => {
    const ok = 'service="text_stream",provider="library",outcome="ok"';
    const stalled = 'service="text_stream",provider="openai",outcome="stalled"';
    const upstream = 'service="text_complete",provider="openai",outcome="upstream"';
    const before = { ok: await count(ok), stalled: await count(stalled), upstream: await count(upstream) };
    const signal = new AbortController().signal;

    const library = measuredTextGenerator(createLibraryTextGenerator({ pieceDelayMs: 0 }));
    let text = "";
    for await (const piece of library.stream([], { signal, libraryText: "In the beginning." })) text += piece;
    expect(text).toBe("In the beginning.");

    const broken = measuredTextGenerator(failing(new AiError("OpenAI sent nothing for 20000 ms", "stalled")));
    await expect(async () => {
      for await (const _ of broken.stream([], { signal })) {
      }
    }).rejects.toThrow("sent nothing");
    const refused = measuredTextGenerator(failing(new AiError("OpenAI API error: 500", "upstream", 500)));
    await expect(refused.complete([], { signal })).rejects.toThrow("API error");

    expect(await count(ok)).toBe(before.ok + 1);
    expect(await count(stalled)).toBe(before.stalled + 1);
    expect(await count(upstream)).toBe(before.upstream + 1);
    expect(
      sample(
        (await scrape()).text,
        'lamplight_ai_call_duration_seconds_count{service="text_complete",provider="openai"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});
