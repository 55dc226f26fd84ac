import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema/orders.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { seedBulkOrders } from '../orders/index.js';
import { EXPORT_BATCH_SIZE } from './export.js';

const ORDER_COUNT = 5000;
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  await seedBulkOrders(t.database.db, ORDER_COUNT);
});

afterAll(async () => {
  await t?.close();
});

describe('exporting many orders', () => {
  it(`streams all ${ORDER_COUNT} orders, each exactly once, across several batches`, async () => {
    expect(ORDER_COUNT).toBeGreaterThan(2 * EXPORT_BATCH_SIZE);
    const res = await admin.get('/api/admin/orders/export');
    expect(res.status).toBe(200);
    // Streamed: sent in chunks as the batches are read, its length unknown when the headers went out.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const rows: string[][] = parse(res.body, { bom: true, from_line: 2 });
    expect(rows).toHaveLength(ORDER_COUNT);
    const stored = await t.database.db.select({ orderId: orders.orderId }).from(orders);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(stored.map((row) => row.orderId)));
  });

  it('streams exactly the orders of a filter', async () => {
    const res = await admin.get('/api/admin/orders/export?status=PRODUCTION');
    const rows: string[][] = parse(res.body, { bom: true, from_line: 2 });
    const [expected] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.status, 'PRODUCTION'));
    expect(rows.length).toBe(expected?.n);
    expect(rows.every((row) => row[4] === 'In Production')).toBe(true);
  });

  it('gives the database connection back when the client abandons downloads half-way', async () => {
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // More abandoned downloads than exports may stream at once: a slot or connection kept by one of
    // them would stall the export after them.
    for (let i = 0; i < 4; i++) {
      const controller = new AbortController();
      const res = await fetch(`${t.baseUrl}/api/admin/orders/export`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      await res.body?.getReader().read();
      controller.abort();
    }
    const pool = (t.database.db as { $client?: unknown }).$client;
    if (pool instanceof pg.Pool) {
      await vi.waitFor(() => expect(pool.idleCount).toBe(pool.totalCount), { timeout: 5 * 60_000 });
    }
    const whole = await admin.get('/api/admin/orders/export');
    expect(parse(whole.body, { bom: true, from_line: 2 })).toHaveLength(ORDER_COUNT);
  });

  // The COPY turns JIT compilation off on its connection (decision 310): other statements on the
  // pool must still run with the server's setting.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gives its connection back to the pool with the server’s settings',
    async () => {
      const pool = (t.database.db as { $client?: unknown }).$client;
      if (!(pool instanceof pg.Pool)) throw new Error('expected a PostgreSQL pool');
      const setting = async (client: pg.PoolClient) =>
        (await client.query<{ jit: string }>('show jit')).rows[0]?.jit;
      const first = await pool.connect();
      const serverDefault = await setting(first);
      first.release();
      expect((await admin.get('/api/admin/orders/export')).status).toBe(200);
      await vi.waitFor(() => expect(pool.idleCount).toBe(pool.totalCount), { timeout: 30_000 });
      const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
      try {
        for (const client of clients) expect(await setting(client)).toBe(serverDefault);
      } finally {
        for (const client of clients) client.release();
      }
    },
  );

  it('pages the list of all of them from the server, the last page included', async () => {
    const last = await admin.get(`/api/admin/orders?page=${ORDER_COUNT / 10}&sort=orderId:asc`);
    expect(last.body.total).toBe(ORDER_COUNT);
    expect(last.body.items).toHaveLength(10);
  });
});
