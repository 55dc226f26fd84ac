/**
 * Goal: the server as `npm start` runs it (`node dist/server/main.js`, after the build) on the embedded
 * database holds <= 300 MB of memory (resident set) once started with 100 000 orders in its data folder
 * and after it served a first page of the admin orders list. The folder is seeded before the server
 * starts (set-based, with the product's bulk seeder), so the figure is what a restarted install holds.
 * The resident set is read from /proc (Linux); median of 3 starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { createPgliteDatabase } from '../lib/databases.js';
import { median } from '../lib/stats.js';
import { prepare } from './admin-orders.js';

const GOAL_MB = 300;
const RUNS = 3;
const START_TIMEOUT_MS = 60_000;
const MAIN = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

export const embeddedMemoryBenchmark: Benchmark = {
  name: 'embedded-memory',
  async run() {
    const target = createPgliteDatabase('memory');
    try {
      const cookie = await prepare(target);
      const figures: number[] = [];
      for (let run = 0; run < RUNS; run++) figures.push(await residentAfterStart(target.dataDir!, cookie));
      const mb = median(figures);
      return {
        lines: [
          `embedded-memory: server on PGlite, 100,000 orders, after start-up and a first admin page: ` +
            `${mb.toFixed(0)} MB RSS (runs ${figures.map((f) => f.toFixed(0)).join(', ')}; goal <= ${GOAL_MB} MB) ` +
            verdict(mb <= GOAL_MB),
        ],
        passed: mb <= GOAL_MB,
      };
    } finally {
      await target.drop();
    }
  },
};

async function residentAfterStart(dataDir: string, cookie: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password-1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(`${base}/readyz`, child, () => stderr);
    const response = await fetch(`${base}/api/admin/orders?page=1&pageSize=10`, { headers: { cookie } });
    if (!response.ok) throw new Error(`admin orders answered ${response.status}`);
    await response.arrayBuffer();
    return residentMegabytes(child.pid!);
  } finally {
    await stop(child);
  }
}

async function waitUntilReady(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})\n${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${START_TIMEOUT_MS} ms\n${stderr()}`);
}

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error('no VmRSS in /proc status');
  return kilobytes / 1024;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
