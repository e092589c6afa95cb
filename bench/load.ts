// HTTP load with autocannon: 50 connections, signed in. One target alone, or several measured in turn, round
// after round, so that whatever the machine's neighbours do in the meantime meets each of them alike.
import autocannon, { type Options, type RawResult, type Request } from "autocannon";

export const CONNECTIONS = 50;
/** autocannon gives up on a request after this long; such a request counts as this slow at least. */
const TIMEOUT_SECONDS = 10;

/** `lowerBound`: more than 1% of requests timed out, so the p99 is at least the timeout, not a measurement. */
export type LoadResult = { requestsPerSecond: number; p99: number; lowerBound: boolean };

/**
 * What to load: one URL with one cookie, or (with `next`) a path and cookie chosen for every request, so that
 * the connections go through many readers and pages rather than one.
 */
export type LoadTarget = {
  url: string;
  cookie?: string;
  next?: () => { path: string; cookie: string };
};

function optionsFor(target: LoadTarget, seconds: number): Options & { skipAggregateResult: true } {
  const base = {
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    skipAggregateResult: true as const,
  };
  const { next } = target;
  if (!next) return { ...base, headers: target.cookie ? { cookie: target.cookie } : undefined };
  return {
    ...base,
    requests: [
      {
        method: "GET",
        setupRequest: (request: Request) => {
          const { path, cookie } = next();
          return { ...request, path, headers: { ...request.headers, cookie } };
        },
      },
    ],
  };
}

async function runOnce(target: LoadTarget, seconds: number): Promise<RawResult> {
  const raw = await autocannon(optionsFor(target, seconds));
  // autocannon times 2xx answers only: a run of fast 401s or 500s must not pass for a fast read. Timeouts
  // are counted among its errors; they are slowness, not failure.
  const failures = raw.non2xx + raw.errors - raw.timeouts;
  if (failures > 0)
    throw new Error(
      `load on ${new URL(target.url).pathname} had ${failures} failed requests (${raw.non2xx} non-2xx)`,
    );
  return raw;
}

/** Throughput over all the runs, and the p99 of all their requests together (the histograms merged). */
function summarise(target: LoadTarget, runs: RawResult[]): LoadResult {
  const merged = autocannon.aggregateResult(runs, { url: target.url, connections: CONNECTIONS });
  const completed = runs.reduce((sum, run) => sum + run.totalCompletedRequests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.duration, 0);
  const timeouts = runs.reduce((sum, run) => sum + run.timeouts, 0);
  const lowerBound = timeouts > 0.01 * (completed + timeouts);
  return {
    requestsPerSecond: completed / seconds,
    p99: lowerBound ? Math.max(merged.latency.p99, TIMEOUT_SECONDS * 1000) : merged.latency.p99,
    lowerBound,
  };
}

/** One target for `seconds`, after `warmUpSeconds` not counted (JIT, the pool, the database's caches). */
export async function load(target: LoadTarget, seconds: number, warmUpSeconds = 2): Promise<LoadResult> {
  if (warmUpSeconds > 0) await runOnce(target, warmUpSeconds);
  return summarise(target, [await runOnce(target, seconds)]);
}

/**
 * Each target warmed up, then measured in turn for `rounds` rounds of `seconds` (a, b, a, b, …). A neighbour
 * taking the machine's CPU for a few seconds then costs both sides alike, and the ratio of the two holds
 * where either figure alone would not.
 */
export async function alternate(
  targets: LoadTarget[],
  { rounds = 3, seconds = 5, warmUpSeconds = 2 } = {},
): Promise<LoadResult[]> {
  for (const target of targets) await runOnce(target, warmUpSeconds);
  const runs = targets.map((): RawResult[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) runs[index]?.push(await runOnce(target, seconds));
  }
  return targets.map((target, index) => summarise(target, runs[index] ?? []));
}
