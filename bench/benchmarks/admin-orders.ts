/**
 * Goals for GET /api/admin/orders with 100 000 orders, signed in as an admin. The main case is page 1
 * with one filter (status=PRODUCTION):
 * - PostgreSQL: the full stack >= 85% of the requests/s of a bare node:http + pg server running the same
 *   SQL — the session row looked up by the cookie's token hash, then the page and its count — with the
 *   same pool, and its p99 <= 1.3x the bare server's;
 * - PGlite: the full stack on the embedded database >= 50% of the PostgreSQL figure, with no errors at
 *   100 concurrent connections.
 * Two more cases against the same bare reference on PostgreSQL (docs/performance.md): a search for one
 * exact order id (`q=<orderId>`, matched in the id, product and customer columns through their trigram
 * indexes, decision 184), also on PGlite, and a 100-row page without a filter; their goals are the main
 * case's ratios (decision 170).
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
const FILTER_QUERY = 'page=1&pageSize=10&status=PRODUCTION';
const LARGE_PAGE_QUERY = 'page=1&pageSize=100';
const POOL_SIZE = 10;
/** Five: with three, the main case's p99 ratio was 2.16x in one run of the bench and 1.51x in the next. */
const RUNS = 5;
const GOALS = { postgresPercent: 85, p99Factor: 1.3, pglitePercent: 50 };
const POSTGRES_LOAD: LoadOptions = { connections: 50, pipelining: 1, duration: 5 };
const PGLITE_LOAD: LoadOptions = { connections: 100, pipelining: 1, duration: 5, tolerateFailures: true };
/**
 * Long enough for the engine to have compiled the hot paths of either side: after 2 s the full stack
 * still spent half as much again per request as it does once warm (decision 188).
 */
const warmUp = (options: LoadOptions): LoadOptions => ({ ...options, duration: 10 });

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

/**
 * Seeds the 100 000 orders (or `orderCount`) and an admin with a session; answers the session cookie.
 * The export, dashboard and bulk-status benchmarks use it too.
 */
export async function prepare(target: BenchDatabase, orderCount = ORDER_COUNT): Promise<string> {
  const database = await target.open();
  try {
    await seedBulkOrders(database.db, orderCount);
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

/** Asked for uncompressed, as the load generator asks (it sends no Accept-Encoding). */
async function firstPage(url: string, cookie: string, size: number) {
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  const body = await response.json();
  if (response.status !== 200 || body?.items?.length !== size) {
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
  p50: number;
  p99: number;
  rates: number[];
  failures: number;
  /** Server process CPU per request (µs); unlike req/s it hardly moves when the machine is busy. */
  cpu: number;
}

function summarise(results: LoadResult[]): Figures {
  return {
    rps: median(results.map((r) => r.requestsPerSecond)),
    p50: median(results.map((r) => r.p50Ms)),
    p99: median(results.map((r) => r.p99Ms)),
    rates: results.map((r) => r.requestsPerSecond),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    cpu: median(results.map((r) => r.cpuMicrosPerRequest)),
  };
}

type Side = 'full' | 'bare' | 'pglite';

interface Case {
  name: string;
  query: string;
  /** Rows on the page. */
  size: number;
  sides: readonly Side[];
}

/**
 * Runs the sides of one case in turns, each run starting with another side, so that a busy spell of the
 * machine hits them alike.
 */
async function measureCase(
  servers: Record<Side, ServerProcess>,
  cookies: Record<Side, string>,
  { query, sides }: Case,
): Promise<Partial<Record<Side, Figures>>> {
  const options = (side: Side): LoadOptions => ({
    ...(side === 'pglite' ? PGLITE_LOAD : POSTGRES_LOAD),
    headers: { cookie: cookies[side] },
    cpuMicros: servers[side].cpuMicros,
  });
  const url = (side: Side) => `${servers[side].url}${PATH}?${query}`;
  for (const side of sides) await load(url(side), warmUp(options(side)));
  const results = new Map<Side, LoadResult[]>(sides.map((side) => [side, []]));
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(i + k) % sides.length] as Side;
      results.get(side)?.push(await load(url(side), options(side)));
    }
  }
  return Object.fromEntries([...results].map(([side, list]) => [side, summarise(list)]));
}

