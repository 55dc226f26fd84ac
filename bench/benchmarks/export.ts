/**
 * Goal: CSV export of 100 000 orders, end to end over HTTP on PostgreSQL (GET /api/admin/orders/export
 * as an admin, the whole file read by this process), >= 80% of the rows/s of
 * `psql \copy (SELECT the same ten columns of the same rows) TO STDOUT CSV`, its output read by this
 * process the same way. The reference selects the stored columns as they are: the export's formula
 * escape and formatting (days, dollars) are part of what is measured. psql runs pinned to the server's
 * core, as the server is (bench/lib/server-process.ts), so both sides get the same share of the machine.
 *
 * Memory (streamed, flat) is reported, not judged: the export pipes COPY to the response with
 * backpressure (its tests check the chunked answer and that an abandoned download gives its connection
 * back), but at 9 MB resident memory cannot tell streaming from holding the file. Loopback socket
 * buffers (several MB each way) take most of the file whatever the server does, and the growth seen is
 * mostly V8's young generation growing and garbage not yet collected. Printed: the peak growth of a
 * fresh server (warmed up on a small export) whose client reads 1 MB and then pauses, and the growth
 * per timed export after warm-up.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type BenchDatabase, createPostgresDatabase } from '../lib/databases.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';
import { prepare } from './admin-orders.js';

const ORDER_COUNT = 100_000;
const PATH = '/api/admin/orders/export';
const RUNS = 5;
const GOALS = { percent: 80 };
const RSS_SAMPLE_MS = 5;
/** The slow client: reads this much, then nothing for PAUSE_MS, then the rest. */
const READ_BEFORE_PAUSE = 1024 * 1024;
const PAUSE_MS = 1500;
const REFERENCE_SQL =
  'SELECT order_id, product_name, quantity, order_date, status, payment_method, transaction_id, amount, delivery_date, zip_code FROM orders ORDER BY id';

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

interface Transfer {
  seconds: number;
  bytes: number;
  /** Lines in the file, the header included when there is one. */
  lines: number;
}

const NEWLINE = 0x0a;

interface Pause {
  afterBytes: number;
  ms: number;
}

/** Counts bytes and line ends of a stream of chunks as they arrive; `pause` stops reading once. */
async function consume(chunks: AsyncIterable<Uint8Array>, pause?: Pause): Promise<Omit<Transfer, 'seconds'>> {
  let bytes = 0;
  let lines = 0;
  let paused = false;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (pause && !paused && bytes >= pause.afterBytes) {
      paused = true;
      await sleep(pause.ms);
    }
    for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) lines++;
  }
  return { bytes, lines };
}

/** Resident memory of a process, in bytes (Linux /proc); NaN elsewhere. */
function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

interface HttpTransfer extends Transfer {
  rssGrowth: number;
  /** CPU time the server process spent (user + system). */
  cpuMs: number;
}

/**
 * A GET through node:http, the lightest client at hand: what is timed is the server, and fetch's web
 * streams would cost this process more than reading psql's pipe does.
 */
function get(url: string, cookie: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { cookie } }, resolve);
    request.once('error', reject);
  });
}

