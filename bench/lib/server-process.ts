import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  pid: number;
  /** CPU time (user + system) the process has used so far, in microseconds; Linux only, else NaN. */
  cpuMicros(): number;
  stop(): Promise<void>;
}

/** The line a benchmark server prints once it listens; the harness reads the port from it. */
export const READY_PREFIX = 'BENCH_SERVER_LISTENING ';

/** Call from a server script once it listens. */
export function announceListening(port: number): void {
  process.stdout.write(`${READY_PREFIX}${port}\n`);
}

/**
 * Starts `script` (TypeScript, run through tsx) in its own process and resolves once it printed its
 * port. On a machine with more than one core the server is pinned to the last core (Linux taskset), so
 * the load generator in this process and the server under test do not take turns on one core and every
 * server in a comparison gets the same core.
 */
export async function startServerProcess(
  script: string,
  options: { env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const nodeArgs = ['--import', 'tsx', script];
  const cores = availableParallelism();
  const pin = process.platform === 'linux' && cores > 1;
  const command = pin ? 'taskset' : process.execPath;
  const args = pin ? ['-c', String(cores - 1), process.execPath, ...nodeArgs] : nodeArgs;
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    // BENCH_SERVER_STDERR=1 shows a server's errors as they happen (a 500 answers only its message).
    if (process.env.BENCH_SERVER_STDERR) process.stderr.write(chunk);
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${options.startTimeoutMs ?? 30_000} ms\n${stderr}`));
    }, options.startTimeoutMs ?? 30_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith(READY_PREFIX)) return;
      clearTimeout(timer);
      resolve(Number(line.slice(READY_PREFIX.length)));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code ?? signal}) before listening\n${stderr}`));
    });
  });

  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    cpuMicros: () => processCpuMicros(pid),
    stop: () => stopProcess(child),
  };
}

/** From /proc/<pid>/stat: utime and stime, in clock ticks (100 a second on Linux). */
function processCpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The process's resident set from /proc (Linux), in kilobytes. */
export function residentKilobytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error('no VmRSS in /proc status');
  return kilobytes;
}

/**
 * The resident set once it has stopped moving: read every 500 ms until the readings of the last 10 s
 * lie within 1 MB, or after `maxMs`. Right after a burst of work (a start-up, thousands of upgrades)
 * the set still holds memory being given back: the garbage of the burst, which V8 collects and
 * returns some seconds after allocation slows down (its memory reducer waits about 8 s), and the
 * scratch memory of background threads. A reading taken then lands anywhere on that slope (runs of
 * the same start-up read 296, 380 and 756 MB).
 */
export async function settledResidentKilobytes(pid: number, maxMs = 40_000): Promise<number> {
  const WINDOW = 20; // readings: 10 s
  const readings: number[] = [residentKilobytes(pid)];
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    readings.push(residentKilobytes(pid));
    const recent = readings.slice(-WINDOW - 1);
    if (recent.length > WINDOW && Math.max(...recent) - Math.min(...recent) < 1024) break;
  }
  return readings[readings.length - 1]!;
}
