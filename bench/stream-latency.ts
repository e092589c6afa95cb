// Time to the first streamed piece of a story layer: through our server (session check, the generation's
// query, the AI adapter, SSE) versus asking the same fake upstream directly. The difference is the latency
// Lamplight adds before a child sees the first words. The fake upstream and the timing client each run in a
// process of their own (bench/fake-upstream.ts, bench/stream-latency-client.ts).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LatencySummary } from "./percentiles";
import { signUpUsers } from "./setup";

/** One stretch of runs: the first piece asked directly and through our server. */
export type LatencyRuns = { direct: LatencySummary; viaServer: LatencySummary };

export type LatencyUpstream = { baseUrl: string; close(): Promise<void> };

/** Runs a script of this folder in a Node process of its own, through tsx, reading its stdout. */
function startScript(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const script = fileURLToPath(new URL(name, import.meta.url));
  return spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
}

/**
 * Starts `bench/fake-upstream.ts`. In the bench's own process, the direct call would never wait for another
 * process to wake while our server's call to the upstream always would, and the difference would charge the
 * upstream's wake-ups to our server.
 */
export async function startLatencyUpstream(): Promise<LatencyUpstream> {
  const child = startScript("fake-upstream.ts");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.includes("\n")) resolve(text.slice(0, text.indexOf("\n")));
    });
    child.once("exit", (code) => reject(new Error(`the fake upstream exited (${code}) before it listened`)));
  });
  return {
    baseUrl,
    async close() {
      child.stdin?.end();
      await exited;
    },
  };
}

/** Pairs timed on a new server, then on the same server warm. */
export const STREAM_RUNS = { cold: 1000, warm: 3000 };

/**
 * Times a server that has just started for `runs.cold` pairs, then `runs.warm` more. For its first thousand or
 * so story parts a new server is slower and less even: V8 is still compiling the hot paths, on the same two
 * cores. A ministry's server runs for days, so the goal is judged warm; the cold stretch is reported beside it.
 * The warm p99 is the 30th slowest of 3,000: with fewer, one stall of the machine more or less moved it by
 * a millisecond or two from one bench to the next.
 */
export async function measureStreamLatency(
  upstream: LatencyUpstream,
  appUrl: string,
  runs = STREAM_RUNS,
): Promise<{ cold: LatencyRuns; warm: LatencyRuns }> {
  // Through the shared helper: its usernames are letters only, which moderation always accepts.
  const [reader] = await signUpUsers(appUrl, 1, "sl");
  if (!reader) throw new Error("no user was made");
  const client = startScript(
    "stream-latency-client.ts",
    [upstream.baseUrl, appUrl, String(runs.cold), String(runs.warm)],
    {
      LATENCY_COOKIE: reader.cookie,
    },
  );
  client.stdin?.end();
  let output = "";
  client.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const code = await new Promise((resolve) => client.once("exit", resolve));
  if (code !== 0) throw new Error(`the latency client failed (exit ${code})`);
  return JSON.parse(output) as { cold: LatencyRuns; warm: LatencyRuns };
}
