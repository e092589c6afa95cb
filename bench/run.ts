// `npm run bench`: measures on this machine and prints one markdown table; the same rows go to
// bench/results.json as [{ name, value, unit, goal, met }]. Seeds nothing it does not create itself: with
// DATABASE_URL set it works in a fresh database of its own on that server and drops it at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { measureFanout } from "./fanout";
import { DEEPER_PAGE, FEED_COMMENTS, FEED_POSTS, type LoadResult, measureFeed, seedFeed } from "./feed";
import { LIGHTHOUSE_CATEGORIES, type LighthouseCategory, measureLighthouse } from "./lighthouse";
import { makeLargeVideo, measureMediaMemory, STREAMING_CLIENTS } from "./media-memory";
import {
  type BenchDatabase,
  createBenchDatabase,
  createGroupOf,
  signUpUsers,
  waitUntilIdle,
  withSql,
} from "./setup";
import { measureStories } from "./stories";
import { measureStreamCapacity } from "./stream-capacity";
import { measureStreamLatency, STREAM_RUNS, startLatencyUpstream } from "./stream-latency";

type Row = { name: string; value: number; unit: string; goal: string; met: boolean };

const root = fileURLToPath(new URL("..", import.meta.url));
const port = 3200;
const baseUrl = `http://localhost:${port}`;
const rows: Row[] = [];
/** The bench's own database when DATABASE_URL is set; PGlite in the data directory otherwise. */
let databaseUrl = "";
/** Servers still running, so that an interrupted run can stop them. */
const running = new Set<ChildProcess>();

function record(
  name: string,
  value: number,
  unit: string,
  goalValue?: number,
  direction: "max" | "min" = "max",
) {
  const goal = goalValue === undefined ? "—" : `${direction === "max" ? "≤" : "≥"} ${goalValue} ${unit}`;
  const met = goalValue === undefined ? true : direction === "max" ? value <= goalValue : value >= goalValue;
  rows.push({ name, value: Math.round(value * 10) / 10, unit, goal, met });
}

async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; ms: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      // The bench signs up a hundred accounts from 127.0.0.1, more than one network may make in an hour.
      LIMIT_SIGN_UPS_PER_IP: "0",
      ...extraEnv,
    },
    stdio: "ignore",
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, ms: performance.now() - startedAt };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The JavaScript a real browser downloads for a page, gzip-compressed as the server sends it. */
async function pageJs(path: string): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  await browser.close();
  let total = 0;
  for (const script of scripts) total += gzipSync(readFileSync(join(root, "dist/web", script))).length;
  return total / 1024;
}

function jsChunks(): { name: string; kb: number }[] {
  const dir = join(root, "dist/web/assets");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, kb: gzipSync(readFileSync(join(dir, name))).length / 1024 }));
}

/** The chunks loaded on demand (`import()`), one per screen and a few dialogs: what a route adds. */
function routeChunks(): { name: string; kb: number }[] {
  const dir = join(root, "dist/web/assets");
  const lazy = new Set<string>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".js"))) {
    for (const match of readFileSync(join(dir, name), "utf8").matchAll(
      /import\(["'`]\.\/([\w.-]+\.js)["'`]\)/g,
    ))
      if (match[1]) lazy.add(match[1]);
  }
  return jsChunks().filter((chunk) => lazy.has(chunk.name));
}

function largest(chunks: { name: string; kb: number }[]): { name: string; kb: number } {
  return chunks.reduce((largest, chunk) => (chunk.kb > largest.kb ? chunk : largest), { name: "", kb: 0 });
}

/** "story-page-Co3UPG60.js" → "story-page". */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, "");

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * `npm start` rebuilds the web app when its sources are newer than the build (scripts/start.mjs, same
 * rule): build here first, so that cold start measures the server alone and Lighthouse scores today's code.
 */
async function buildWebIfStale() {
  const builtIndex = join(root, "dist/web/index.html");
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = ["src/web", "src/core", "vite.config.ts", "package-lock.json"];
  if (builtAt >= Math.max(...sources.map((path) => newestMtime(join(root, path))))) return;
  const { build } = await import("vite");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
}

