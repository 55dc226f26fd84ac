/**
 * Goals for GET /api/admin/orders, page 1 of 100 000 orders with one filter (status=PRODUCTION),
 * signed in as an admin:
 * - PostgreSQL: the full stack >= 60% of the requests/s of a bare node:http + pg server running the same
 *   SQL with the same pool, and its p99 <= 2x the bare server's;
 * - PGlite: the full stack on the embedded database >= 35% of the PostgreSQL figure, with no errors at
 *   100 concurrent connections.
 * Both databases are fresh (a database on the local PostgreSQL server, a PGlite folder under the
 * temporary directory), seeded set-based with the product's bulk seeder and dropped afterwards. The
 * admin's session row is written through the auth service's session store: no e-mail involved.
 */
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { users } from '../../src/server/db/schema.js';
import { createSessionStore } from '../../src/server/features/auth/sessions.js';
import { seedBulkOrders } from '../../src/server/features/orders/index.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type BenchDatabase, createPgliteDatabase, createPostgresDatabase } from '../lib/databases.js';
import { type LoadOptions, type LoadResult, load } from '../lib/load.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';

const ORDER_COUNT = 100_000;
const PATH = '/api/admin/orders';
const QUERY = 'page=1&pageSize=10&status=PRODUCTION';
const POOL_SIZE = 10;
const RUNS = 3;
const GOALS = { postgresPercent: 60, p99Factor: 2, pglitePercent: 35 };
const POSTGRES_LOAD: LoadOptions = { connections: 50, pipelining: 1, duration: 5 };
const PGLITE_LOAD: LoadOptions = { connections: 100, pipelining: 1, duration: 5, tolerateFailures: true };
const warmUp = (options: LoadOptions): LoadOptions => ({ ...options, duration: 2 });

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

/** Seeds the 100 000 orders and an admin with a session; answers the session cookie. The export benchmark uses it too. */
export async function prepare(target: BenchDatabase): Promise<string> {
  const database = await target.open();
  try {
    await seedBulkOrders(database.db, ORDER_COUNT);
    const [admin] = await database.db
      .insert(users)
      .values({ email: 'bench-admin@example.com', role: 'ADMIN', verified: true })
      .returning({ id: users.id });
    if (!admin) throw new Error('could not create the benchmark admin');
    const { token } = await createSessionStore(database.db, systemClock, 24).create(admin.id, {
      userAgent: 'bench',
    });
    return `${SESSION_COOKIE}=${token}`;
  } finally {
    await database.close();
  }
}

/** Headers that belong to the connection or the moment, not to the answer. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function firstPage(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.json();
  if (response.status !== 200 || body?.items?.length !== 10) {
    throw new Error(`${url} answered ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value;
  });
  return { body, headers };
}

interface Figures {
  rps: number;
  p99: number;
  rates: number[];
  failures: number;
  /** Server process CPU per request (µs); unlike req/s it hardly moves when the machine is busy. */
  cpu: number;
}

function summarise(results: LoadResult[]): Figures {
  return {
    rps: median(results.map((r) => r.requestsPerSecond)),
    p99: median(results.map((r) => r.p99Ms)),
    rates: results.map((r) => r.requestsPerSecond),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    cpu: median(results.map((r) => r.cpuMicrosPerRequest)),
  };
}

type Side = 'full' | 'bare' | 'pglite';
const SIDES: readonly Side[] = ['full', 'bare', 'pglite'];

/**
 * Starts the three servers — the full stack and the bare reference on PostgreSQL, the full stack on
 * PGlite — checks that the two PostgreSQL servers answer the same JSON with the same headers, then
 * measures them in turns, each run starting with another side, so that a busy spell of the machine
 * hits all three alike.
 */