/**
 * Starts the three servers — the full stack and the bare reference on PostgreSQL, the full stack on
 * PGlite — after checking, for every case, that the two PostgreSQL servers answer the same JSON with
 * the same headers.
 */
async function startServers(
  postgresUrl: string,
  pgliteDir: string,
  cookies: Record<Side, string>,
  running: ServerProcess[],
) {
  const env = { BENCH_DATABASE_URL: postgresUrl, BENCH_POOL_SIZE: String(POOL_SIZE) };
  const full = await startServerProcess(script('admin-orders-full'), { env });
  running.push(full);
  const filtered = await firstPage(`${full.url}${PATH}?${FILTER_QUERY}`, cookies.full, 10);
  // An order from the middle of the list, searched for by its exact id.
  const searched = filtered.body.items[5].orderId as string;
  const cases: Case[] = [
    { name: 'page 1, one filter', query: FILTER_QUERY, size: 10, sides: ['full', 'bare', 'pglite'] },
    {
      name: 'exact order id search',
      query: `page=1&pageSize=10&q=${searched}`,
      size: 1,
      sides: ['full', 'bare', 'pglite'],
    },
    { name: '100-row page, no filter', query: LARGE_PAGE_QUERY, size: 100, sides: ['full', 'bare'] },
  ];
  const fromFull = await Promise.all(
    cases.map((c) => firstPage(`${full.url}${PATH}?${c.query}`, cookies.full, c.size)),
  );
  const bare = await startServerProcess(script('admin-orders-bare'), {
    env: {
      ...env,
      BENCH_QUERIES: JSON.stringify(cases.map((c) => c.query)),
      BENCH_RESPONSE_HEADERS: JSON.stringify(filtered.headers),
    },
  });
  running.push(bare);
  for (const [i, c] of cases.entries()) {
    const fromBare = await firstPage(`${bare.url}${PATH}?${c.query}`, cookies.bare, c.size);
    if (!isDeepStrictEqual(fromBare.body, fromFull[i]?.body)) {
      throw new Error(`${c.name}: the bare server does not answer the same JSON as the full stack`);
    }
    if (!isDeepStrictEqual(fromBare.headers, fromFull[i]?.headers)) {
      throw new Error(`${c.name}: the bare server does not send the same headers as the full stack`);
    }
  }
  // Opening 100 000 orders in WebAssembly on a busy machine can take longer than the default wait.
  const pglite = await startServerProcess(script('admin-orders-full'), {
    env: { BENCH_DATA_DIR: pgliteDir },
    startTimeoutMs: 120_000,
  });
  running.push(pglite);
  await firstPage(`${pglite.url}${PATH}?${FILTER_QUERY}`, cookies.pglite, 10);
  return { servers: { full, bare, pglite }, cases, total: filtered.body.total as number };
}

