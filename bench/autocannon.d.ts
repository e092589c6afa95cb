// autocannon ships no types; only the part of its Node API the bench uses is declared here.
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds. */
    timeout?: number;
    headers?: Record<string, string>;
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
