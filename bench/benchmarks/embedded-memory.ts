/**
 * Goal: the server as `npm start` runs it (`node dist/server/main.js`, after the build) on the embedded
 * database holds <= 250 MB of memory (resident set) once started with 100 000 orders in its data folder
 * and after it served a first page of the admin orders list. The folder is seeded before the server
 * starts (set-based, with the product's bulk seeder), so the figure is what a restarted install holds.
 * The resident set is read from /proc (Linux) once it has settled: the start-up's background work
 * holds several hundred MB for about a second after the server answers (decision 318). The reading
 * right after the page is printed beside it. Median of 3 starts.
 */
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { startBuiltServer } from '../lib/built-server.js';
import { createPgliteDatabase } from '../lib/databases.js';
import { residentKilobytes, settledResidentKilobytes } from '../lib/server-process.js';
import { median } from '../lib/stats.js';
import { prepare } from './admin-orders.js';

const GOAL_MB = 250;
const RUNS = 3;

export const embeddedMemoryBenchmark: Benchmark = {
  name: 'embedded-memory',
  async run() {
    const target = createPgliteDatabase('memory');
    try {
      const cookie = await prepare(target);
      const runs: { settled: number; first: number }[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await residentAfterStart(target.dataDir!, cookie));
      const mb = median(runs.map((r) => r.settled));
      return {
        lines: [
          `embedded-memory: server on PGlite, 100,000 orders, after start-up and a first admin page: ` +
            `${mb.toFixed(0)} MB RSS once settled (runs ${runs.map((r) => r.settled.toFixed(0)).join(', ')}; goal <= ${GOAL_MB} MB) ` +
            verdict(mb <= GOAL_MB),
          `  (read right after the page: ${runs.map((r) => r.first.toFixed(0)).join(', ')} MB)`,
        ],
        passed: mb <= GOAL_MB,
        budgets: [
          {
            budget: 'embedded-memory',
            figure: `${mb.toFixed(0)} MB settled (runs ${runs.map((r) => r.settled.toFixed(0)).join(', ')})`,
            met: mb <= GOAL_MB,
          },
        ],
      };
    } finally {
      await target.drop();
    }
  },
};

async function residentAfterStart(
  dataDir: string,
  cookie: string,
): Promise<{ settled: number; first: number }> {
  const server = await startBuiltServer(dataDir);
  try {
    const response = await fetch(`${server.url}/api/admin/orders?page=1&pageSize=10`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`admin orders answered ${response.status}`);
    await response.arrayBuffer();
    const first = residentKilobytes(server.pid) / 1024;
    return { first, settled: (await settledResidentKilobytes(server.pid)) / 1024 };
  } finally {
    await server.stop();
  }
}
