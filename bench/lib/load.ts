import autocannon, { type Options } from 'autocannon';

export interface LoadOptions {
  connections?: number;
  pipelining?: number;
  /** Seconds. */
  duration?: number;
  headers?: Record<string, string>;
  /**
   * Reads the server's CPU time; with it the run also reports CPU per request, which, unlike req/s,
   * barely moves when other work shares the machine.
   */
  cpuMicros?: () => number;
  /** Report failed requests in `failures` instead of throwing (for goals that count errors). */
  tolerateFailures?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Server CPU time per answered request in microseconds, when a `cpuMicros` probe was given. */
  cpuMicrosPerRequest: number;
  /** Socket errors, timeouts and non-2xx answers: a run with any of them is not a valid figure. */
  failures: number;
}

/** One autocannon run against `url`; throws when the server answered with errors. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const opts: Options = {
    url,
    connections: options.connections ?? 50,
    pipelining: options.pipelining ?? 1,
    duration: options.duration ?? 5,
    headers: options.headers,
    timeout: 10,
  };
  const cpuBefore = options.cpuMicros?.() ?? Number.NaN;
  const result = await autocannon(opts);
  const cpuUsed = (options.cpuMicros?.() ?? Number.NaN) - cpuBefore;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (!options.tolerateFailures && result.requests.total > 0 && failures > result.requests.total * 0.001) {
    throw new Error(`${url}: ${failures} failed of ${result.requests.total} requests`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    cpuMicrosPerRequest: cpuUsed / result.requests.total,
    failures,
  };
}
