// `npm run bench`: measures on this machine and prints one markdown table; the same rows go to
// bench/results.json as [{ name, value, unit, goal, met }]. Seeds nothing it does not create itself.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { measureStreamLatency, startLatencyUpstream } from "./stream-latency";

type Row = { name: string; value: number; unit: string; goal: string; met: boolean };

const root = fileURLToPath(new URL("..", import.meta.url));
const port = 3200;
const baseUrl = `http://localhost:${port}`;
const rows: Row[] = [];

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
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      ...extraEnv,
    },
    stdio: "ignore",
  });
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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "lamplight-bench-"));
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  try {
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
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
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
