/**
 * `npm run bench` (after the build): runs each benchmark in turn (or only those named: `npm run bench --
 * dashboard bulk-status`) and prints its figures as ratios
 * against references measured in the same run, so the machine's speed cancels out. A missed goal is
 * reported, not fatal; a benchmark that crashes makes the process exit non-zero. Only loopback traffic.
 * The run ends with every budget row (bench/lib/budgets.ts) and its verdict from this run's figures,
 * printed as one table and written to .tmp/bench/summary.json; a named run judges the rows of the
 * benchmarks it ran.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminOrdersBenchmark } from './benchmarks/admin-orders.js';
import { authBundleBenchmark } from './benchmarks/auth-bundle.js';
import { bulkStatusBenchmark } from './benchmarks/bulk-status.js';
import { dashboardBenchmark } from './benchmarks/dashboard.js';
import { embeddedMemoryBenchmark } from './benchmarks/embedded-memory.js';
import { exportBenchmark } from './benchmarks/export.js';
import { healthzBenchmark } from './benchmarks/healthz.js';
import { importBenchmark } from './benchmarks/import.js';
import { insightsBenchmark } from './benchmarks/insights.js';
import { lighthouseBenchmark } from './benchmarks/lighthouse.js';
import { startBenchmark } from './benchmarks/start.js';
import { wsFanoutBenchmark } from './benchmarks/ws-fanout.js';
import type { Benchmark, BudgetFigure } from './lib/benchmark.js';
import { BUDGETS, summarise, summaryTable } from './lib/budgets.js';

const BENCHMARKS: Benchmark[] = [
  authBundleBenchmark,
  healthzBenchmark,
  adminOrdersBenchmark,
  dashboardBenchmark,
  bulkStatusBenchmark,
  insightsBenchmark,
  wsFanoutBenchmark,
  exportBenchmark,
  importBenchmark,
  embeddedMemoryBenchmark,
  lighthouseBenchmark,
  startBenchmark,
];

const SUMMARY_FILE = fileURLToPath(new URL('../.tmp/bench/summary.json', import.meta.url));

/**
 * Every benchmark together, including the 100 000-row import and export, Lighthouse's 30 page loads
 * and three builds from a fresh copy, finishes well within this.
 */
const OVERALL_TIMEOUT_MS = 3_600_000;

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length) throw new Error(`no benchmark named ${unknown.join(', ')}`);
  const selected = only.length ? BENCHMARKS.filter((b) => only.includes(b.name)) : BENCHMARKS;
  const results = new Map<string, { figures: BudgetFigure[] } | 'crashed'>();
  let crashed = 0;
  let missed = 0;
  for (const benchmark of selected) {
    const started = Date.now();
    try {
      const outcome = await benchmark.run();
      for (const line of outcome.lines) console.log(line);
      if (!outcome.passed) missed++;
      results.set(benchmark.name, { figures: outcome.budgets });
    } catch (err) {
      crashed++;
      results.set(benchmark.name, 'crashed');
      console.error(`${benchmark.name}: CRASHED`, err);
    }
    console.log(`  (${benchmark.name} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  console.log(
    `\nbench: ${selected.length} benchmark${selected.length === 1 ? '' : 's'}, ${missed} missed a goal, ${crashed} crashed` +
      (missed ? ' (missed goals are reported, not fatal)' : ''),
  );

  // A whole run judges every row; a named run only the rows of what it ran.
  const rows = summarise(results).filter(
    (row) =>
      !only.length || BUDGETS.find((b) => b.id === row.budget)?.benchmarks.some((name) => results.has(name)),
  );
  console.log(
    `\nbudgets (docs/performance.md) judged by this run's figures:\n${summaryTable(rows).join('\n')}`,
  );
  mkdirSync(join(SUMMARY_FILE, '..'), { recursive: true });
  writeFileSync(
    SUMMARY_FILE,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), benchmarks: [...results.keys()], budgets: rows }, null, 2)}\n`,
  );
  console.log(`(also written to ${SUMMARY_FILE})`);
  return crashed ? 1 : 0;
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${OVERALL_TIMEOUT_MS / 1000} s, giving up`);
  process.exit(2);
}, OVERALL_TIMEOUT_MS);
watchdog.unref();

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
