/** What one benchmark module exports; bench/run.ts runs a list of them in order. */
export interface Benchmark {
  name: string;
  /** Prints its own figures; resolves with whether every goal was met. Throws only when it crashed. */
  run(): Promise<BenchmarkOutcome>;
}

export interface BenchmarkOutcome {
  /** One line each, in the `<what>: <figure> ... PASS/FAIL` form. */
  lines: string[];
  passed: boolean;
}

export const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
