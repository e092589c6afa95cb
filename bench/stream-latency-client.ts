// The timing side of bench/stream-latency.ts, in a small Node process of its own. The bench's own process
// holds Lighthouse and the page checks by then, and collecting that heap paused the client for milliseconds
// in the middle of its timings. Arguments: the upstream's and the app's base URLs, and the runs of the cold and
// of the warm stretch; the reader's cookie comes in LATENCY_COOKIE. Prints { cold, warm } as JSON.
import { Agent, request } from "node:http";
import { summarise } from "./percentiles";
import type { LatencyRuns } from "./stream-latency";

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

const [upstreamUrl, appUrl, coldArgument, warmArgument] = process.argv.slice(2);
const cookie = process.env.LATENCY_COOKIE;
const coldRuns = Number(coldArgument);
const warmRuns = Number(warmArgument);
if (!upstreamUrl || !appUrl || !cookie || !(coldRuns > 0) || !(warmRuns > 0))
  throw new Error("usage: upstream-url app-url cold-runs warm-runs, with LATENCY_COOKIE");

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
  for (let run = -10; run < coldRuns + warmRuns; run++) {
    const upstreamMs = await timeToFirstPiece(
      agent,
      `${upstreamUrl}/chat/completions`,
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
const stretch = (from: number, to: number): LatencyRuns => ({
  direct: summarise(direct.slice(from, to)),
  viaServer: summarise(viaServer.slice(from, to)),
});
process.stdout.write(
  JSON.stringify({ cold: stretch(0, coldRuns), warm: stretch(coldRuns, coldRuns + warmRuns) }),
);
