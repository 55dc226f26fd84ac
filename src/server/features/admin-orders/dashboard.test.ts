import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { STAGES, type Stage } from '../../../shared/stages.js';
import { orderItems } from '../../db/schema/orders.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { seedOrder } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;

/** [order id, unit stages, day of January 2026]. */
const SEEDS: Array<[string, Stage[], number]> = [
  ['VH1001', ['ORDER_PLACED'], 1],
  ['VH1002', ['DOCUMENTS_PENDING'], 2],
  ['VH1003', ['DOCUMENTS_SIGNING', 'PRODUCTION'], 3],
  ['VH1004', ['FINANCING_PAYMENT'], 4],
  ['VH1005', ['PRODUCTION', 'PRODUCTION', 'DELIVERED'], 5],
  ['VH1006', ['PRODUCTION'], 6],
  ['VH1007', ['DELIVERED'], 7],
  ['VH1008', ['DELIVERED', 'DELIVERED'], 8],
];

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  const db = t.database.db;
  for (const [orderId, stages, day] of SEEDS) {
    const { order } = await seedOrder(db, {
      orderId,
      productName: 'Cabin 400',
      quantity: stages.length,
      status: stages,
      orderDate: new Date(Date.UTC(2026, 0, day)),
    });
    // Each unit entered its stage `day` days into 2026, unit 2 a little later than unit 1.
    for (const n of stages.keys()) {
      await db
        .update(orderItems)
        .set({ statusChangedAt: new Date(Date.UTC(2026, 0, day, n)) })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.itemNumber, n + 1)));
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the dashboard', () => {
  let dashboard: Dashboard;
  beforeAll(async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    dashboard = res.body;
  });

  it('counts all orders, pending actions (documents and payment), in production and delivered', () => {
    expect(dashboard).toMatchObject({ totalOrders: 8, pendingActions: 3, inProduction: 2, delivered: 2 });
  });

  it('lists the five newest orders', () => {
    expect(dashboard.recentOrders.map((o) => o.orderId)).toEqual([
      'VH1008',
      'VH1007',
      'VH1006',
      'VH1005',
      'VH1004',
    ]);
    expect(dashboard.recentOrders[0]).toMatchObject({
      customerEmail: null,
      customerName: null,
      quantity: 2,
      status: 'DELIVERED',
    });
  });

  it('counts units per stage, every stage listed in order', () => {
    expect(dashboard.unitsPerStage.map((s) => s.stage)).toEqual([...STAGES]);
    const units = Object.fromEntries(dashboard.unitsPerStage.map((s) => [s.stage, s.count]));
    expect(units).toEqual({
      ORDER_PLACED: 1,
      LOCATION_ENABLED: 0,
      DOCUMENTS_PENDING: 1,
      DOCUMENTS_SIGNING: 1,
      FINANCING_PAYMENT: 1,
      SITE_PREP: 0,
      PRODUCTION: 4,
      DELIVERY_DATE_CONFIRMED: 0,
      FINAL_DOCUMENTS: 0,
      DELIVERED: 4,
    });
  });

  it('names the five units that have waited longest in a stage other than Delivered', () => {
    expect(dashboard.longestWaiting.map((u) => [u.orderRef, u.itemNumber, u.status])).toEqual([
      ['VH1001', 1, 'ORDER_PLACED'],
      ['VH1002', 1, 'DOCUMENTS_PENDING'],
      ['VH1003', 1, 'DOCUMENTS_SIGNING'],
      ['VH1003', 2, 'PRODUCTION'],
      ['VH1004', 1, 'FINANCING_PAYMENT'],
    ]);
    expect(dashboard.longestWaiting[0]).toMatchObject({
      since: '2026-01-01T00:00:00.000Z',
      orderId: expect.any(Number),
    });
  });
});

// The answer is kept in memory between changes: each change below must show in the very next answer.
describe('the dashboard after a change', () => {
  const read = async () => {
    const res = await admin.get<Dashboard>('/api/admin/dashboard');
    expect(res.status).toBe(200);
    return res.body;
  };
  const units = (figures: Dashboard, stage: Stage) =>
    figures.unitsPerStage.find((row) => row.stage === stage)?.count;

  it('shows a status change in the next answer', async () => {
    const before = await read();
    const first = before.longestWaiting[0];
    expect(first).toMatchObject({ orderRef: 'VH1001', status: 'ORDER_PLACED' });
    const res = await admin.request('PATCH', `/api/admin/orders/${first?.orderId}/status`, {
      json: { status: 'DELIVERED' },
    });
    expect(res.status).toBe(200);

    const after = await read();
    expect(after.delivered).toBe(before.delivered + 1);
    expect(units(after, 'ORDER_PLACED')).toBe(0);
    expect(units(after, 'DELIVERED')).toBe((units(before, 'DELIVERED') ?? 0) + 1);
    expect(after.longestWaiting.map((unit) => unit.orderRef)).not.toContain('VH1001');
  });

  it('shows a deleted order gone in the next answer', async () => {
    const before = await read();
    const newest = before.recentOrders[0];
    expect(newest?.orderId).toBe('VH1008');
    expect((await admin.request('DELETE', `/api/admin/orders/${newest?.id}`)).status).toBe(200);

    const after = await read();
    expect(after.totalOrders).toBe(before.totalOrders - 1);
    expect(after.recentOrders.map((order) => order.orderId)).not.toContain('VH1008');
  });
});
