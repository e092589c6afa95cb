// How the bench reads a percentile: the sample at that rank, with nothing interpolated, so a p99 is always a
// time one run really took. Kept apart from setup.ts so the small timing processes load nothing else.

export type LatencySummary = { p50: number; p99: number };

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