/** Resident memory once start-up work has settled and nothing is asking anything. */
async function idleRssMb(child: ChildProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

function recordLoad(name: string, load: LoadResult, goalMs?: number) {
  record(`${name}: throughput`, load.requestsPerSecond, "req/s");
  record(`${name}: p99${load.lowerBound ? ", over 1% timed out, so at least" : ""}`, load.p99, "ms", goalMs);
}

const LIGHTHOUSE_GOALS: Record<LighthouseCategory, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
};

/**
 * Issue 7: Lighthouse (mobile) on the landing page for a visitor, and on the story list and a story page for
 * a child signed up through the API. Audits that cost a page its goal go to stderr, beside the table.
 */
async function measurePages() {
  const [child] = await signUpUsers(baseUrl, 1, "lh");
  if (!child) throw new Error("no user was made");
  const stories = await fetch(`${baseUrl}/api/stories`, { headers: { cookie: child.cookie } });
  // Sorted by difficulty, so the first story is one a new child can open.
  const [story] = (await stories.json()) as { slug: string }[];
  if (!story) throw new Error("the story library is empty");
  const results = await measureLighthouse(baseUrl, [
    { label: "landing page / (signed out)", path: "/" },
    { label: "story list /stories (signed in)", path: "/stories", cookie: child.cookie },
    {
      label: `story page /stories/${story.slug} (signed in)`,
      path: `/stories/${story.slug}`,
      cookie: child.cookie,
    },
  ]);
  for (const { page, scores, failing } of results) {
    for (const category of LIGHTHOUSE_CATEGORIES) {
      record(
        `Lighthouse mobile, ${page.label}: ${category}`,
        scores[category],
        "/100",
        LIGHTHOUSE_GOALS[category],
        "min",
      );
      if (scores[category] >= LIGHTHOUSE_GOALS[category]) continue;
      for (const finding of failing.filter((item) => item.category === category))
        console.error(
          `Lighthouse ${page.path} ${category}: ${finding.id} (${finding.title}) ${finding.detail}`,
        );
    }
  }
}

/** Members of the bench group; each opens several realtime streams, as one child with several tabs would. */
const FANOUT_MEMBERS = 100;
const FANOUT_STREAMS_PER_MEMBER = 10;
const FANOUT_MESSAGES = 10;
/** Ten tabs a member is past EVENT_STREAMS_PER_USER's default of 5: the fan-out raises it to fit. */
const FANOUT_SERVER_ENV = { EVENT_STREAMS_PER_USER: String(FANOUT_STREAMS_PER_MEMBER) };

/**
 * Issue 4: the feed under load and a chat message's fan-out, on one group of real members with a big feed.
 * The feed runs first, before 1,000 open streams could weigh on it.
 */
async function measureGroupAtScale(dataDir: string, database: string) {
  let server = (await startServer(dataDir, FANOUT_SERVER_ENV)).child;
  try {
    const members = await signUpUsers(baseUrl, FANOUT_MEMBERS, "bm");
    const groupId = await createGroupOf(baseUrl, members, "Bench group");
    const memberIds = members.map((member) => member.id);
    if (databaseUrl) {
      await withSql({ url: databaseUrl }, (run) => seedFeed(run, groupId, memberIds));
    } else {
      await stopServer(server);
      await withSql({ pgliteDir: join(dataDir, "pglite") }, (run) => seedFeed(run, groupId, memberIds));
      server = (await startServer(dataDir, FANOUT_SERVER_ENV)).child;
    }
    const reader = members[1] ?? members[0];
    if (!reader) throw new Error("no members were made");
    const feed = await measureFeed(baseUrl, reader.cookie, groupId);
    const feedRows = [
      [`first page (${FEED_POSTS / 1000}k posts, ${FEED_COMMENTS / 1000}k comments)`, feed.first],
      [`page ${DEEPER_PAGE} by cursor`, feed.deeper],
    ] as const;
    for (const [page, load] of feedRows) recordLoad(`Feed ${page}, 50 connections (${database})`, load, 25);
    await waitUntilIdle(baseUrl);

    // On the same database as the feed, read by the same child.
    const stories = await measureStories(baseUrl, reader.cookie);
    recordLoad(`Stories list GET /api/stories, 50 connections (${database})`, stories.list);
    recordLoad(
      `Story page data GET /api/stories/${stories.slug}, 50 connections (${database})`,
      stories.story,
    );
    await waitUntilIdle(baseUrl);

    const fanout = await measureFanout(baseUrl, members, groupId, {
      streamsPerMember: FANOUT_STREAMS_PER_MEMBER,
      messages: FANOUT_MESSAGES,
    });
    const name = `Chat message to ${FANOUT_MEMBERS * FANOUT_STREAMS_PER_MEMBER} realtime streams (${FANOUT_MEMBERS} members × ${FANOUT_STREAMS_PER_MEMBER}), ${fanout.samples} deliveries (${database})`;
    record(`${name}: p50`, fanout.p50, "ms");
    record(`${name}: p99`, fanout.p99, "ms", 100);
  } finally {
    await stopServer(server);
  }
}

