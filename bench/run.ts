/**
 * `npm run bench` (after the build): runs each benchmark in turn (or only those named: `npm run bench --
 * dashboard bulk-status`) and prints its figures as ratios
 * against references measured in the same run, so the machine's speed cancels out. A missed goal is
 * reported, not fatal; a benchmark that crashes makes the process exit non-zero. Only loopback traffic.
 */
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
import { wsFanoutBenchmark } from './benchmarks/ws-fanout.js';
import type { Benchmark } from './lib/benchmark.js';

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
];

/** Every benchmark together, including the 100 000-row import and export and Lighthouse, finishes well within this. */
const OVERALL_TIMEOUT_MS = 1_500_000;

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const selected = only.length ? BENCHMARKS.filter((b) => only.includes(b.name)) : BENCHMARKS;
  let crashed = 0;
  let missed = 0;
  for (const benchmark of selected) {
    const started = Date.now();
    try {
      const outcome = await benchmark.run();
      for (const line of outcome.lines) console.log(line);
      if (!outcome.passed) missed++;
    } catch (err) {
      crashed++;
      console.error(`${benchmark.name}: CRASHED`, err);
    }
    console.log(`  (${benchmark.name} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  console.log(
    `\nbench: ${selected.length} benchmark${selected.length === 1 ? '' : 's'}, ${missed} missed a goal, ${crashed} crashed` +
      (missed ? ' (missed goals are reported, not fatal)' : ''),
  );
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
