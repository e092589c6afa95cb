// What every part of the bench shares: the rows it records, the app's server on port 3200 (started and stopped
// per part, on the bench's own database), and the small helper processes (the ceiling, hello-world, clients).
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadResult } from "./load";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const PORT = 3200;
export const baseUrl = `http://localhost:${PORT}`;

/**
 * One measurement. `met` is null for a row without a goal, and for a row that could not be measured here
 * (`value` null, `note` saying why).
 */
export type Row = {
  name: string;
  value: number | null;
  unit: string;
  goal: string;
  met: boolean | null;
  note?: string;
};

export const rows: Row[] = [];

export function record(
  name: string,
  value: number,
  unit: string,
  goalValue?: number,
  direction: "max" | "min" = "max",
  note?: string,
) {
  const goal = goalValue === undefined ? "—" : `${direction === "max" ? "≤" : "≥"} ${goalValue} ${unit}`;
  const met = goalValue === undefined ? null : direction === "max" ? value <= goalValue : value >= goalValue;
  rows.push({ name, value: Math.round(value * 100) / 100, unit, goal, met, ...(note ? { note } : {}) });
}

/** Throughput and p99 of a load, as two rows; the goal, if any, is on the p99. */
export function recordLoad(name: string, result: LoadResult, goalMs?: number, note?: string) {
  record(`${name}: throughput`, result.requestsPerSecond, "req/s", undefined, "max", note);
  record(
    `${name}: p99${result.lowerBound ? ", over 1% timed out, so at least" : ""}`,
    result.p99,
    "ms",
    goalMs,
  );
}

/** A row that could not be measured on this run, with the reason. */
export function recordSkipped(name: string, unit: string, note: string, goal = "—") {
  rows.push({ name, value: null, unit, goal, met: null, note });
}

/**
 * Where the app keeps its data during the bench: `databaseUrl` is the bench's own database on the server
 * DATABASE_URL names; without DATABASE_URL the app brings its embedded database into `dataDir`, and the rows
 * that seed or query the database directly are skipped.
 */
export const bench = {
  dataDir: "",
  databaseUrl: undefined as string | undefined,
  /** How rows name the database: "PostgreSQL" or "embedded database". */
  database: "",
};

/**
 * A fresh data directory. Readable by others: run as root, the app starts its embedded PostgreSQL as the user
 * postgres, which must reach it (mkdtemp alone makes it the owner's only).
 */
export function makeDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** Servers still running, so that an interrupted run can stop them. */
const running = new Set<ChildProcess>();

/** The app (`npm start`'s script) on port 3200, with `extraEnv` on top of the bench's settings. */
export async function startServer(
  extraEnv: Record<string, string> = {},
  dataDir = bench.dataDir,
): Promise<{ child: ChildProcess; ms: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Empty: the app starts its embedded database.
      DATABASE_URL: bench.databaseUrl ?? "",
      // The bench signs up hundreds of accounts from 127.0.0.1 and has them join groups, more than one
      // network may in an hour; the limits live in the database, so they would carry from part to part.
      LIMIT_SIGN_UPS_PER_IP: "0",
      LIMIT_INVITE_JOINS_PER_IP: "0",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
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

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export async function stopAllServers() {
  await Promise.all([...running].map(stopServer));
}

/** A started server for the length of `use`, stopped however `use` ends. */
export async function withServer<T>(
  extraEnv: Record<string, string>,
  use: (child: ChildProcess) => Promise<T>,
): Promise<T> {
  const { child } = await startServer(extraEnv);
  try {
    return await use(child);
  } finally {
    await stopServer(child);
  }
}

export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** The process and all its descendants (an embedded database runs as the server's child processes). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 2nd field after the command, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  const visit = (id: number) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/**
 * The memory of a process and its descendants, as PSS: each shared page is split among the processes that
 * map it, so PostgreSQL's shared buffers count once, not once per connection as RSS would count them.
 */
export function treeMemoryMb(pid: number): { mb: number; processes: number } {
  let kb = 0;
  const tree = processTree(pid);
  for (const id of tree) {
    try {
      const rollup = readFileSync(`/proc/${id}/smaps_rollup`, "utf8");
      kb += Number(rollup.match(/^Pss:\s+(\d+)/m)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return { mb: kb / 1024, processes: tree.length };
}

/** Runs a script of this folder in a Node process of its own, through tsx, reading its stdout. */
export function startScript(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const script = fileURLToPath(new URL(name, import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

export type HelperServer = { url: string; pid: number; close(): Promise<void> };

/**
 * Starts a helper server of this folder (the ceiling, hello-world, the fake AI upstream): it prints its address
 * on its first line and stops when its stdin ends.
 */
export async function startHelperServer(
  name: string,
  env: Record<string, string> = {},
): Promise<HelperServer> {
  const child = startScript(name, [], env);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.includes("\n")) resolve(text.slice(0, text.indexOf("\n")));
    });
    child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before it listened`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    async close() {
      child.stdin?.end();
      await exited;
    },
  };
}
