/**
 * Import of a 100 000-row CSV, end to end (multipart upload over HTTP, parsing, checks,
 * customers, orders, units, events, commit) through POST /api/admin/import on PostgreSQL, against
 * `psql \copy ... CSV` of the same rows into a copy of the orders table with the same indexes
 * (`create table ... (like orders including all)`) in the same database. Goal: >= 40% of psql's rows/s.
 * Both clients are separate processes (curl for the upload, psql for the copy); the tables are emptied
 * between runs; median of 3 runs after one warm-up of each.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.js';
import { createSessionStore } from '../../src/server/features/auth/sessions.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { createPostgresDatabase } from '../lib/databases.js';
import { startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';

const ROWS = 100_000;
const RUNS = 3;
const GOAL_PERCENT = 40;
const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

const PRODUCTS = ['Studio 240', 'Cabin 400', 'Backyard Office 120', 'Tiny Home 320', 'Guest House 500'];
const ZIPS = ['78701', '78702', '94110', '10001', '02134'];

/** The import file and the reference file: the same rows, the second without the e-mail column. */
function writeFiles(dir: string) {
  const full = ['orderId,productName,quantity,orderDate,status,email,zipCode'];
  const reference: string[] = [];
  for (let i = 0; i < ROWS; i += 1) {
    const orderId = `BI-${i}`;
    const product = PRODUCTS[i % PRODUCTS.length];
    const quantity = 1 + (i % 20 === 0 ? 2 : i % 5 === 0 ? 1 : 0);
    const date = `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const email = i % 5 === 0 ? '' : `bench-import-${i % 30_000}@example.com`;
    const zip = ZIPS[i % ZIPS.length];
    full.push(`${orderId},${product},${quantity},${date},ORDER_PLACED,${email},${zip}`);
    reference.push(`${orderId},${product},${quantity},${date}T12:00:00Z,ORDER_PLACED,${zip}`);
  }
  const importFile = join(dir, 'orders.csv');
  const referenceFile = join(dir, 'reference.csv');
  writeFileSync(importFile, `${full.join('\r\n')}\r\n`);
  writeFileSync(referenceFile, `${reference.join('\n')}\n`);
  return { importFile, referenceFile };
}

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return (performance.now() - started) / 1000;
}

export const importBenchmark: Benchmark = {
  name: 'import',
  async run() {
    const target = await createPostgresDatabase('import');
    const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
    const database = await target.open();
    let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      const { importFile, referenceFile } = writeFiles(dir);
      await database.db.execute(sql`create table reference_orders (like orders including all)`);
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
        await database.db.execute(sql`truncate orders, reference_orders restart identity cascade`);
        await database.db.execute(sql`delete from users where email like 'bench-import-%'`);
        await database.db.execute(
          sql`vacuum analyze orders, order_items, event_logs, users, reference_orders`,
        );
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
            `origin: ${server?.url}`,
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
      const copyOnce = async () => {
        await run('psql', [
          target.url ?? '',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          `\\copy reference_orders (order_id, product_name, quantity, order_date, status, zip_code) from '${referenceFile}' csv`,
        ]);
      };

      // Warm-up: one of each, then the measured runs in turns.
      await reset();
      await importOnce();
      await copyOnce();
      const importRates: number[] = [];
      const copyRates: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        await reset();
        importRates.push(ROWS / (await timed(importOnce)));
        copyRates.push(ROWS / (await timed(copyOnce)));
      }
      const importRate = median(importRates);
      const copyRate = median(copyRates);
      const ratio = percent(importRate, copyRate);
      const passed = ratio >= GOAL_PERCENT;
      return {
        passed,
        lines: [
          `import: 100 000-row CSV through POST /api/admin/import on PostgreSQL: ${formatInt(importRate)} rows/s; psql \\copy into the same table and indexes: ${formatInt(copyRate)} rows/s; ${formatPercent(ratio)} (goal >= ${GOAL_PERCENT}%) ${verdict(passed)}`,
          `  runs (rows/s): import ${importRates.map(formatInt).join(', ')}; psql ${copyRates.map(formatInt).join(', ')}`,
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
