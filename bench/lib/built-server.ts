import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The built server, as `npm start` runs it after the build. */
export const BUILT_MAIN = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

const START_TIMEOUT_MS = 60_000;

export interface BuiltServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * What `npm start` gives the server beyond the shell's environment when it runs in production, as a
 * deployment does: NODE_ENV=production (the secure cookie, HSTS and `upgrade-insecure-requests` among
 * the headers), which requires an SMTP server; none is reached while the benchmarks run (no mail is
 * sent), so a closed local port stands in.
 */
export const PRODUCTION_ENV = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' };

/**
 * `node dist/server/main.js` in production (PRODUCTION_ENV) on the embedded database in `dataDir`
 * (already seeded), on a free port of the loopback interface; resolves once /readyz answers.
 */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: {
      // As scripts/start.mjs starts it (decision 318).
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password-1',
      DATABASE_URL: '',
      ...PRODUCTION_ENV,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${url}/readyz`, child, () => stderr);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, pid: child.pid!, stop: () => stopChild(child) };
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

/** SIGTERM, then SIGKILL if the process has not ended within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
