// Time to the first streamed piece of a story layer: through our server (session check, the generation's
// query, the AI adapter, SSE) versus asking the same fake upstream directly. The difference, run by run, is the
// latency Lamplight adds before a child sees the first words. The fake upstream and the timing client each run
// in a process of their own (bench/fake-upstream.ts, bench/stream-latency-client.ts).
import { baseUrl, bench, record, startHelperServer, startScript, withServer } from "./harness";
import { summarise } from "./percentiles";
import { signUpUsers } from "./setup";

/** Runs on a server that has just started, every one counted. */
export const STREAM_RUNS = 4000;
/** The first runs after start, also reported on their own. */
const FIRST_RUNS = 1000;
const ADDED_P99_GOAL_MS = 5;

/** Every run's time to the first piece, directly and through the server, in order from the first. */
async function timeRuns(
  upstreamUrl: string,
  cookie: string,
): Promise<{ direct: number[]; viaServer: number[] }> {
  const client = startScript("stream-latency-client.ts", [upstreamUrl, baseUrl, String(STREAM_RUNS)], {
    LATENCY_COOKIE: cookie,
  });
  client.stdin?.end();
  let output = "";
  client.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const code = await new Promise((resolve) => client.once("exit", resolve));
  if (code !== 0) throw new Error(`the latency client failed (exit ${code})`);
  return JSON.parse(output) as { direct: number[]; viaServer: number[] };
}

/**
 * The `first-piece` part. The fake upstream runs in a process of its own: in the bench's own process the direct
 * call would never wait for another process to wake while our server's call to it always would, and the
 * difference would charge the upstream's wake-ups to our server. The server is new, and every run from the
 * first is counted: the added latency is the p99 of the per-run differences (run i through the server less
 * run i direct), not a difference of two p99s, which would pair the slowest runs of each side wherever they fell.
 */
export async function measureFirstPieceRows() {
  const upstream = await startHelperServer("fake-upstream.ts");
  try {
    const env = {
      AI_BASE_URL: upstream.url,
      AI_API_KEY: "sk-bench",
      // One child asks for thousands of story parts and pictures here, far past a day's quota: a real child's
      // part would be written and its picture drawn every time, so the bench's are too.
      AI_DAILY_STORY_PARTS: "0",
      AI_DAILY_IMAGES: "0",
    };
    await withServer(env, async () => {
      // Through the shared helper: its usernames are letters only, which moderation always accepts.
      const [reader] = await signUpUsers(baseUrl, 1, "sl");
      if (!reader) throw new Error("no user was made");
      const { direct, viaServer } = await timeRuns(upstream.url, reader.cookie);
      const added = viaServer.map((ms, run) => ms - (direct[run] as number));
      const all = { direct: summarise(direct), viaServer: summarise(viaServer), added: summarise(added) };
      const runs = `${STREAM_RUNS.toLocaleString("en-US")} runs from start`;
      record(`First story piece, fake upstream called directly, ${runs}: p50`, all.direct.p50, "ms");
      record(`First story piece, fake upstream called directly, ${runs}: p99`, all.direct.p99, "ms");
      record(
        `First story piece through our server (${bench.database}), ${runs}: p50`,
        all.viaServer.p50,
        "ms",
      );
      record(
        `First story piece through our server (${bench.database}), ${runs}: p99`,
        all.viaServer.p99,
        "ms",
      );
      const name = "Latency our server adds to the first piece, per-run difference";
      record(`${name}, ${runs}: p50`, all.added.p50, "ms");
      record(`${name}, ${runs}: p99`, all.added.p99, "ms", ADDED_P99_GOAL_MS);
      const first = summarise(added.slice(0, FIRST_RUNS));
      const later = summarise(added.slice(FIRST_RUNS));
      record(`${name}, first ${FIRST_RUNS.toLocaleString("en-US")} runs after start: p99`, first.p99, "ms");
      record(
        `${name}, the ${(STREAM_RUNS - FIRST_RUNS).toLocaleString("en-US")} runs after those: p99`,
        later.p99,
        "ms",
      );
    });
  } finally {
    await upstream.close();
  }
}
