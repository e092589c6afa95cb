// autocannon ships no types; only the part of its Node API the bench uses is declared here.
declare module "autocannon" {
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Changes the request before it is sent; autocannon calls it for every request of a connection. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds. */
    timeout?: number;
    headers?: Record<string, string>;
    /** Each connection goes through these in turn. */
    requests?: Request[];
    /** Gives back the raw result (encoded histograms), for `aggregateResult` to merge several runs. */
    skipAggregateResult?: boolean;
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram & { totalCount: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  /** What a run gives back with `skipAggregateResult`. */
  export type RawResult = {
    totalCompletedRequests: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /** Merges raw results: the latency percentiles are those of every request of every run. */
    function aggregateResult(results: RawResult[], options: { url: string; connections?: number }): Result;
  }
  export default autocannon;
}
