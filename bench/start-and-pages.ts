// Start-up and idle memory (the `start` part), and what a browser loads and how Lighthouse scores the pages a
// child sees first (the `pages` part).
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium";
import {
  baseUrl,
  bench,
  makeDataDir,
  record,
  residentMb,
  root,
  startServer,
  stopServer,
  treeMemoryMb,
  withServer,
} from "./harness";
import { measureTapLatency } from "./interactions";
import { LIGHTHOUSE_CATEGORIES, type LighthouseCategory, measureLighthouse } from "./lighthouse";
import { load } from "./load";
import { callApi, createGroupOf, getJson, signUpUsers } from "./setup";

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
export async function buildWebIfStale() {
  const builtIndex = join(root, "dist/web/index.html");
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = ["src/web", "src/core", "vite.config.ts", "package-lock.json"];
  if (builtAt >= Math.max(...sources.map((path) => newestMtime(join(root, path))))) return;
  const { build } = await import("vite");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
}

/** Memory once start-up work has settled and nothing is asking anything. */
async function recordIdleMemory(child: ChildProcess, setup: string, goalMb?: number) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  if (!child.pid) throw new Error("the server has no process id");
  record(`Idle RSS of the server process (${setup})`, residentMb(child.pid), "MB");
  const tree = treeMemoryMb(child.pid);
  // PSS counts each shared page once across the processes that map it: an embedded database's shared
  // buffers count once, not once per connection as summed RSS would count them.
  record(
    `Idle memory of the server and its child processes, PSS (${setup})`,
    tree.mb,
    "MB",
    goalMb,
    "max",
    `${tree.processes} process${tree.processes === 1 ? "" : "es"}`,
  );
}

/**
 * Memory while the server answers the reads a signed-in screen makes (stories, a story, the bell, a group's feed,
 * the helper's conversations, the profile) from 20 children at 50 connections for 20 seconds: the peak of the PSS
 * of the server and its child processes, sampled every half second.
 */
async function recordMemoryUnderLoad(child: ChildProcess, setup: string, goalMb: number) {
  const pid = child.pid;
  if (!pid) throw new Error("the server has no process id");
  const children = await signUpUsers(baseUrl, 20, "mem");
  const groupId = await createGroupOf(baseUrl, children, "Memory group");
  const [story] = await getJson<{ slug: string }[]>(`${baseUrl}/api/stories`, children[0]?.cookie ?? "");
  if (!story) throw new Error("the story library is empty");
  const paths = [
    "/api/stories",
    `/api/stories/${story.slug}`,
    "/api/notifications",
    `/api/groups/${groupId}/posts`,
    "/api/qna/conversations",
    "/api/profile",
  ];
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeMemoryMb(pid).mb);
  };
  const sampler = setInterval(sample, 500);
  let asked = 0;
  try {
    await load(
      {
        url: `${baseUrl}/api/stories`,
        next: () => {
          asked += 1;
          return {
            path: paths[asked % paths.length] as string,
            cookie: children[asked % children.length]?.cookie ?? "",
          };
        },
      },
      20,
      0,
    );
  } finally {
    clearInterval(sampler);
  }
  sample();
  record(
    `Peak memory of the server and its child processes under 50 connections of signed-in reads, PSS (${setup})`,
    peak,
    "MB",
    goalMb,
  );
}

/**
 * The `start` part: cold start on a fresh data directory (migrations and the story seed included), memory at
 * rest, and a restart on the existing directory. With DATABASE_URL set, the embedded default (no configuration
 * at all, as `npm start` on a fresh machine) is started too, in a data directory of its own, for its memory.
 */
export async function measureStartRows() {
  const cold = await startServer();
  record(`Cold start to healthy, fresh DATA_DIR (${bench.database})`, cold.ms, "ms");
  await recordIdleMemory(cold.child, bench.database, bench.databaseUrl ? undefined : 350);
  await stopServer(cold.child);
  const warm = await startServer();
  record(`Restart to healthy, existing DATA_DIR (${bench.database})`, warm.ms, "ms");
  await stopServer(warm.child);

  if (!bench.databaseUrl) return;
  const embeddedDir = makeDataDir("lamplight-bench-embedded-");
  try {
    const embedded = await startServer({ DATABASE_URL: "" }, embeddedDir);
    record("Cold start to healthy, fresh DATA_DIR (embedded database, no configuration)", embedded.ms, "ms");
    try {
      await recordIdleMemory(embedded.child, "embedded database, no configuration", 350);
      await recordMemoryUnderLoad(embedded.child, "embedded database, no configuration", 500);
    } finally {
      await stopServer(embedded.child);
    }
  } finally {
    rmSync(embeddedDir, { recursive: true, force: true });
  }
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

const LIGHTHOUSE_GOALS: Record<LighthouseCategory, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
};

/**
 * The `pages` part: the JavaScript of the landing page and the largest chunks, then Lighthouse (mobile) on the
 * landing page for a visitor, and on the story list and a story page for a child signed up through the API.
 * Audits that cost a page its goal go to stderr, beside the table.
 */
export async function measurePageRows() {
  await withServer({}, async () => {
    record("JS (gzip) loaded by the landing page", await pageJs("/"), "KB", 120);
    const routeChunk = largest(routeChunks());
    record(`Largest route chunk, gzip (${chunkName(routeChunk.name)})`, routeChunk.kb, "KB", 50);
    const chunk = largest(jsChunks());
    record(`Largest JS chunk, gzip (${chunkName(chunk.name)})`, chunk.kb, "KB");

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
    for (const { page, scores, totalBlockingMs, failing } of results) {
      record(`Lighthouse mobile, ${page.label}: total blocking time`, totalBlockingMs, "ms", 150);
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

    // A tap in 'Check your understanding' and in the verse practice, on a slow phone: feedback within 100 ms.
    const generated = await callApi(
      baseUrl,
      `/api/stories/${story.slug}/layers/1/generate`,
      {},
      child.cookie,
    );
    await generated.text();
    const taps = await measureTapLatency(baseUrl, child.cookie, story.slug);
    for (const [label, latency] of [
      ["'Check your understanding'", taps.check],
      ["memory-verse practice", taps.verse],
    ] as const)
      record(
        `Tap to next paint in ${label}, CPU slowed 4× (slowest of ${latency.taps} taps, the INP measure)`,
        latency.slowestMs,
        "ms",
        100,
      );
  });
}