/** The instance's cap on open streams (EVENT_STREAMS_MAX's default), and the bench's steps towards it. */
const CAPACITY_MAX_STREAMS = 5000;
const CAPACITY_STEP = 500;
const CAPACITY_HEALTH_GOAL_MS = 100;

/**
 * Issue 17: the memory one open realtime stream costs, and how many one instance holds while /api/health
 * still answers within 100 ms (p95 of 20), stepping by 500 to EVENT_STREAMS_MAX. The per-user cap is lifted:
 * ten accounts open them all.
 */
async function measureStreamCapacityRows(dataDir: string, database: string) {
  const { child } = await startServer(dataDir, {
    EVENT_STREAMS_PER_USER: "0",
    EVENT_STREAMS_MAX: String(CAPACITY_MAX_STREAMS),
  });
  try {
    if (!child.pid) throw new Error("the server has no process id");
    const users = await signUpUsers(baseUrl, 10, "cap");
    const capacity = await measureStreamCapacity(
      baseUrl,
      child.pid,
      users.map((user) => user.cookie),
      { step: CAPACITY_STEP, max: CAPACITY_MAX_STREAMS, healthGoalMs: CAPACITY_HEALTH_GOAL_MS },
    );
    for (const step of capacity.steps)
      console.error(
        `streams ${step.streams}: RSS ${step.rssMb.toFixed(0)} MB, /api/health p50 ${step.healthP50.toFixed(1)} ms, p95 ${step.healthP95.toFixed(1)} ms`,
      );
    record(
      `Memory per open realtime stream, RSS slope over 0–${CAPACITY_MAX_STREAMS} (${database})`,
      capacity.kbPerStream,
      "KB",
    );
    record(
      `Most realtime streams one instance holds with /api/health p95 under ${CAPACITY_HEALTH_GOAL_MS} ms, by ${CAPACITY_STEP} to EVENT_STREAMS_MAX (${database})`,
      capacity.maxHealthyStreams,
      "streams",
      CAPACITY_MAX_STREAMS,
      "min",
    );
    if (!capacity.refusedPastCap) console.error(`A stream past EVENT_STREAMS_MAX was not refused with 503.`);
  } finally {
    await stopServer(child);
  }
}

/**
 * Issue 18: what a 100 MB video costs the server's memory on its way in (one upload) and out (20 clients
 * streaming it at once). The goals are the issue's: 60 MB and 100 MB of RSS growth.
 */
async function measureMediaMemoryRows(dataDir: string, database: string) {
  const { child } = await startServer(dataDir);
  try {
    if (!child.pid) throw new Error("the server has no process id");
    const [author] = await signUpUsers(baseUrl, 1, "mm");
    if (!author) throw new Error("no user was made");
    const groupId = await createGroupOf(baseUrl, [author], "Media bench");
    const video = makeLargeVideo(dataDir);
    const memory = await measureMediaMemory(baseUrl, child.pid, author, groupId, video);
    record(`Server RSS growth during one 100 MB video upload (${database})`, memory.uploadMb, "MB", 60);
    record(
      `Server RSS growth while ${STREAMING_CLIENTS} clients stream the same 100 MB video (${database})`,
      memory.streamingMb,
      "MB",
      100,
    );
  } finally {
    await stopServer(child);
  }
}

