import type { BudgetId } from './budgets.js';

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
  /** Its figure for each budget row it measures (bench/lib/budgets.ts), for the run's summary. */
  budgets: BudgetFigure[];
}

/** One benchmark's figure for one budget row, judged against the row's goal. */
export interface BudgetFigure {
  budget: BudgetId;
  /** The figure in a few words, with the reference it is a ratio of. */
  figure: string;
  met: boolean;
}

export const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
