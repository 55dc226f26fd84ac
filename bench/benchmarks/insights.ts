/**
 * Goal (DESIGN section 10): each Insights chart at 100 000 orders and their histories (the bulk seed of
 * `SEED_ORDERS=100000 npm run seed:demo` plus the demo's past: two years of delivered units and the
 * conversations, deposits and delivery days around them, src/server/demo-past.ts), signed in as
 * an admin, >= 50% of the requests/s of bare node:http + pg running a hand-written statement per chart
 * (bench/servers/insights-bare.ts, which keeps nothing between requests), and p99 <= 1 s, under 10
 * concurrent connections on PostgreSQL. The default range (the last 12 weeks) is measured; both servers
 * are checked to answer the same rows (figures rounded to two decimals may differ by 0.01).
 */
import { fileURLToPath } from 'node:url';
import { seedDemoPast } from '../../src/server/demo-past.js';
import { INSIGHT_CHARTS } from '../../src/shared/schemas/insights.js';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type BenchDatabase, createPostgresDatabase } from '../lib/databases.js';
import { type LoadOptions, type LoadResult, load } from '../lib/load.js';
import { firstDifference } from '../lib/same-rows.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';
import { prepare } from './admin-orders.js';

const POOL_SIZE = 10;
const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 3);
const GOALS = { percent: 50, p99Ms: 1000 };
const LOAD: LoadOptions = { connections: 10, pipelining: 1, duration: 5 };
const WARM_UP: LoadOptions = { ...LOAD, duration: 3 };
const PATH = '/api/admin/insights/';

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

async function rowsOf(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  const body = await response.json();
  if (response.status !== 200 || !Array.isArray(body)) {
    throw new Error(`${url} answered ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body;
}

export const insightsBenchmark: Benchmark = {
  name: 'insights',
  async run() {
    const running: ServerProcess[] = [];
    const targets: BenchDatabase[] = [];
    try {
      const postgres = await createPostgresDatabase('insights');
      targets.push(postgres);
      const seedStarted = Date.now();
      const cookie = await prepare(postgres);
      const database = await postgres.open();
      // The demo's past exactly as `npm run seed:demo` writes it: the units' history and the messages,
      // deposits and delivery days the last three charts read.
      const past = await seedDemoPast(database.db);
      await database.close();
      if (!past) throw new Error('the demo history was already in the benchmark database');
      const seedSeconds = (Date.now() - seedStarted) / 1000;
      const env = { BENCH_DATABASE_URL: postgres.url ?? '', BENCH_POOL_SIZE: String(POOL_SIZE) };
      const full = await startServerProcess(script('admin-orders-full'), { env });
      running.push(full);
      const bare = await startServerProcess(script('insights-bare'), { env });
      running.push(bare);

      const lines = [
        `insights: 100 000 orders and the demo's past of ${past.units} delivered-or-moving units, ${past.messages} messages, ${past.payments} deposit payments and ${past.deliveryDays} delivery days with ${past.bookings} bookings (seeded in ${seedSeconds.toFixed(1)} s), GET ${PATH}:chart (last 12 weeks) as an admin; pool ${POOL_SIZE}, ${LOAD.connections} connections on PostgreSQL, ${RUNS} runs of ${LOAD.duration} s`,
      ];
      let passed = true;
      const figures: string[] = [];
      for (const chart of INSIGHT_CHARTS) {
        const url = (server: ServerProcess) => `${server.url}${PATH}${chart}`;
        const [fromFull, fromBare] = await Promise.all([
          rowsOf(url(full), cookie),
          rowsOf(url(bare), cookie),
        ]);
        const difference = firstDifference(fromFull, fromBare);
        if (difference) {
          throw new Error(`${chart}: the hand-written reference answers other rows (${difference})`);
        }
        const options = (server: ServerProcess): LoadOptions => ({
          ...LOAD,
          headers: { cookie },
          cpuMicros: server.cpuMicros,
        });
        await load(url(full), { ...WARM_UP, headers: { cookie } });
        await load(url(bare), { ...WARM_UP, headers: { cookie } });
        const results: Record<'full' | 'bare', LoadResult[]> = { full: [], bare: [] };
        for (let i = 0; i < RUNS; i++) {
          // Alternate which side goes first, so a busy spell of the machine hits both alike.
          const order = i % 2 === 0 ? (['full', 'bare'] as const) : (['bare', 'full'] as const);
          for (const side of order) {
            const server = side === 'full' ? full : bare;
            results[side].push(await load(url(server), options(server)));
          }
        }
        const rps = (side: 'full' | 'bare') => median(results[side].map((r) => r.requestsPerSecond));
        const p99 = (side: 'full' | 'bare') => median(results[side].map((r) => r.p99Ms));
        const cpuMs = (side: 'full' | 'bare') =>
          (median(results[side].map((r) => r.cpuMicrosPerRequest)) / 1000).toFixed(2);
        const ratio = percent(rps('full'), rps('bare'));
        const ok = ratio >= GOALS.percent && p99('full') <= GOALS.p99Ms;
        passed &&= ok;
        figures.push(`${chart} ${formatPercent(ratio)} p99 ${p99('full')} ms`);
        lines.push(
          `  ${chart} (${fromFull.length} rows): full stack ${formatInt(rps('full'))} req/s vs bare ${formatInt(rps('bare'))} req/s = ${formatPercent(ratio)} (goal >= ${GOALS.percent}%); p99 ${p99('full')} ms vs ${p99('bare')} ms (goal <= ${GOALS.p99Ms} ms) ${verdict(ok)}; server CPU per request ${cpuMs('full')} vs ${cpuMs('bare')} ms`,
        );
      }
      return {
        passed,
        lines,
        budgets: [{ budget: 'dashboard-insights', figure: figures.join(', '), met: passed }],
      };
    } finally {
      await Promise.all(running.map((server) => server.stop()));
      await Promise.all(targets.map((target) => target.drop()));
    }
  },
};
