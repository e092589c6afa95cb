// Time to the first streamed piece of a story layer: through our server (session check, story and
// progress queries, the OpenAI SDK, SSE) versus asking the same fake upstream directly. The difference
// is the latency Lamplight adds before a child sees the first words.
import { startFakeOpenAi } from "../src/server/test/fakes/openai";
import { signUpUsers } from "./setup";

export type LatencySummary = { p50: number; p99: number };

function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Reads a response body until `found` says the first piece is there, and takes the time; then reads on to
 * the end. A generation goes on after its first piece (the whole text is checked and saved, a picture is
 * drawn), and that work must be over before the next run is timed, or one run's tail is timed in the next.
 */
async function timeToFirstPiece(response: Response, found: (text: string) => boolean, startedAt: number) {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("no body");
  let text = "";
  let ms: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      if (ms === undefined) throw new Error(`stream ended before its first piece: ${text.slice(0, 200)}`);
      return ms;
    }
    if (ms === undefined) {
      text += value;
      if (found(text)) ms = performance.now() - startedAt;
    }
  }
}

export async function startLatencyUpstream() {
  return startFakeOpenAi({ apiKey: "sk-bench" });
}

export async function measureStreamLatency(
  upstream: Awaited<ReturnType<typeof startLatencyUpstream>>,
  appUrl: string,
  // Enough that the p99 is the 10th slowest run, not the 2nd: with 200 runs one hiccup of the machine moved
  // it by several milliseconds from one bench to the next.
  runs = 1000,
): Promise<{ direct: LatencySummary; viaServer: LatencySummary }> {
  // Through the shared helper: its usernames are letters only, which moderation always accepts.
  const [reader] = await signUpUsers(appUrl, 1, "sl");
  if (!reader) throw new Error("no user was made");
  const { cookie } = reader;

  const direct: number[] = [];
  const viaServer: number[] = [];
  const body = JSON.stringify({
    model: "bench",
    stream: true,
    messages: [{ role: "user", content: "Tell the story." }],
  });
  // A few of each first, so that connection set-up and JIT warm-up are not counted.
  for (let run = -10; run < runs; run++) {
    let startedAt = performance.now();
    const upstreamResponse = await fetch(`${upstream.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
      body,
    });
    const upstreamMs = await timeToFirstPiece(
      upstreamResponse,
      (text) => text.includes('"content"'),
      startedAt,
    );

    startedAt = performance.now();
    const appResponse = await fetch(`${appUrl}/api/stories/creation/layers/1/generate`, {
      method: "POST",
      headers: { origin: appUrl, cookie },
    });
    const appMs = await timeToFirstPiece(appResponse, (text) => text.includes('"type":"delta"'), startedAt);
    if (run >= 0) {
      direct.push(upstreamMs);
      viaServer.push(appMs);
    }
  }
  return { direct: summarise(direct), viaServer: summarise(viaServer) };
}
