/**
 * Goal for GET /api/admin/dashboard with 100 000 orders, signed in as an admin, under 10 concurrent
 * staff (DESIGN section 10): the full stack on PostgreSQL >= 50% of the requests/s of a bare node:http +
 * pg server running hand-written SQL for the same answer (bench/servers/dashboard-bare.ts; both answers
 * checked equal), and its p99 <= 1 s; the same route on the embedded PGlite is measured too,
 * with its p99 held to the same 1 s. The databases are seeded as the admin-orders benchmark seeds them.
 */
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type BenchDatabase, createPgliteDatabase, createPostgresDatabase } from '../lib/databases.js';
import { type LoadOptions, type LoadResult, load } from '../lib/load.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';
import { prepare } from './admin-orders.js';

const PATH = '/api/admin/dashboard';
const POOL_SIZE = 10;
const RUNS = 3;
const GOALS = { percent: 50, p99Ms: 1000 };
const LOAD: LoadOptions = { connections: 10, pipelining: 1, duration: 5 };

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

type Side = 'full' | 'bare' | 'pglite';

async function dashboard(url: string, cookie: string) {
  const response = await fetch(`${url}${PATH}`, { headers: { cookie } });
  const body = (await response.json()) as { totalOrders?: number; unitsPerStage?: { count: number }[] };
  if (response.status !== 200) throw new Error(`${url}${PATH} answered ${response.status}`);
  return {
    body,
    total: body.totalOrders,
    units: body.unitsPerStage?.reduce((sum, row) => sum + row.count, 0),
  };
}

export const dashboardBenchmark: Benchmark = {
  name: 'dashboard',
  async run() {
    const running: ServerProcess[] = [];
    const targets: BenchDatabase[] = [];
    try {
      const postgres = await createPostgresDatabase('dashboard');
      targets.push(postgres);
      const pglite = createPgliteDatabase('dashboard');
      targets.push(pglite);
      const [postgresCookie, pgliteCookie] = await Promise.all([prepare(postgres), prepare(pglite)]);
      const env = { BENCH_DATABASE_URL: postgres.url ?? '', BENCH_POOL_SIZE: String(POOL_SIZE) };
      const full = await startServerProcess(script('admin-orders-full'), { env, startTimeoutMs: 120_000 });
      running.push(full);
      const bare = await startServerProcess(script('dashboard-bare'), { env, startTimeoutMs: 120_000 });
      running.push(bare);
      const lite = await startServerProcess(script('admin-orders-full'), {
        env: { BENCH_DATA_DIR: pglite.dataDir ?? '' },
        startTimeoutMs: 120_000,
      });
      running.push(lite);
      const servers: Record<Side, ServerProcess> = { full, bare, pglite: lite };
      const cookies: Record<Side, string> = {
        full: postgresCookie,
        bare: postgresCookie,
        pglite: pgliteCookie,
      };

      // The full stack and the reference answer the same JSON on PostgreSQL; PGlite, seeded alike, the
      // same totals.
      const fromFull = await dashboard(full.url, postgresCookie);
      const fromBare = await dashboard(bare.url, postgresCookie);
      const firstLite = Date.now();
      const fromLite = await dashboard(lite.url, pgliteCookie);
      const firstLiteMs = Date.now() - firstLite;
      if (!isDeepStrictEqual(fromFull.body, fromBare.body)) {
        throw new Error(
          `the bare dashboard differs: ${JSON.stringify(fromFull.body)} vs ${JSON.stringify(fromBare.body)}`,
        );
      }
      if (
        fromFull.total !== fromBare.total ||
        fromFull.units !== fromBare.units ||
        fromFull.total !== fromLite.total
      ) {
        throw new Error(
          `the dashboards disagree: ${JSON.stringify([fromFull.total, fromBare.total, fromLite.total])}`,
        );
      }

      const options = (side: Side): LoadOptions => ({
        ...LOAD,
        headers: { cookie: cookies[side] },
        cpuMicros: servers[side].cpuMicros,
      });
      const sides: Side[] = ['full', 'bare', 'pglite'];
      for (const side of sides) await load(`${servers[side].url}${PATH}`, options(side));
      const results = new Map<Side, LoadResult[]>(sides.map((side) => [side, []]));
      for (let i = 0; i < RUNS; i++) {
        for (let k = 0; k < sides.length; k++) {
          const side = sides[(i + k) % sides.length] as Side;
          results.get(side)?.push(await load(`${servers[side].url}${PATH}`, options(side)));
        }
      }
      const figures = (side: Side) => {
        const list = results.get(side) ?? [];
        return {
          rps: median(list.map((r) => r.requestsPerSecond)),
          p99: median(list.map((r) => r.p99Ms)),
          p50: median(list.map((r) => r.p50Ms)),
          cpuMs: median(list.map((r) => r.cpuMicrosPerRequest)) / 1000,
          rates: list.map((r) => formatInt(r.requestsPerSecond)).join(', '),
        };
      };
      const f = figures('full');
      const b = figures('bare');
      const l = figures('pglite');
      const ratio = percent(f.rps, b.rps);
      const ratioPassed = ratio >= GOALS.percent;
      const p99Passed = f.p99 <= GOALS.p99Ms;
      const litePassed = l.p99 <= GOALS.p99Ms;
      return {
        passed: ratioPassed && p99Passed && litePassed,
        budgets: [
          {
            budget: 'dashboard-insights',
            figure: `dashboard on PostgreSQL ${formatPercent(ratio)} (${formatInt(f.rps)} vs ${formatInt(b.rps)} req/s), p99 ${f.p99} ms; on PGlite p99 ${l.p99} ms`,
            met: ratioPassed && p99Passed && litePassed,
          },
        ],
        lines: [
          `dashboard: ${formatInt(fromFull.total ?? 0)} orders, ${formatInt(fromFull.units ?? 0)} units, GET ${PATH} as an admin; ${LOAD.connections} concurrent staff, pool ${POOL_SIZE}`,
          `  PostgreSQL: full stack ${formatInt(f.rps)} req/s vs bare node:http + pg ${formatInt(b.rps)} req/s = ${formatPercent(ratio)} (goal >= ${GOALS.percent}%) ${verdict(ratioPassed)}`,
          `  PostgreSQL p99: full stack ${f.p99} ms (goal <= ${GOALS.p99Ms} ms) ${verdict(p99Passed)}; bare ${b.p99} ms; p50 ${f.p50} vs ${b.p50} ms`,
          `  PGlite: full stack ${formatInt(l.rps)} req/s, p99 ${l.p99} ms (goal <= ${GOALS.p99Ms} ms) ${verdict(litePassed)}; p50 ${l.p50} ms; first request after start ${firstLiteMs} ms`,
          `  runs (req/s): full ${f.rates}; bare ${b.rates}; PGlite ${l.rates}`,
          `  server CPU per request: full ${f.cpuMs.toFixed(2)} ms, bare ${b.cpuMs.toFixed(2)} ms, PGlite ${l.cpuMs.toFixed(2)} ms`,
        ],
      };
    } finally {
      await Promise.all(running.map((server) => server.stop()));
      await Promise.all(targets.map((target) => target.drop()));
    }
  },
};