/** The whole export over HTTP, with the server's peak resident memory growth while it ran. */
async function httpExport(
  server: ServerProcess,
  cookie: string,
  options: { query?: string; pause?: Pause } = {},
): Promise<HttpTransfer> {
  const before = rssBytes(server.pid);
  const cpuBefore = server.cpuMicros();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(server.pid));
  }, RSS_SAMPLE_MS);
  try {
    const started = performance.now();
    const response = await get(`${server.url}${PATH}${options.query ?? ''}`, cookie);
    if (response.statusCode !== 200) {
      const text = (await consume(response)).bytes;
      throw new Error(`${PATH} answered ${response.statusCode} (${text} bytes)`);
    }
    const counted = await consume(response, options.pause);
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssBytes(server.pid));
    return { ...counted, seconds, rssGrowth: peak - before, cpuMs: (server.cpuMicros() - cpuBefore) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

/** `psql \copy (SELECT …) TO STDOUT CSV`, from starting psql to its exit, its output read here. */
async function psqlExport(url: string): Promise<Transfer> {
  const args = [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${REFERENCE_SQL}) TO STDOUT CSV`];
  const cores = availableParallelism();
  const pin = process.platform === 'linux' && cores > 1;
  const started = performance.now();
  const child = spawn(pin ? 'taskset' : 'psql', pin ? ['-c', String(cores - 1), 'psql', ...args] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const counted = await consume(child.stdout);
  const code = await exited;
  if (code !== 0) throw new Error(`psql exited with ${code}: ${stderr.slice(0, 500)}`);
  return { ...counted, seconds: (performance.now() - started) / 1000 };
}

const rowsPerSecond = (rows: number, transfer: Transfer) => rows / transfer.seconds;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const exportBenchmark: Benchmark = {
  name: 'export',
  async run() {
    let server: ServerProcess | null = null;
    let fresh: ServerProcess | null = null;
    let target: BenchDatabase | null = null;
    try {
      target = await createPostgresDatabase('export');
      const url = target.url ?? '';
      const seedStarted = Date.now();
      const cookie = await prepare(target);
      const seedSeconds = (Date.now() - seedStarted) / 1000;
      server = await startServerProcess(script('admin-orders-full'), {
        env: { BENCH_DATABASE_URL: url, BENCH_POOL_SIZE: '10' },
      });

      // Warm-up, and a check that both sides hand over every row: the file has its header line more.
      const warmHttp = await httpExport(server, cookie);
      const warmPsql = await psqlExport(url);
      if (warmHttp.lines !== ORDER_COUNT + 1 || warmPsql.lines !== ORDER_COUNT) {
        throw new Error(
          `rows: export ${warmHttp.lines - 1}, psql ${warmPsql.lines}, expected ${ORDER_COUNT}`,
        );
      }

      const http: HttpTransfer[] = [];
      const psql: Transfer[] = [];
      // In turns, each run starting with the other side, so a busy spell of the machine hits both.
      for (let i = 0; i < RUNS; i++) {
        if (i % 2 === 0) {
          http.push(await httpExport(server, cookie));
          psql.push(await psqlExport(url));
        } else {
          psql.push(await psqlExport(url));
          http.push(await httpExport(server, cookie));
        }
      }
      // Memory: a fresh server, its code warmed up on a small export, then a slow client.
      fresh = await startServerProcess(script('admin-orders-full'), {
        env: { BENCH_DATABASE_URL: url, BENCH_POOL_SIZE: '10' },
      });
      await httpExport(fresh, cookie, { query: '?q=VH1000001' });
      const slow = await httpExport(fresh, cookie, {
        pause: { afterBytes: READ_BEFORE_PAUSE, ms: PAUSE_MS },
      });
      if (slow.lines !== ORDER_COUNT + 1) throw new Error(`the slow client got ${slow.lines - 1} rows`);

      const httpRate = median(http.map((run) => rowsPerSecond(ORDER_COUNT, run)));
      const psqlRate = median(psql.map((run) => rowsPerSecond(ORDER_COUNT, run)));
      const ratio = percent(httpRate, psqlRate);
      const fileBytes = warmHttp.bytes;
      const growth = slow.rssGrowth;
      const measured = Number.isFinite(growth);
      const passed = ratio >= GOALS.percent;
      const runs = (transfers: Transfer[]) =>
        transfers.map((run) => formatInt(rowsPerSecond(ORDER_COUNT, run))).join(', ');
      return {
        passed,
        budgets: [
          {
            budget: 'export',
            figure: `${formatPercent(ratio)} (${formatInt(httpRate)} vs ${formatInt(psqlRate)} rows/s)${measured ? `; memory reported, not judged: peak growth ${megabytes(growth)} with a paused client` : ''}`,
            met: passed,
          },
        ],
        lines: [
          `export: ${formatInt(ORDER_COUNT)} orders on PostgreSQL (seeded in ${seedSeconds.toFixed(1)} s), GET ${PATH} as an admin, ${megabytes(fileBytes)} of CSV`,
          `  rows/s: export over HTTP ${formatInt(httpRate)} vs psql \\copy (SELECT …) TO STDOUT CSV ${formatInt(psqlRate)} = ${formatPercent(ratio)} (goal >= ${GOALS.percent}%) ${verdict(ratio >= GOALS.percent)}`,
          measured
            ? `  server memory (reported, not judged): peak RSS growth ${megabytes(growth)} in a fresh server whose client paused ${PAUSE_MS} ms after ${megabytes(READ_BEFORE_PAUSE)}; per timed export after warm-up: median ${megabytes(median(http.map((run) => run.rssGrowth)))}, largest ${megabytes(Math.max(...http.map((run) => run.rssGrowth)))}; file ${megabytes(fileBytes)}`
            : '  server memory: not measured (needs /proc)',
          `  runs (rows/s): export ${runs(http)}; psql ${runs(psql)}; server CPU per export ${formatInt(median(http.map((run) => run.cpuMs)))} ms (median)`,
        ],
      };
    } finally {
      await server?.stop();
      await fresh?.stop();
      await target?.drop();
    }
  },
};