async function measure(
  postgresUrl: string,
  pgliteDir: string,
  cookies: Record<'postgres' | 'pglite', string>,
  servers: ServerProcess[],
) {
  const env = { BENCH_DATABASE_URL: postgresUrl, BENCH_POOL_SIZE: String(POOL_SIZE) };
  const full = await startServerProcess(script('admin-orders-full'), { env });
  servers.push(full);
  const fromFull = await firstPage(`${full.url}${PATH}?${QUERY}`, cookies.postgres);
  const bare = await startServerProcess(script('admin-orders-bare'), {
    env: { ...env, BENCH_QUERY: QUERY, BENCH_RESPONSE_HEADERS: JSON.stringify(fromFull.headers) },
  });
  servers.push(bare);
  const fromBare = await firstPage(`${bare.url}${PATH}?${QUERY}`, cookies.postgres);
  if (!isDeepStrictEqual(fromBare.body, fromFull.body)) {
    throw new Error('the bare server does not answer the same JSON as the full stack');
  }
  if (!isDeepStrictEqual(fromBare.headers, fromFull.headers)) {
    throw new Error('the bare server does not send the same headers as the full stack');
  }
  const pglite = await startServerProcess(script('admin-orders-full'), {
    env: { BENCH_DATA_DIR: pgliteDir },
  });
  servers.push(pglite);
  await firstPage(`${pglite.url}${PATH}?${QUERY}`, cookies.pglite);

  const sides: Record<Side, ServerProcess> = { full, bare, pglite };
  const options = (side: Side): LoadOptions => ({
    ...(side === 'pglite' ? PGLITE_LOAD : POSTGRES_LOAD),
    headers: { cookie: side === 'pglite' ? cookies.pglite : cookies.postgres },
    cpuMicros: sides[side].cpuMicros,
  });
  const url = (side: Side) => `${sides[side].url}${PATH}?${QUERY}`;
  for (const side of SIDES) await load(url(side), warmUp(options(side)));
  const results: Record<Side, LoadResult[]> = { full: [], bare: [], pglite: [] };
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < SIDES.length; k++) {
      const side = SIDES[(i + k) % SIDES.length] as Side;
      results[side].push(await load(url(side), options(side)));
    }
  }
  return {
    full: summarise(results.full),
    bare: summarise(results.bare),
    pglite: summarise(results.pglite),
    total: fromFull.body.total,
  };
}

export const adminOrdersBenchmark: Benchmark = {
  name: 'admin-orders',
  async run() {
    const servers: ServerProcess[] = [];
    const targets: BenchDatabase[] = [];
    try {
      const postgres = await createPostgresDatabase('admin_orders');
      targets.push(postgres);
      const pglite = createPgliteDatabase('admin-orders');
      targets.push(pglite);
      const seedStarted = Date.now();
      const [postgresCookie, pgliteCookie] = await Promise.all([prepare(postgres), prepare(pglite)]);
      const seedSeconds = (Date.now() - seedStarted) / 1000;

      const { pglite: lite, ...pg } = await measure(
        postgres.url ?? '',
        pglite.dataDir ?? '',
        { postgres: postgresCookie, pglite: pgliteCookie },
        servers,
      );

      const pgRatio = percent(pg.full.rps, pg.bare.rps);
      const p99Factor = pg.bare.p99 > 0 ? pg.full.p99 / pg.bare.p99 : Number.POSITIVE_INFINITY;
      const liteRatio = percent(lite.rps, pg.full.rps);
      const pgPassed = pgRatio >= GOALS.postgresPercent;
      const p99Passed = p99Factor <= GOALS.p99Factor;
      const litePassed = liteRatio >= GOALS.pglitePercent && lite.failures === 0;
      const runs = (rates: number[]) => rates.map(formatInt).join(', ');
      return {
        passed: pgPassed && p99Passed && litePassed,
        lines: [
          `admin-orders: ${formatInt(ORDER_COUNT)} orders (seeded in ${seedSeconds.toFixed(1)} s), GET ${PATH}?${QUERY} as an admin, ${pg.total} matching`,
          `  PostgreSQL: full stack ${formatInt(pg.full.rps)} req/s vs bare node:http + pg ${formatInt(pg.bare.rps)} req/s = ${formatPercent(pgRatio)} (goal >= ${GOALS.postgresPercent}%) ${verdict(pgPassed)}`,
          `  PostgreSQL p99: full stack ${pg.full.p99} ms vs bare ${pg.bare.p99} ms = ${p99Factor.toFixed(2)}x (goal <= ${GOALS.p99Factor}x) ${verdict(p99Passed)}`,
          `  PGlite: full stack ${formatInt(lite.rps)} req/s = ${formatPercent(liteRatio)} of PostgreSQL (goal >= ${GOALS.pglitePercent}%), ${lite.failures} errors at ${PGLITE_LOAD.connections} connections (goal 0) ${verdict(litePassed)}`,
          `  runs (req/s): PostgreSQL full ${runs(pg.full.rates)}; bare ${runs(pg.bare.rates)}; PGlite ${runs(lite.rates)}; pool ${POOL_SIZE}, ${POSTGRES_LOAD.connections} connections on PostgreSQL`,
          // When req/s and CPU disagree, the machine was busy and the CPU figure is the one to trust.
          Number.isFinite(pg.full.cpu)
            ? `  server CPU per request: PostgreSQL full ${formatInt(pg.full.cpu)} µs vs bare ${formatInt(pg.bare.cpu)} µs (bare/full = ${formatPercent(percent(pg.bare.cpu, pg.full.cpu))}, database server not counted); PGlite ${formatInt(lite.cpu)} µs, database included`
            : '  server CPU per request: not measured (needs /proc)',
        ],
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await Promise.all(targets.map((target) => target.drop()));
    }
  },
};
