import { createHash, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import type { Context, Handler } from "hono";
import { routePath } from "hono/route";
import {
  AiError,
  type ImageGenerator,
  type SpeechSynthesizer,
  type TextGenerator,
} from "../adapters/ai/types";
import type { PoolStats } from "../db/client";
import { errorBody } from "./errors";

// What an operator scrapes at GET /metrics (Prometheus text format, with METRICS_TOKEN; docs/operations.md).
// One registry per process: the adapters and guards count into it with a one-line call, and the gauges read
// their sources only when scraped, so nothing here runs per request but one histogram observation. Without
// METRICS_TOKEN prom-client is never loaded and every one-line call does nothing, so an instance that is not
// scraped pays neither the memory nor the time.

type PromClient = typeof import("prom-client");

/** Methods a route may have; anything else a client invents is counted as "other", never as its own series. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The open event streams of the app's events feature (the latest app of the process wins). */
let openEventStreams: (() => number) | undefined;

function createInstruments(prom: PromClient) {
  const registry = new prom.Registry();
  const registers = [registry];
  new prom.Gauge({
    name: "lamplight_event_streams_open",
    help: "Live-update streams (GET /api/events) open on this instance; refused with 503 past EVENT_STREAMS_MAX",
    registers,
    collect() {
      this.set(openEventStreams?.() ?? 0);
    },
  });
  return {
    prom,
    registry,
    httpRequests: new prom.Histogram({
      name: "lamplight_http_request_duration_seconds",
      help: "Time from a request's arrival to its response's headers, by method, route pattern and status; _count is the request count",
      labelNames: ["method", "route", "status"] as const,
      // Our read goals are tens of milliseconds; past a second something is wrong, and how wrong is in the log.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    aiCalls: new prom.Counter({
      name: "lamplight_ai_calls_total",
      help: "Calls to the AI and voice services by service, provider and outcome (ok, aborted by the reader, or the failure: upstream, stalled, empty, malformed, error)",
      labelNames: ["service", "provider", "outcome"] as const,
      registers,
    }),
    aiDurations: new prom.Histogram({
      name: "lamplight_ai_call_duration_seconds",
      help: "Duration of AI and voice calls that were not abandoned: a whole streamed text, a completion, a picture, or the wait for the first audio",
      labelNames: ["service", "provider"] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80],
      registers,
    }),
    moderationRefusals: new prom.Counter({
      name: "lamplight_moderation_refusals_total",
      help: "What moderation stopped: user_text (reason: the category), picture (reason: post, avatar or illustration), ai_flag (reason: the flag's kind)",
      labelNames: ["source", "reason"] as const,
      registers,
    }),
  };
}

let instruments: ReturnType<typeof createInstruments> | undefined;

/** Turns metrics on for this process (once METRICS_TOKEN is known to be set); a second call changes nothing. */
function enableMetrics() {
  instruments ??= createInstruments(createRequire(import.meta.url)("prom-client") as PromClient);
  return instruments;
}

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Records one request by the route pattern that answered it (`/api/groups/:groupId/posts`, never the URL
 * itself, so the number of series stays that of the routes), from `startedAt` (performance.now()) to now. Called
 * by the first middleware once the rest of the chain is done (src/server/http/request-id.ts), so the whole chain
 * is inside the time and timing adds no step of its own. An event stream counts until its headers go out.
 */
export function observeRequest(c: Context, startedAt: number): void {
  if (!instruments) return;
  // After the chain has run, the route index is that of the handler (or middleware) that answered or threw.
  const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : "other";
  instruments.httpRequests.observe(
    { method, route: routePath(c), status: c.res.status },
    (performance.now() - startedAt) / 1000,
  );
}

// ── The endpoint ──────────────────────────────────────────────────────────────────────────────────────────

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics: the registry in Prometheus' text format for `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * token configured there is nothing here (404); a wrong or missing token is a 401. The header is compared as a
 * hash in constant time, so the time taken says nothing about how much of a guess was right.
 */
export function metricsEndpoint(token: string | undefined): Handler {
  const expected = token ? sha256(`Bearer ${token}`) : undefined;
  const registry = token ? enableMetrics().registry : undefined;
  return async (c) => {
    c.header("Cache-Control", "no-store");
    if (!expected || !registry) return c.json(errorBody("not_found", "There is nothing here."), 404);
    if (!timingSafeEqual(sha256(c.req.header("authorization") ?? ""), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody("unauthorized", "The metrics token is missing or wrong."), 401);
    }
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  };
}

// ── What the instance holds: gauges read when scraped ──────────────────────────────────────────────────

/** The events feature tells where its count of open streams is (read only when scraped). */
export function watchOpenEventStreams(count: () => number): void {
  openEventStreams = count;
}

