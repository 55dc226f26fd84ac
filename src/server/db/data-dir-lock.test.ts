import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { startServer, waitForListening } from '../test/server-process.js';
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
