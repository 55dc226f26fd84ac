import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of the test's own (the machine's is shared and must never be restarted): initdb
 * as the `postgres` OS user into a temporary folder, listening on a free port of 127.0.0.1 only.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: every connection ends, new ones are refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

const asPostgres = (command: string, args: string[]) =>
  run('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { timeout: 60_000 });

/** `parentDir`: where its folder goes (a small file system, to fill it); the system's temp folder by default. */
export async function startPrivatePostgres(parentDir = tmpdir()): Promise<PrivatePostgres> {
  const root = mkdtempSync(join(parentDir, 'orderflow-pg-'));
  const [uid, gid] = await Promise.all(
    ['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim())),
  );
  chownSync(root, uid ?? 0, gid ?? 0);
  const dataDir = join(root, 'data');
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(root, 'log'), '-w', ...args]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await ctl('stop', '-m', 'fast');
    },
    start: async () => {
      await ctl('start');
    },
    restart: async () => {
      await ctl('restart', '-m', 'fast');
    },
    async close() {
      await ctl('stop', '-m', 'immediate').catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
