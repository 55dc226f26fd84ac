import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The line bench/lib/idle-fleet.ts prints once all its sockets are open. */
export const FLEET_READY = 'IDLE_FLEET_OPEN';

/** The session token of the benchmark's i-th idle customer, derived from the watched customer's. */
export const idleSessionToken = (customerToken: string, i: number) => `${customerToken}.idle${i}`;

export interface IdleFleet {
  stop(): Promise<void>;
}

/**
 * Opens `count` waiting WebSocket connections to `url` from a process of their own (bench/lib/idle-fleet.ts)
 * and resolves once all are open. Not pinned: it shares the load generator's core and does nothing
 * while a figure is measured.
 */
export async function startIdleFleet(options: {
  url: string;
  count: number;
  cookies?: string[];
  origin?: string;
}): Promise<IdleFleet> {
  const script = fileURLToPath(new URL('./idle-fleet.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      FLEET_URL: options.url,
      FLEET_COUNT: String(options.count),
      FLEET_COOKIES: (options.cookies ?? []).join(' '),
      ...(options.origin && { FLEET_ORIGIN: options.origin }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the idle fleet did not open ${options.count} sockets within 120 s\n${stderr}`));
    }, 120_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line !== FLEET_READY) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the idle fleet exited (${code ?? signal}) before all sockets were open\n${stderr}`));
    });
  });
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
