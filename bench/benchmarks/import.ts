/**
 * Import of a 100 000-row CSV, end to end (multipart upload over HTTP, parsing, checks,
 * customers, orders, units, events, commit) through POST /api/admin/import on PostgreSQL, against the
 * best hand-written SQL doing the same work in the same database: `psql \copy` of the same file into
 * an UNLOGGED staging table, then set-based `INSERT … SELECT` into the customers (users), orders,
 * units (order_items) and events (event_logs) — the product's own tables, so the same indexes,
 * constraints and foreign keys — in one transaction. Goal: >= 85% of the reference's rows/s.
 * Both clients are separate processes (curl for the upload, psql for the reference); the tables are
 * emptied between runs; median of 3 runs after one warm-up of each. Printed with it, for a shared
 * machine where rows/s swing: the CPU time per row of the database's backends (both sides) and of
 * the product's server process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../src/server/config.js';
import { users } from '../../src/server/db/schema.js';
import { createSessionStore } from '../../src/server/features/auth/sessions.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { sampleDatabaseCpu } from '../lib/database-cpu.js';
import { createPostgresDatabase } from '../lib/databases.js';
import { startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';

const ROWS = 100_000;
const RUNS = 3;
const GOAL_PERCENT = 85;
const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

const PRODUCTS = ['Studio 240', 'Cabin 400', 'Backyard Office 120', 'Tiny Home 320', 'Guest House 500'];
const ZIPS = ['78701', '78702', '94110', '10001', '02134'];

/** The import file: both sides read this very file. */
function writeImportFile(dir: string) {
  const lines = ['orderId,productName,quantity,orderDate,status,email,zipCode'];
  for (let i = 0; i < ROWS; i += 1) {
    const orderId = `BI-${i}`;
    const product = PRODUCTS[i % PRODUCTS.length];
    const quantity = 1 + (i % 20 === 0 ? 2 : i % 5 === 0 ? 1 : 0);
    const date = `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const email = i % 5 === 0 ? '' : `bench-import-${i % 30_000}@example.com`;
    const zip = ZIPS[i % ZIPS.length];
    lines.push(`${orderId},${product},${quantity},${date},ORDER_PLACED,${email},${zip}`);
  }
  const file = join(dir, 'orders.csv');
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

/**
 * The reference, run by `psql -1` (one transaction): what the import writes, as set-based SQL. A
 * date-only cell is noon UTC, as the importer reads it; e-mails are stored lower-case; a customer is
 * created once per new e-mail; each order gets one unit per quantity and its ORDER_CREATED event.
 */
function referenceScript(file: string, adminId: number): string {
  return `
truncate import_staging;
\\copy import_staging from '${file}' with (format csv, header true)
insert into users (email)
  select distinct lower(email) from import_staging where email <> ''
  on conflict (email) do nothing;
with new_orders as (
  insert into orders (order_id, user_id, product_name, quantity, order_date, status, zip_code)
  select s.order_id, u.id, s.product_name, s.quantity, (s.order_date || 'T12:00:00Z')::timestamptz,
    s.status, nullif(s.zip_code, '')
  from import_staging s left join users u on u.email = lower(nullif(s.email, ''))
  returning id, order_id, quantity, status
),
new_units as (
  insert into order_items (order_id, item_number, status)
  select o.id, n, o.status from new_orders o cross join lateral generate_series(1, o.quantity) n
)
insert into event_logs (order_id, stage, type, data, initiated_by)
  select id, status, 'ORDER_CREATED', jsonb_build_object('orderId', order_id, 'quantity', quantity),
    'admin:${adminId}'
  from new_orders;
`;
}

interface Timed {
  seconds: number;
  /** CPU time of the database's backends, and of the product's server (NaN for the reference). */
  databaseCpuMicros: number;
  serverCpuMicros: number;
}

async function timed(
  database: string,
  action: () => Promise<void>,
  serverCpu?: () => number,
): Promise<Timed> {
  const backends = sampleDatabaseCpu(database);
  const serverBefore = serverCpu?.() ?? Number.NaN;
  const started = performance.now();
  await action();
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    serverCpuMicros: (serverCpu?.() ?? Number.NaN) - serverBefore,
    databaseCpuMicros: backends.stop(),
  };
}

/** Microseconds of CPU per imported row. */
const perRow = (runs: Timed[], pick: (run: Timed) => number) => formatInt(median(runs.map(pick)) / ROWS);

export const importBenchmark: Benchmark = {
  name: 'import',
  async run() {
    const target = await createPostgresDatabase('import');
    const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
    const database = await target.open();
    let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      const importFile = writeImportFile(dir);
      await database.db.execute(
        sql`create unlogged table import_staging (order_id text, product_name text, quantity int,
          order_date text, status text, email text, zip_code text)`,
      );
      const [admin] = await database.db
        .insert(users)
        .values({ email: 'bench-admin@example.com', role: 'ADMIN', verified: true })
        .returning({ id: users.id });
      if (!admin) throw new Error('could not create the benchmark admin');
      const { token } = await createSessionStore(database.db, systemClock, 24).create(admin.id, {
        userAgent: 'bench',
      });
      const cookie = `${SESSION_COOKIE}=${token}`;
      server = await startServerProcess(script('admin-orders-full'), {
        env: { BENCH_DATABASE_URL: target.url ?? '', BENCH_POOL_SIZE: '10' },
      });
      const url = `${server.url}/api/admin/import`;

      const reset = async () => {
        await database.db.execute(sql`truncate orders, import_staging restart identity cascade`);
        await database.db.execute(sql`delete from users where email like 'bench-import-%'`);
        await database.db.execute(sql`vacuum analyze orders, order_items, event_logs, users`);
      };
      const importOnce = async () => {
        const { stdout } = await run(
          'curl',
          [
            '-sS',
            '-w',
            '\n%{http_code}',
            '-H',
            `cookie: ${cookie}`,
            '-H',
            // The server runs the test configuration: its PUBLIC_URL is the origin its pages send.
            `origin: ${new URL(testConfig().publicUrl).origin}`,
            ...['updateExisting', 'sendNotification', 'dryRun', 'validRowsOnly'].flatMap((name) => [
              '-F',
              `${name}=false`,
            ]),
            '-F',
            `file=@${importFile};filename=orders.csv`,
            url,
          ],
          { maxBuffer: 16 * 1024 * 1024 },
        );
        const cut = stdout.lastIndexOf('\n');
        const body = JSON.parse(stdout.slice(0, cut)) as { created?: number };
        if (stdout.slice(cut + 1) !== '200' || body.created !== ROWS) {
          throw new Error(`import answered ${stdout.slice(cut + 1)} ${stdout.slice(0, 300)}`);
        }
      };
      const scriptFile = join(dir, 'reference.sql');
      writeFileSync(scriptFile, referenceScript(importFile, admin.id));
      const referenceOnce = async () => {
        await run('psql', [target.url ?? '', '-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', '-f', scriptFile]);
      };

      // Warm-up: one of each, then the measured runs in turns.
      await reset();
      await importOnce();
      await reset();
      await referenceOnce();
      const databaseName = new URL(target.url ?? '').pathname.slice(1);
      const imports: Timed[] = [];
      const references: Timed[] = [];
      const serverCpu = server.cpuMicros;
      for (let i = 0; i < RUNS; i += 1) {
        await reset();
        imports.push(await timed(databaseName, importOnce, serverCpu));
        await reset();
        references.push(await timed(databaseName, referenceOnce));
      }
      const importRates = imports.map((run) => ROWS / run.seconds);
      const copyRates = references.map((run) => ROWS / run.seconds);
      const importRate = median(importRates);
      const copyRate = median(copyRates);
      const ratio = percent(importRate, copyRate);
      const passed = ratio >= GOAL_PERCENT;
      return {
        passed,
        budgets: [
          {
            budget: 'import',
            figure: `${formatPercent(ratio)} (${formatInt(importRate)} vs ${formatInt(copyRate)} rows/s)`,
            met: passed,
          },
        ],
        lines: [
          `import: 100 000-row CSV through POST /api/admin/import on PostgreSQL: ${formatInt(importRate)} rows/s; hand-written SQL (\\copy into a staging table, then INSERT … SELECT into customers, orders, units and events, one transaction): ${formatInt(copyRate)} rows/s; ${formatPercent(ratio)} (goal >= ${GOAL_PERCENT}%) ${verdict(passed)}`,
          `  runs (rows/s): import ${importRates.map(formatInt).join(', ')}; reference ${copyRates.map(formatInt).join(', ')}`,
          `  CPU per row (µs, median): database import ${perRow(imports, (run) => run.databaseCpuMicros)}, reference ${perRow(references, (run) => run.databaseCpuMicros)}; import's server ${perRow(imports, (run) => run.serverCpuMicros)}`,
        ],
      };
    } finally {
      await server?.stop();
      await database.close();
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
