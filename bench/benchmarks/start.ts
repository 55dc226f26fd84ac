/**
 * Goal: `npm start` on a fresh clone after `npm install`, to "serving": <= 10 s on a quiet 2-core
 * machine. Each run copies the repository's files (those git tracks or would track, as they are in the
 * working tree) into a new temporary folder, links this checkout's node_modules in (installed, as
 * after `npm install`), and times `node scripts/start.mjs` there, with nothing built and no data
 * folder, from the spawn to the first answer on its port (the server listens only once it serves:
 * the server's bundle, the client's build, the database made from the template and migrated, the
 * first admin). Median of 3 runs. What it leaves out: `npm install` itself, and the disk still
 * writing out the files that install wrote (docs/performance.md says how to measure that by hand).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { stopChild } from '../lib/built-server.js';
import { median } from '../lib/stats.js';

const GOAL_SECONDS = 10;
const RUNS = 3;
/** A start that has not served by then has failed, whatever the machine. */
const GIVE_UP_MS = 300_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh clone of the working tree: its files, without anything built or installed. */
function freshClone(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch (err) {
      // A file deleted in the working tree but not yet in git's index is not part of the clone.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
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

/** Seconds from `npm start`'s spawn to the first answer of /healthz. */
async function timedStart(dir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  // A newcomer's shell: the embedded database in the clone's own data folder, no deployment settings.
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'NODE_ENV', 'SMTP_URL', 'PUBLIC_URL']) delete env[name];
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return (performance.now() - started) / 1000;
      } catch {
        // Not serving yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`npm start did not serve within ${GIVE_UP_MS / 1000} s\n${output}`);
  } finally {
    // start.mjs passes SIGTERM on to the server and ends when it has.
    await stopChild(child, 10_000);
  }
}

export const startBenchmark: Benchmark = {
  name: 'start',
  async run() {
    const seconds: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dir = freshClone();
      try {
        seconds.push(await timedStart(dir));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const figure = median(seconds);
    const passed = figure <= GOAL_SECONDS;
    const runs = seconds.map((s) => s.toFixed(1)).join(', ');
    return {
      passed,
      budgets: [{ budget: 'start', figure: `${figure.toFixed(1)} s (runs ${runs} s)`, met: passed }],
      lines: [
        `start: npm start on a fresh copy of the working tree with node_modules installed, to serving: ${figure.toFixed(1)} s (runs ${runs} s; goal <= ${GOAL_SECONDS} s on a quiet machine) ${verdict(passed)}`,
      ],
    };
  },
};
