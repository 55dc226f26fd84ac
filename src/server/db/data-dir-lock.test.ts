import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServer, waitForListening } from '../test/server-process.js';
import { openDatabase } from './client.js';
import { LOCK_FILE } from './data-dir-lock.js';
import { verificationCodes } from './schema.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'orderflow-lock-'));

/** A data folder holding an already migrated database (from the run's template: no initdb). */
async function migratedDir() {
  const dataDir = freshDir();
  const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
  await openDatabase({ dataDir, template }).close();
  return dataDir;
}

/** A script of this product run as its own process, with the environment the test gives it. */
function runScript(script: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    // spawnSync holds this thread, so the test's own timeout could not end a script that hangs.
    timeout: 5 * 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Embedded-only: the PostgreSQL run of the server suites has nothing to add here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the embedded database is opened by one process only',
  () => {
    it('refuses a second opening in the same process, and opens again once closed', async () => {
      const dataDir = await migratedDir();
      const first = openDatabase({ dataDir });
      expect(() => openDatabase({ dataDir })).toThrowError(new RegExp(`in use by process ${process.pid} `));
      await first.close();
      const again = openDatabase({ dataDir });
      await again.migrate();
      await again.close();
    });

    it('takes over a lock left by a process that is gone', async () => {
      const dataDir = await migratedDir();
      const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
      writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: gone.pid, command: 'killed earlier' }));
      const database = openDatabase({ dataDir });
      await database.migrate();
      await database.close();
    });

    // A pid namespace of its own needs root (as on CI).
    it.skipIf(process.getuid?.() !== 0)(
      'a server killed with SIGKILL as pid 1 of its own pid namespace starts again on the same folder',
      {
        timeout: 180_000,
      },
      async () => {
        const dataDir = await migratedDir();
        // Each start is pid 1, as in a container: the lock left by the first names this very pid.
        // unshare ignores SIGTERM itself; --kill-child ends the server should the test end unshare.
        const launcher = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];
        /** The server's pid outside its namespace: unshare's one child. */
        const serverPid = (launched: ServerProcess) =>
          Number(
            readFileSync(`/proc/${launched.child.pid}/task/${launched.child.pid}/children`, 'utf8').trim(),
          );
        const first = startServer({ DATA_DIR: dataDir }, launcher);
        try {
          const url = await waitForListening(first);
          expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(1);
          expect((await fetch(`${url}/readyz`)).status).toBe(200);
          process.kill(serverPid(first), 'SIGKILL');
        } finally {
          first.child.kill('SIGKILL');
          await first.exited;
        }

        const second = startServer({ DATA_DIR: dataDir }, launcher);
        try {
          const url = await waitForListening(second);
          expect((await fetch(`${url}/readyz`)).status).toBe(200);
          process.kill(serverPid(second), 'SIGTERM');
          expect(await second.exited).toBe(0);
        } finally {
          second.child.kill('SIGKILL');
          await second.exited;
        }
      },
    );

    it('refuses seed:demo and a second server beside a running server, naming it, and loses nothing', async () => {
      const dataDir = await migratedDir();
      const server = startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'first-admin-password' });
      try {
        const url = await waitForListening(server);
        const seed = runScript('src/server/seed-demo.ts', { DATA_DIR: dataDir });
        expect(seed.status).toBe(1);
        expect(seed.output.trim()).toMatch(
          new RegExp(`^The data folder .+ is in use by process ${server.child.pid} \\(`),
        );
        const second = startServer({ DATA_DIR: dataDir, PORT: '0' });
        expect(await second.exited).toBe(1);
        expect(second.output().trim()).toMatch(new RegExp(`in use by process ${server.child.pid} `));
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      const database = openDatabase({ dataDir });
      await database.migrate();
      await database.close();
    });

    it('prints how to sign in as the admin seed:demo creates on a fresh folder', () => {
      const seed = runScript('src/server/seed-demo.ts', { DATA_DIR: freshDir() });
      expect(seed.status, seed.output).toBe(0);
      expect(seed.output).toMatch(/First admin created: admin@localhost \/ \S{20,}/);
      expect(seed.output).toContain('/auth');
    });

    it('keeps every acknowledged write when the server is killed with SIGKILL', async () => {
      const dataDir = await migratedDir();
      const server = startServer({ DATA_DIR: dataDir });
      const url = await waitForListening(server);
      const acknowledged: string[] = [];
      let stop = false;
      // Each sent code is one committed row; write steadily until the process dies under us.
      const writer = (async () => {
        for (let i = 0; !stop; i++) {
          const email = `kill-${i}@example.com`;
          try {
            const res = await fetch(`${url}/api/auth/verify-email`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email, sendCode: true }),
            });
            if (res.status === 200) acknowledged.push(email);
          } catch {
            return;
          }
        }
      })();
      await expect.poll(() => acknowledged.length, { timeout: 5 * 60_000 }).toBeGreaterThan(10);
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await writer;

      const database = openDatabase({ dataDir });
      await database.migrate();
      const [row] = await database.db
        .select({ n: count() })
        .from(verificationCodes)
        .where(inArray(verificationCodes.email, acknowledged));
      await database.close();
      expect(row?.n).toBe(acknowledged.length);
    });
  },
);