let watchingInstance = false;

/**
 * What main.ts knows once at start, with METRICS_TOKEN set: the database pool (only when the app reaches
 * PostgreSQL through its pool) and the limit on open streams. Also turns on Node's own process metrics
 * (memory, CPU, event-loop delay, GC).
 */
export function watchInstance(options: {
  databasePool?: () => PoolStats;
  eventStreamsMax: number;
  /** The job queue's jobs not done yet, per queue (src/server/jobs/queue.ts). */
  jobsWaiting?: () => Promise<{ queue: string; count: number }[]>;
}): void {
  if (watchingInstance) return;
  watchingInstance = true;
  const { prom, registry } = enableMetrics();
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });
  new prom.Gauge({
    name: "lamplight_event_streams_max",
    help: "EVENT_STREAMS_MAX: open live-update streams this instance accepts (0 = no limit)",
    registers,
  }).set(options.eventStreamsMax);
  const jobsWaiting = options.jobsWaiting;
  if (jobsWaiting)
    new prom.Gauge({
      name: "lamplight_jobs_waiting",
      help: "Jobs not done yet (waiting, waiting to retry, or running) per queue: deployment-wide, read from the database",
      labelNames: ["queue"],
      registers,
      async collect() {
        // A database away for a moment leaves the last figures; the scrape still answers.
        const counts = await jobsWaiting().catch(() => []);
        for (const { queue, count } of counts) this.set({ queue }, count);
      },
    });
  const pool = options.databasePool;
  if (!pool) return;
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new prom.Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(pool()));
      },
    });
  poolGauge("lamplight_db_pool_connections", "Open connections of the PostgreSQL pool", (s) => s.total);
  poolGauge("lamplight_db_pool_idle_connections", "Open connections not in use", (s) => s.idle);
  poolGauge(
    "lamplight_db_pool_waiting",
    "Queries waiting for a free connection: above 0 for long, the pool (or the database) is the bottleneck",
    (s) => s.waiting,
  );
  poolGauge("lamplight_db_pool_max_connections", "Most connections the pool opens", (s) => s.max);
}

// ── AI and voice calls ────────────────────────────────────────────────────────────────────────────────

type AiService = "text_stream" | "text_complete" | "image" | "speech";

/** An AiError's kind (upstream, stalled, empty, malformed, aborted); anything else thrown is "error". */
function outcomeOf(error: unknown): string {
  return error instanceof AiError ? error.kind : "error";
}

function recordAiCall(service: AiService, provider: string, startedAt: number, outcome: string): void {
  if (!instruments) return;
  instruments.aiCalls.inc({ service, provider, outcome });
  if (outcome !== "aborted")
    instruments.aiDurations.observe({ service, provider }, (performance.now() - startedAt) / 1000);
}

async function measure<T>(service: AiService, provider: string, call: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    const result = await call();
    recordAiCall(service, provider, startedAt, "ok");
    return result;
  } catch (error) {
    recordAiCall(service, provider, startedAt, outcomeOf(error));
    throw error;
  }
}

/** The text service, each call counted and timed; a stream counts from the call to its last piece. */
export function measuredTextGenerator(generator: TextGenerator): TextGenerator {
  const { provider } = generator;
  return {
    provider,
    async *stream(messages, options) {
      const startedAt = performance.now();
      let outcome = "ok";
      try {
        yield* generator.stream(messages, options);
      } catch (error) {
        outcome = outcomeOf(error);
        throw error;
      } finally {
        // A reader that stops early (a guardrail withholding the rest) ends here too: the service did its part.
        recordAiCall("text_stream", provider, startedAt, options.signal.aborted ? "aborted" : outcome);
      }
    },
    complete: (messages, options) =>
      measure("text_complete", provider, () => generator.complete(messages, options)),
  };
}

/** The picture service, each call counted and timed. */
export function measuredImageGenerator(generator: ImageGenerator): ImageGenerator {
  const { provider } = generator;
  return {
    provider,
    generate: (prompt, options) => measure("image", provider, () => generator.generate(prompt, options)),
  };
}

/** The voice service, each call counted and timed until the audio starts to flow. */
export function measuredSpeech(speech: SpeechSynthesizer): SpeechSynthesizer {
  const { provider, voiceId } = speech;
  return {
    provider,
    voiceId,
    synthesize: (text, options) => measure("speech", provider, () => speech.synthesize(text, options)),
  };
}

// ── Moderation ──────────────────────────────────────────────────────────────────────────────────────────

/** Counts one refusal; `reason` comes from a fixed list (a category, a picture kind, a flag kind). */
export function countModerationRefusal(source: "user_text" | "picture" | "ai_flag", reason: string): void {
  instruments?.moderationRefusals.inc({ source, reason });
}