async function main() {
  const startedAt = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), "lamplight-bench-"));
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  let benchDatabase: BenchDatabase | undefined;
  const cleanUp = async () => {
    try {
      await Promise.all([...running].map(stopServer));
      await benchDatabase?.drop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  // Ctrl-C would otherwise leave the bench database behind.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanUp().finally(() => process.exit(130));
    });
  }
  if (!process.env.DATABASE_URL)
    console.error(
      "DATABASE_URL is not set: measuring on PGlite, the embedded database, in a fresh DATA_DIR.",
    );
  try {
    if (process.env.DATABASE_URL) {
      benchDatabase = await createBenchDatabase(process.env.DATABASE_URL);
      databaseUrl = benchDatabase.url;
    }
    await buildWebIfStale();
    const cold = await startServer(dataDir);
    record(`Cold start to healthy, fresh DATA_DIR (${database})`, cold.ms, "ms");
    record(`Idle RSS of the server (${database})`, await idleRssMb(cold.child), "MB");
    record("JS (gzip) loaded by the landing page", await pageJs("/"), "KB", 120);
    const routeChunk = largest(routeChunks());
    record(`Largest route chunk, gzip (${chunkName(routeChunk.name)})`, routeChunk.kb, "KB", 50);
    const chunk = largest(jsChunks());
    record(`Largest JS chunk, gzip (${chunkName(chunk.name)})`, chunk.kb, "KB");
    await measurePages();
    await stopServer(cold.child);
    const warm = await startServer(dataDir);
    record(`Restart to healthy, existing DATA_DIR (${database})`, warm.ms, "ms");
    await stopServer(warm.child);

    if (databaseUrl) {
      // The embedded database runs inside the server's process, so its memory is the server's too.
      const pgliteDir = mkdtempSync(join(tmpdir(), "lamplight-bench-pglite-"));
      try {
        const pglite = await startServer(pgliteDir, { DATABASE_URL: "" });
        record("Idle RSS of the server (PGlite)", await idleRssMb(pglite.child), "MB");
        await stopServer(pglite.child);
      } finally {
        rmSync(pgliteDir, { recursive: true, force: true });
      }
    }

    const upstream = await startLatencyUpstream();
    const streaming = await startServer(dataDir, {
      AI_BASE_URL: upstream.baseUrl,
      AI_API_KEY: "sk-bench",
      // One child asks for thousands of story parts here, far past a day's quota; the quota is not what is measured.
      AI_DAILY_STORY_PARTS: "0",
    });
    try {
      const { cold, warm } = await measureStreamLatency(upstream, baseUrl);
      const { direct, viaServer } = warm;
      record("First story piece, fake upstream called directly, p50", direct.p50, "ms");
      record("First story piece, fake upstream called directly, p99", direct.p99, "ms");
      record(`First story piece through our server (${database}), p50`, viaServer.p50, "ms");
      record(`First story piece through our server (${database}), p99`, viaServer.p99, "ms");
      record("Latency our server adds to the first piece, p50", viaServer.p50 - direct.p50, "ms");
      record("Latency our server adds to the first piece, p99", viaServer.p99 - direct.p99, "ms", 5);
      const coldAdded = (at: "p50" | "p99") => cold.viaServer[at] - cold.direct[at];
      const coldStretch = `first ${STREAM_RUNS.cold.toLocaleString("en-US")} after start`;
      record(`Latency our server adds to the first piece, ${coldStretch}, p50`, coldAdded("p50"), "ms");
      record(`Latency our server adds to the first piece, ${coldStretch}, p99`, coldAdded("p99"), "ms");
    } finally {
      await stopServer(streaming.child);
      await upstream.close();
    }

    await measureStreamCapacityRows(dataDir, database);
    await measureMediaMemoryRows(dataDir, database);
    await measureGroupAtScale(dataDir, database);
  } finally {
    await cleanUp();
  }

  const lines = [
    "| measure | value | goal | met |",
    "|---|---:|---|:-:|",
    ...rows.map(
      (row) => `| ${row.name} | ${row.value} ${row.unit} | ${row.goal} | ${row.met ? "yes" : "**no**"} |`,
    ),
  ];
  console.log(lines.join("\n"));
  console.error(`The bench took ${((performance.now() - startedAt) / 60_000).toFixed(1)} minutes.`);
  writeFileSync(join(root, "bench/results.json"), `${JSON.stringify(rows, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
