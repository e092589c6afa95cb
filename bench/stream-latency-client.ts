// The timing side of bench/stream-latency.ts, in a small Node process of its own. The bench's own process
// holds Lighthouse and the page checks by then, and collecting that heap paused the client for milliseconds
// in the middle of its timings. Arguments: the upstream's and the app's base URLs, the number of runs and,
// optionally, the bare server's base URL (bench/ceiling.ts); the reader's cookie comes in LATENCY_COOKIE. Prints
// { direct, viaServer, viaCeiling } as JSON: the milliseconds of every run, in order, from the very first
// (viaCeiling empty without a bare server).
import { Agent, request } from "node:http";

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

const [upstreamUrl, appUrl, runsArgument, ceilingUrl] = process.argv.slice(2);
const cookie = process.env.LATENCY_COOKIE;
const runs = Number(runsArgument);
if (!upstreamUrl || !appUrl || !cookie || !(runs > 0))
  throw new Error("usage: upstream-url app-url runs, with LATENCY_COOKIE");

const upstreamBody = JSON.stringify({
  model: "bench",
  stream: true,
  messages: [{ role: "user", content: "Tell the story." }],
});
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const direct: number[] = [];
const viaServer: number[] = [];
const viaCeiling: number[] = [];
const generatePath = "/api/stories/creation/layers/1/generate";
/** Through the app or the bare server: the same request, the same marker. */
const throughServer = (baseUrl: string) =>
  timeToFirstPiece(agent, `${baseUrl}${generatePath}`, { origin: appUrl, cookie }, "", '"type":"delta"');
try {
  // Every run counts, the first included: the first child after a start waits for the connections to open
  // and for V8 to compile the path as much as the server's own work. Each run asks the upstream directly, then
  // through the server (and the bare server, the two taking turns at going first), so that the times of a run
  // are taken moments apart and their differences are the latency each server added in that run.
  for (let run = 0; run < runs; run++) {
    const upstreamMs = await timeToFirstPiece(
      agent,
      `${upstreamUrl}/chat/completions`,
      { "content-type": "application/json", authorization: "Bearer sk-bench" },
      upstreamBody,
      '"content"',
    );
    // The app and the bare server take turns at going first, so that neither always follows the other.
    let appMs: number;
    let ceilingMs: number | undefined;
    if (ceilingUrl && run % 2 === 1) {
      ceilingMs = await throughServer(ceilingUrl);
      appMs = await throughServer(appUrl);
    } else {
      appMs = await throughServer(appUrl);
      if (ceilingUrl) ceilingMs = await throughServer(ceilingUrl);
    }
    direct.push(upstreamMs);
    viaServer.push(appMs);
    if (ceilingMs !== undefined) viaCeiling.push(ceilingMs);
  }
} finally {
  agent.destroy();
}
process.stdout.write(JSON.stringify({ direct, viaServer, viaCeiling }));