export const adminOrdersBenchmark: Benchmark = {
  name: 'admin-orders',
  async run() {
    const running: ServerProcess[] = [];
    const targets: BenchDatabase[] = [];
    try {
      const postgres = await createPostgresDatabase('admin_orders');
      targets.push(postgres);
      const pglite = createPgliteDatabase('admin-orders');
      targets.push(pglite);
      const seedStarted = Date.now();
      const [postgresCookie, pgliteCookie] = await Promise.all([prepare(postgres), prepare(pglite)]);
      const seedSeconds = (Date.now() - seedStarted) / 1000;
      const cookies = { full: postgresCookie, bare: postgresCookie, pglite: pgliteCookie };
      const { servers, cases, total } = await startServers(
        postgres.url ?? '',
        pglite.dataDir ?? '',
        cookies,
        running,
      );

      const lines = [
        `admin-orders: ${formatInt(ORDER_COUNT)} orders (seeded in ${seedSeconds.toFixed(1)} s), GET ${PATH} as an admin; pool ${POOL_SIZE}, ${POSTGRES_LOAD.connections} connections on PostgreSQL, ${PGLITE_LOAD.connections} on PGlite`,
      ];
      let passed = true;
      const postgresFigures: string[] = [];
      const pgliteFigures: string[] = [];
      let postgresMet = true;
      let pgliteMet = true;
      const runs = (rates: number[]) => rates.map(formatInt).join(', ');
      for (const c of cases) {
        const figures = await measureCase(servers, cookies, c);
        const full = figures.full as Figures;
        const bare = figures.bare as Figures;
        const pgRatio = percent(full.rps, bare.rps);
        const p99Factor = bare.p99 > 0 ? full.p99 / bare.p99 : Number.POSITIVE_INFINITY;
        const pgPassed = pgRatio >= GOALS.postgresPercent;
        const p99Passed = p99Factor <= GOALS.p99Factor;
        passed &&= pgPassed && p99Passed;
        postgresMet &&= pgPassed && p99Passed;
        postgresFigures.push(`${c.name} ${formatPercent(pgRatio)}, p99 ${p99Factor.toFixed(2)}x`);
        lines.push(
          `  ${c.name} (?${c.query}${c === cases[0] ? `, ${total} matching` : ''}):`,
          `    PostgreSQL: full stack ${formatInt(full.rps)} req/s vs bare node:http + pg ${formatInt(bare.rps)} req/s = ${formatPercent(pgRatio)} (goal >= ${GOALS.postgresPercent}%) ${verdict(pgPassed)}`,
          `    PostgreSQL p99: full stack ${full.p99} ms vs bare ${bare.p99} ms = ${p99Factor.toFixed(2)}x (goal <= ${GOALS.p99Factor}x) ${verdict(p99Passed)}; p50 ${full.p50} vs ${bare.p50} ms`,
        );
        const lite = figures.pglite;
        if (lite) {
          const liteRatio = percent(lite.rps, full.rps);
          const litePassed = liteRatio >= GOALS.pglitePercent && lite.failures === 0;
          passed &&= litePassed;
          pgliteMet &&= litePassed;
          pgliteFigures.push(`${c.name} ${formatPercent(liteRatio)}, ${lite.failures} errors`);
          lines.push(
            `    PGlite: full stack ${formatInt(lite.rps)} req/s = ${formatPercent(liteRatio)} of PostgreSQL (goal >= ${GOALS.pglitePercent}%), ${lite.failures} errors at ${PGLITE_LOAD.connections} connections (goal 0) ${verdict(litePassed)}; p99 ${lite.p99} ms`,
          );
        }
        lines.push(
          `    runs (req/s): full ${runs(full.rates)}; bare ${runs(bare.rates)}${lite ? `; PGlite ${runs(lite.rates)}` : ''}`,
          // When req/s and CPU disagree, the machine was busy and the CPU figure is the one to trust.
          Number.isFinite(full.cpu)
            ? `    server CPU per request: full ${formatInt(full.cpu)} µs vs bare ${formatInt(bare.cpu)} µs (bare/full = ${formatPercent(percent(bare.cpu, full.cpu))}, database server not counted)${lite ? `; PGlite ${formatInt(lite.cpu)} µs, database included` : ''}`
            : '    server CPU per request: not measured (needs /proc)',
        );
      }
      return {
        passed,
        lines,
        budgets: [
          { budget: 'admin-orders-postgres', figure: postgresFigures.join('; '), met: postgresMet },
          { budget: 'admin-orders-pglite', figure: pgliteFigures.join('; '), met: pgliteMet },
        ],
      };
    } finally {
      await Promise.all(running.map((server) => server.stop()));
      await Promise.all(targets.map((target) => target.drop()));
    }
  },
};
