// Time to the first streamed piece of a story layer: through our server (session check, the generation's
// query, the AI adapter, SSE) versus asking the same fake upstream directly. The difference
// is the latency Lamplight adds before a child sees the first words.
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { signUpUsers } from "./setup";

export type LatencySummary = { p50: number; p99: number };

export type LatencyUpstream = { baseUrl: string; close(): Promise<void> };

function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Posts `body` and takes the time until `marker` arrives in the response; then reads on to the end. A
 * generation goes on after its first piece (the whole text is checked and saved, a picture is drawn), and that
 * work must be over before the next run is timed, or one run's tail is timed in the next.
 *
 * The client is Node's own, over one kept-open connection per server, as a browser keeps one. Its cost is in
 * both times and cancels out of the difference, but its noise does not: fetch's own p99 to a local server was
 * several milliseconds, and the p99 of a sum carries the tails of both parts.
 */
function timeToFirstPiece(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
  marker: string,
) {
  return new Promise<number>((resolve, reject) => {
    const startedAt = performance.now();
    let ms: number | undefined;
    let text = "";
    const sent = request(
      url,
      { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } },
      (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (ms !== undefined) return;
          text += chunk;
          if (response.statusCode === 200 && text.includes(marker)) ms = performance.now() - startedAt;
        });
        response.on("error", reject);
        response.on("end", () => {
          if (ms === undefined)
            reject(new Error(`no first piece (${response.statusCode}): ${text.slice(0, 200)}`));
          else resolve(ms);
        });
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/**
 * Starts `bench/fake-upstream.ts`. In the bench's own process, the direct call would never wait for another
 * process to wake while our server's call to the upstream always would, and the difference would charge the
 * upstream's wake-ups to our server.
 */
export async function startLatencyUpstream(): Promise<LatencyUpstream> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("fake-upstream.ts", import.meta.url))],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
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

/** One stretch of runs: the first piece asked directly and through our server. */
export type LatencyRuns = { direct: LatencySummary; viaServer: LatencySummary };

/**
 * Runs `runs` pairs on a server that has just started, then `runs` more. For its first thousand or so story
 * parts a new server is slower and less even: V8 is still compiling the hot paths, on the same two cores. A
 * ministry's server runs for days, so the goal is judged warm; the cold stretch is reported beside it.
 */
export async function measureStreamLatency(
  upstream: LatencyUpstream,
  appUrl: string,
  // Enough that the p99 is the 10th slowest run, not the 2nd: with 200 runs one hiccup of the machine moved
  // it by several milliseconds from one bench to the next.
  runs = 1000,
): Promise<{ cold: LatencyRuns; warm: LatencyRuns }> {
  // Through the shared helper: its usernames are letters only, which moderation always accepts.
  const [reader] = await signUpUsers(appUrl, 1, "sl");
  if (!reader) throw new Error("no user was made");
  const { cookie } = reader;

  const upstreamBody = JSON.stringify({
    model: "bench",
    stream: true,
    messages: [{ role: "user", content: "Tell the story." }],
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const direct: number[] = [];
  const viaServer: number[] = [];
  try {
    // A few of each first, so that opening the connections is not counted.
    for (let run = -10; run < 2 * runs; run++) {
      const upstreamMs = await timeToFirstPiece(
        agent,
        `${upstream.baseUrl}/chat/completions`,
        { "content-type": "application/json", authorization: "Bearer sk-bench" },
        upstreamBody,
        '"content"',
      );
      const appMs = await timeToFirstPiece(
        agent,
        `${appUrl}/api/stories/creation/layers/1/generate`,
        { origin: appUrl, cookie },
        "",
        '"type":"delta"',
      );
      if (run >= 0) {
        direct.push(upstreamMs);
        viaServer.push(appMs);
      }
    }
  } finally {
    agent.destroy();
  }
  const stretch = (from: number): LatencyRuns => ({
    direct: summarise(direct.slice(from, from + runs)),
    viaServer: summarise(viaServer.slice(from, from + runs)),
  });
  return { cold: stretch(0), warm: stretch(runs) };
}
