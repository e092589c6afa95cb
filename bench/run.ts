// `npm run bench`: measures on this machine and prints one markdown table; the same rows go to
// bench/results.json as [{ name, value, unit, goal, met }]. Seeds nothing it does not create itself: with
// DATABASE_URL set it works in a fresh database of its own on that server and drops it at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { measureFanout } from "./fanout";
import { DEEPER_PAGE, FEED_COMMENTS, FEED_POSTS, measureFeed, seedFeed } from "./feed";
import {
  type BenchDatabase,
  createBenchDatabase,
  createGroupOf,
  signUpUsers,
  waitUntilIdle,
  withSql,
} from "./setup";
import { measureStreamLatency, startLatencyUpstream } from "./stream-latency";

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

function largestChunk(): { name: string; kb: number } {
  return jsChunks().reduce((largest, chunk) => (chunk.kb > largest.kb ? chunk : largest), {
    name: "",
    kb: 0,
  });
}

/** Members of the bench group; each opens several realtime streams, as one child with several tabs would. */
const FANOUT_MEMBERS = 100;
const FANOUT_STREAMS_PER_MEMBER = 10;
const FANOUT_MESSAGES = 10;

/**
 * Issue 4: the feed under load and a chat message's fan-out, on one group of real members with a big feed.
 * The feed runs first, before 1,000 open streams could weigh on it.
 */
async function measureGroupAtScale(dataDir: string, database: string) {
  let server = (await startServer(dataDir)).child;
  try {
    const members = await signUpUsers(baseUrl, FANOUT_MEMBERS, "bm");
    const groupId = await createGroupOf(baseUrl, members, "Bench group");
    const memberIds = members.map((member) => member.id);
    if (databaseUrl) {
      await withSql({ url: databaseUrl }, (run) => seedFeed(run, groupId, memberIds));
    } else {
      await stopServer(server);
      await withSql({ pgliteDir: join(dataDir, "pglite") }, (run) => seedFeed(run, groupId, memberIds));
      server = (await startServer(dataDir)).child;
    }
    const reader = members[1] ?? members[0];
    if (!reader) throw new Error("no members were made");
    const feed = await measureFeed(baseUrl, reader.cookie, groupId);
    const feedRows = [
      [`first page (${FEED_POSTS / 1000}k posts, ${FEED_COMMENTS / 1000}k comments)`, feed.first],
      [`page ${DEEPER_PAGE} by cursor`, feed.deeper],
    ] as const;
    for (const [page, load] of feedRows) {
      const name = `Feed ${page}, 50 connections (${database})`;
      record(`${name}: throughput`, load.requestsPerSecond, "req/s");
      record(`${name}: p99${load.lowerBound ? ", over 1% timed out, so at least" : ""}`, load.p99, "ms", 25);
    }
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

async function main() {
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
  try {
    if (process.env.DATABASE_URL) {
      benchDatabase = await createBenchDatabase(process.env.DATABASE_URL);
      databaseUrl = benchDatabase.url;
    }
    // The first start may build the web app; build first so cold start measures the server alone.
    if (!existsSync(join(root, "dist/web/index.html"))) {
      const { build } = await import("vite");
      await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
    }
    const cold = await startServer(dataDir);
    record(`Cold start to healthy, fresh DATA_DIR (${database})`, cold.ms, "ms");
    record("JS (gzip) loaded by the landing page", await pageJs("/"), "KB", 120);
    const chunk = largestChunk();
    record(`Largest JS chunk, gzip (${chunk.name.replace(/-[\w-]+\.js$/, "")})`, chunk.kb, "KB", 50);
    const pid = cold.child.pid;
    const rss = pid
      ? Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
      : 0;
    record(`Idle RSS of the server (${database})`, rss, "MB");
    await stopServer(cold.child);
    const warm = await startServer(dataDir);
    record(`Restart to healthy, existing DATA_DIR (${database})`, warm.ms, "ms");
    await stopServer(warm.child);

    const storyChunk = jsChunks().find((chunk) => chunk.name.startsWith("story-page-"));
    if (storyChunk) record("Story page route chunk, gzip", storyChunk.kb, "KB", 50);
    const upstream = await startLatencyUpstream();
    const streaming = await startServer(dataDir, { AI_BASE_URL: upstream.baseUrl, AI_API_KEY: "sk-bench" });
    try {
      const { direct, viaServer } = await measureStreamLatency(upstream, baseUrl);
      record("First story piece, fake upstream called directly, p50", direct.p50, "ms");
      record("First story piece, fake upstream called directly, p99", direct.p99, "ms");
      record(`First story piece through our server (${database}), p50`, viaServer.p50, "ms");
      record(`First story piece through our server (${database}), p99`, viaServer.p99, "ms");
      record("Latency our server adds to the first piece, p50", viaServer.p50 - direct.p50, "ms");
      record("Latency our server adds to the first piece, p99", viaServer.p99 - direct.p99, "ms");
    } finally {
      await stopServer(streaming.child);
      await upstream.close();
    }

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
  writeFileSync(join(root, "bench/results.json"), `${JSON.stringify(rows, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
