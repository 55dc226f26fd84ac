import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInAdmin } from '../test/auth-flow.js';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-postgres.js';
import { sendWebhook } from '../test/webhooks.js';
import { type Database, openDatabase } from './client.js';
import { orders } from './schema/orders.js';

const TOKEN = 'disk-full-metrics-token';

/** A small file system of the test's own (tmpfs): mounting one needs root, so elsewhere the suite skips. */
function mountSmallDisk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'orderflow-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir]);
  return dir;
}

/** Writes into `path` until the file system refuses with ENOSPC: the disk is then full. */
function fillDisk(path: string) {
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw err;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

const isRoot = process.getuid?.() === 0;

/**
 * The embedded database in DATA_DIR on the small disk; or a PostgreSQL server of the test's own whose
 * data folder is on it (run when TEST_DATABASE_URL is set, like the other PostgreSQL suites).
 */
const variants = [
  { name: 'the embedded database', server: false, run: isRoot },
  { name: 'a PostgreSQL server', server: true, run: isRoot && Boolean(process.env.TEST_DATABASE_URL) },
];

describe.each(variants)(
  'a full disk under $name (needs root to mount a tmpfs)',
  ({ server: onServer, run }) => {
    let disk: string | undefined;
    let filler: string;
    let server: PrivatePostgres | undefined;
    let t: TestApp;
    let partner: TestClient;
    let key: string;
    const acknowledged: string[] = [];
    let next = 0;

    beforeAll(async () => {
      if (!run) return;
      disk = mountSmallDisk();
      filler = join(disk, 'filler');
      const config = { metricsToken: TOKEN };
      if (onServer) {
        server = await startPrivatePostgres(disk);
        t = await startTestApp({ databaseUrl: server.url, config });
      } else {
        const dataDir = join(disk, 'data');
        mkdirSync(dataDir);
        t = await startTestApp({ dataDir, config });
      }
      const admin = (await signedInAdmin(t)).client;
      key = (await admin.post('/api/admin/api-keys', { name: 'Partner' })).body.key;
      partner = t.client();
    }, 60_000);

    afterAll(async () => {
      if (filler) rmSync(filler, { force: true });
      await t?.close();
      await server?.close();
      if (disk) {
        execFileSync('umount', [disk]);
        rmSync(disk, { recursive: true, force: true });
      }
    });

    async function createOrder() {
      const orderId = `DISK-${next++}`;
      const res = await sendWebhook(partner, 'orders', { orderId, productName: 'Studio 240' }, { key });
      if (res.status === 201) acknowledged.push(orderId);
      return res;
    }

    async function metric(name: string): Promise<number> {
      const res = await t
        .client()
        .request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      const line = String(res.body)
        .split('\n')
        .find((l) => l.startsWith(`${name} `));
      return Number(line?.split(' ')[1]);
    }

    it.skipIf(!run)(
      'answers writes 507 DISK_FULL and /readyz 503 while full, then recovers when space returns, losing nothing acknowledged',
      async () => {
        // The pool reports the idle connections the server ends (its restart at the end), and only that.
        const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
        onTestFinished(() => {
          for (const call of logged.mock.calls) expect(String(call[0])).toMatch(/idle connection was lost/);
        });
        for (let i = 0; i < 5; i++) expect((await createOrder()).status).toBe(201);
        expect((await t.client().get('/readyz')).status).toBe(200);
        expect(await metric('orderflow_storage_full')).toBe(0);

        fillDisk(filler);
        // A write that still fits in a page already on disk may succeed; the first that needs new space fails.
        let refused: Awaited<ReturnType<typeof createOrder>> | undefined;
        for (let i = 0; i < 200 && !refused; i++) {
          const res = await createOrder();
          if (res.status !== 201) refused = res;
        }
        expect(refused?.status).toBe(507);
        expect(refused?.body).toEqual({ code: 'DISK_FULL', message: expect.any(String) });

        const ready = await t.client().get('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body).toEqual({ code: 'STORAGE_FULL', message: expect.any(String) });
        expect(await metric('orderflow_storage_full')).toBe(1);
        expect(await metric('orderflow_writes_refused_for_space_total')).toBeGreaterThanOrEqual(1);
        // Still full: the probe keeps failing, and reads still work.
        expect((await t.client().get('/readyz')).status).toBe(503);
        expect((await t.client().get('/healthz')).status).toBe(200);

        rmSync(filler);
        const back = await t.client().get('/readyz');
        expect(back).toMatchObject({ status: 200, body: { status: 'ready' } });
        expect(await metric('orderflow_storage_full')).toBe(0);
        for (let i = 0; i < 5; i++) expect((await createOrder()).status).toBe(201);

        // Every acknowledged order is there, also after the database is closed and opened again.
        const storedOrders = async (database: Pick<Database, 'db'>) =>
          (
            await database.db
              .select({ orderId: orders.orderId })
              .from(orders)
              .where(inArray(orders.orderId, acknowledged))
          )
            .map((row) => row.orderId)
            .sort();
        if (server) {
          await server.restart();
          await expect
            .poll(async () => (await t.client().get('/readyz')).status, { timeout: 30_000 })
            .toBe(200);
          expect(await storedOrders(t.database)).toEqual([...acknowledged].sort());
          return;
        }
        const dataDir = join(disk ?? '', 'data');
        await t.close();
        t = undefined as unknown as TestApp;
        const reopened = openDatabase({ dataDir });
        try {
          expect(await storedOrders(reopened)).toEqual([...acknowledged].sort());
        } finally {
          await reopened.close();
        }
      },
      60_000,
    );
  },
);
