import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInAdmin } from '../test/auth-flow.js';
import { cookieHeader, openSocket, type TestSocket } from '../test/live-socket.js';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-postgres.js';
import { seedOrder, sendWebhook } from '../test/webhooks.js';
import { rowsOf } from './array-param.js';
import { orderItems, orders } from './schema/orders.js';

/**
 * The database going away under load, on a PostgreSQL server of the test's own (so that it can be
 * stopped and restarted): eight writers create orders through the orders webhook over real HTTP
 * while the app's connections are terminated, and then while the server restarts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'on PostgreSQL, when the database goes away (runs when TEST_DATABASE_URL is set)',
  () => {
    let server: PrivatePostgres;
    let t: TestApp;
    let admin: TestClient;
    let external: TestClient;
    let key: string;
    let socket: TestSocket;
    let watched: { id: number };
    let databaseName: string;
    let control: pg.Client;
    const log: string[] = [];

    beforeAll(async () => {
      server = await startPrivatePostgres();
      t = await startTestApp({ databaseUrl: server.url, logStream: { write: (line) => log.push(line) } });
      admin = (await signedInAdmin(t)).client;
      key = (await admin.post('/api/admin/api-keys', { name: 'Partner' })).body.key;
      external = t.client();
      watched = await seedOrder(t, ['ORDER_PLACED'], { prefix: 'WATCHED' });
      // Subscribed before any outage: it must hear the status changes made after each one.
      socket = await openSocket(t.baseUrl, { cookie: cookieHeader(admin.cookies) });
      [{ name: databaseName }] = rowsOf<{ name: string }>(
        await t.database.db.execute(sql`select current_database() as name`),
      ) as [{ name: string }];
    }, 60_000);

    afterAll(async () => {
      socket?.ws.terminate();
      await control?.end().catch(() => {});
      await t?.close();
      await server?.close();
    });

    /** A connection of the test's own to the server, for terminating the app's. */
    async function controlClient(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: server.url });
      client.on('error', () => {});
      await client.connect();
      return client;
    }

    async function terminateAppConnections(): Promise<number> {
      control ??= await controlClient();
      const { rows } = await control.query(
        'select count(*) filter (where pg_terminate_backend(pid)) as killed from pg_stat_activity where datname = $1',
        [databaseName],
      );
      return Number(rows[0]?.killed ?? 0);
    }

    async function listening(): Promise<boolean> {
      const client = await controlClient();
      try {
        const { rows } = await client.query(
          `select 1 from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
          [databaseName],
        );
        return rows.length > 0;
      } finally {
        await client.end();
      }
    }

    interface Answer {
      orderId: string;
      status: number;
      body: { code?: unknown; message?: unknown };
      retryAfter: string | null;
    }

    /** Eight writers, each creating one order after another until `stop()`; every answer kept. */
    function startWriters(tag: string) {
      const answers: Answer[] = [];
      let stopped = false;
      let next = 0;
      const done = Promise.all(
        Array.from({ length: 8 }, async () => {
          while (!stopped) {
            const orderId = `${tag}-${next++}`;
            const res = await sendWebhook(
              external,
              'orders',
              { orderId, productName: 'Studio 240' },
              { key },
            );
            answers.push({
              orderId,
              status: res.status,
              body: res.body,
              retryAfter: res.headers.get('retry-after'),
            });
          }
        }),
      );
      return {
        answers,
        /** Resolves once `count` more answers than now have arrived. */
        async more(count: number, matching: (a: Answer) => boolean = () => true) {
          const target = answers.filter(matching).length + count;
          await expect
            .poll(() => answers.filter(matching).length, { timeout: 30_000, interval: 20 })
            .toBeGreaterThanOrEqual(target);
        },
        async stop() {
          stopped = true;
          await done;
          return answers;
        },
      };
    }

    /**
     * Every answer a success or, for a request whose connection was lost, a 503 DATABASE_UNAVAILABLE
     * with Retry-After (never a generic 500, never a dropped connection); every 201 is stored.
     */
    async function expectHonestAnswers(answers: Answer[]) {
      for (const answer of answers) {
        if (answer.status === 201) continue;
        expect({ ...answer, orderId: undefined }).toEqual({
          orderId: undefined,
          status: 503,
          body: { code: 'DATABASE_UNAVAILABLE', message: expect.any(String) },
          retryAfter: '5',
        });
      }
      const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.orderId);
      const stored = await t.database.db
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(inArray(orders.orderId, acknowledged));
      expect(stored.map((row) => row.orderId).sort()).toEqual([...acknowledged].sort());
    }

    /** After the outage: ready, the LISTEN connection back, and a status change reaches the socket. */
    async function expectRecovered(status: string) {
      await expect.poll(async () => (await t.client().get('/readyz')).status, { timeout: 30_000 }).toBe(200);
      await expect.poll(listening, { timeout: 30_000, interval: 100 }).toBe(true);
      const [unit] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, watched.id));
      const changed = await admin.request('PATCH', `/api/admin/orders/${watched.id}/status`, {
        json: { status, itemNumber: unit?.itemNumber },
      });
      expect(changed.status).toBe(200);
      await socket.waitFor((m) => m.orderId === watched.id && m.status === status, 10_000);
    }

    it('connections terminated under eight writers: coded 503s with Retry-After, nothing acknowledged lost, live updates resume', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const writers = startWriters('TERM');
      await writers.more(20);
      let killed = 0;
      for (let round = 0; round < 6; round++) {
        killed += await terminateAppConnections();
        await writers.more(15);
      }
      const answers = await writers.stop();
      expect(killed).toBeGreaterThan(6);
      await expectHonestAnswers(answers);
      // The pool replaced what was lost: the last answers were successes again.
      expect(answers.slice(-8).every((a) => a.status === 201)).toBe(true);
      await expectRecovered('PRODUCTION');
      for (const call of logged.mock.calls) expect(String(call[0])).toMatch(/connection was lost/);
    }, 90_000);

    it('a restart under eight writers: 503 with Retry-After and /readyz 503 while down, all back after', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const writers = startWriters('RESTART');
      await writers.more(20);
      await server.stop();
      const unavailable = (a: Answer) => a.status === 503 && a.body.code === 'DATABASE_UNAVAILABLE';
      await writers.more(8, unavailable);
      const ready = await t.client().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
      await server.start();
      await writers.more(40, (a) => a.status === 201);
      const answers = await writers.stop();
      await expectHonestAnswers(answers);
      expect(answers.some(unavailable)).toBe(true);
      await expectRecovered('DELIVERY_DATE_CONFIRMED');
      for (const call of logged.mock.calls) expect(String(call[0])).toMatch(/connection was lost/);
    }, 90_000);
  },
);

describe('once the database has closed under the app (embedded, or a pool that has ended)', () => {
  let t: TestApp;
  let serverDatabase: string | undefined;

  beforeAll(async () => {
    t = await startTestApp();
    if (t.database.kind === 'postgres') {
      const [row] = rowsOf<{ name: string }>(
        await t.database.db.execute(sql`select current_database() as name`),
      );
      serverDatabase = row?.name;
    }
  });

  afterAll(async () => {
    // Its database handle is closed already, so the usual drop stops at closing it again.
    await t?.close().catch(() => {});
    if (serverDatabase) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(serverDatabase)} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After and /readyz 503, and the process serves on', async () => {
    const admin = (await signedInAdmin(t)).client;
    const key = (await admin.post('/api/admin/api-keys', { name: 'Partner' })).body.key;
    await t.database.close();

    const refused = await sendWebhook(
      t.client(),
      'orders',
      { orderId: 'CLOSED-1', productName: 'Studio 240' },
      { key },
    );
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await t.client().get('/readyz')).status).toBe(503);
    expect((await t.client().get('/healthz')).status).toBe(200);
  });
});
