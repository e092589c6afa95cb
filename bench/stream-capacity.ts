// Issue 17: how many realtime streams (GET /api/events) one instance holds while it still answers, and the
// memory each costs. Streams are opened a step at a time up to the instance's cap (EVENT_STREAMS_MAX); after
// each step the server's resident memory is read and /api/health is timed. The server must run with the
// per-user cap lifted (EVENT_STREAMS_PER_USER=0): the bench opens thousands of streams from a few accounts.
import http from "node:http";
import { baseUrl, bench, record, residentMb, withServer } from "./harness";
import { signUpUsers } from "./setup";

export type CapacityStep = { streams: number; rssMb: number; healthP50: number; healthP95: number };

export type StreamCapacity = {
  steps: CapacityStep[];
  /**
   * The least-squares slope of resident memory over the open streams of every step past the first (the empty
   * server's memory still holds start-up garbage that the first streams' allocations make it collect).
   */
  kbPerStream: number;
  /** The most streams at which /api/health's p95 stayed under the goal (0 when it never did). */
  maxHealthyStreams: number;
  /** Whether one stream past the cap was refused (503), as it should be. */
  refusedPastCap: boolean;
};

/** Health checks timed after each step, one after another, as a load balancer's probe would come. */
const HEALTH_SAMPLES = 20;
/** Streams being opened at once. */
const OPENING_AT_ONCE = 50;
const OPEN_TIMEOUT_MS = 60_000;

async function timeHealth(appUrl: string): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let index = 0; index < HEALTH_SAMPLES; index += 1) {
    const startedAt = performance.now();
    const response = await fetch(`${appUrl}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/health: ${response.status}`);
    samples.push(performance.now() - startedAt);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Opens one stream; resolves with its status once it has started (the `retry:` hint) or was refused. */
function openStream(appUrl: string, agent: http.Agent, cookie: string, open: http.ClientRequest[]) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(`${appUrl}/api/events`, { agent, headers: { cookie } });
    open.push(request);
    // Errors after the start (the bench destroying its streams at the end) are expected.
    request.on("error", reject);
    request.once("response", (response) => {
      response.on("error", () => {});
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        resolve(status);
        return;
      }
      // Pings keep coming; they are read and dropped, as a tab would.
      response.on("data", () => resolve(status));
      response.once("end", () => reject(new Error("a realtime stream ended during the capacity bench")));
    });
  });
}

function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const { x, y } of points) {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}

/**
 * Steps the open streams from 0 to `max` by `step`, the streams spread over `cookies`; `pid` is the server's
 * process (its memory is read from /proc). Every stream is closed again at the end.
 */
export async function measureStreamCapacity(
  appUrl: string,
  pid: number,
  cookies: string[],
  options: { step: number; max: number; healthGoalMs: number },
): Promise<StreamCapacity> {
  if (cookies.length === 0) throw new Error("the capacity bench needs at least one signed-in user");
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const open: http.ClientRequest[] = [];
  const steps: CapacityStep[] = [];
  try {
    // Warm-up: JIT and the database's caches, then the empty server as the first point.
    await timeHealth(appUrl);
    const empty = await timeHealth(appUrl);
    steps.push({ streams: 0, rssMb: residentMb(pid), healthP50: empty.p50, healthP95: empty.p95 });

    let opened = 0;
    while (opened < options.max) {
      const target = Math.min(options.max, opened + options.step);
      let next = opened;
      const worker = async () => {
        while (next < target) {
          const index = next++;
          const status = await openStream(appUrl, agent, cookies[index % cookies.length] as string, open);
          if (status !== 200) throw new Error(`stream ${index + 1} was refused: ${status}`);
        }
      };
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("streams did not open in time")), OPEN_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      opened = target;
      // Let the opening's garbage and the sockets' buffers settle before reading memory.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const health = await timeHealth(appUrl);
      steps.push({ streams: opened, rssMb: residentMb(pid), healthP50: health.p50, healthP95: health.p95 });
    }

    const refusedPastCap = (await openStream(appUrl, agent, cookies[0] as string, open)) === 503;
    const healthy = steps.filter((step) => step.healthP95 < options.healthGoalMs);
    return {
      steps,
      kbPerStream: slope(
        steps.filter((step) => step.streams > 0).map((step) => ({ x: step.streams, y: step.rssMb * 1024 })),
      ),
      maxHealthyStreams: Math.max(0, ...healthy.map((step) => step.streams)),
      refusedPastCap,
    };
  } finally {
    for (const request of open) request.destroy();
    agent.destroy();
  }
}

/** The instance's cap on open streams (EVENT_STREAMS_MAX's default), and the bench's steps towards it. */
const CAPACITY_MAX_STREAMS = 5000;
const CAPACITY_STEP = 500;
const CAPACITY_HEALTH_GOAL_MS = 100;

/**
 * The `capacity` part (issue 17): the memory one open realtime stream costs, and how many one instance holds
 * while /api/health still answers within 100 ms (p95 of 20), stepping by 500 to EVENT_STREAMS_MAX. The
 * per-user cap is lifted: ten accounts open them all.
 */
export async function measureCapacityRows() {
  const env = { EVENT_STREAMS_PER_USER: "0", EVENT_STREAMS_MAX: String(CAPACITY_MAX_STREAMS) };
  await withServer(env, async (child) => {
    if (!child.pid) throw new Error("the server has no process id");
    const users = await signUpUsers(baseUrl, 10, "cap");
    const capacity = await measureStreamCapacity(
      baseUrl,
      child.pid,
      users.map((user) => user.cookie),
      { step: CAPACITY_STEP, max: CAPACITY_MAX_STREAMS, healthGoalMs: CAPACITY_HEALTH_GOAL_MS },
    );
    for (const step of capacity.steps)
      console.error(
        `streams ${step.streams}: RSS ${step.rssMb.toFixed(0)} MB, /api/health p50 ${step.healthP50.toFixed(1)} ms, p95 ${step.healthP95.toFixed(1)} ms`,
      );
    record(
      `Memory per open realtime stream, RSS slope over 0–${CAPACITY_MAX_STREAMS} (${bench.database})`,
      capacity.kbPerStream,
      "KB",
    );
    record(
      `Most realtime streams one instance holds with /api/health p95 under ${CAPACITY_HEALTH_GOAL_MS} ms, by ${CAPACITY_STEP} to EVENT_STREAMS_MAX (${bench.database})`,
      capacity.maxHealthyStreams,
      "streams",
      CAPACITY_MAX_STREAMS,
      "min",
    );
    if (!capacity.refusedPastCap) console.error("A stream past EVENT_STREAMS_MAX was not refused with 503.");
  });
}
