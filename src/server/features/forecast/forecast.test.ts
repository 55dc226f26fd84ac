import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastAccuracy, PastWindow } from '../../../shared/schemas/forecast.js';
import type { OrderDto, OrderItemDto } from '../../../shared/schemas/orders.js';
import { demoHistory } from '../../demo-history.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages, seedOrderHistory } from '../orders/index.js';

const DAY = 86_400_000;
let t: TestApp;
let admin: TestClient;
let ann: TestClient;
let bob: TestClient;
let annsOrder: Awaited<ReturnType<typeof createOrderAtStages>>;
let demo: ReturnType<typeof demoHistory>;

beforeAll(async () => {
  t = await startTestApp();
  // The demo's history up to a fixed day: the same figures whatever the day the test runs.
  demo = demoHistory({ now: new Date('2026-11-18T00:00:00Z') });
  await seedOrderHistory(t.database.db, demo);
  ann = (await signedInCustomer(t, 'ann@example.com')).client;
  bob = (await signedInCustomer(t, 'bob@example.com')).client;
  admin = (await signedInAdmin(t)).client;
  // A unit that entered production a year ago and never moved on.
  const placed = new Date(Date.now() - 400 * DAY);
  await seedOrderHistory(t.database.db, [
    {
      order: { orderId: 'VH9002', productName: 'Studio 240', orderDate: placed },
      units: [[{ stage: 'PRODUCTION', at: new Date(placed.getTime() + 30 * DAY) }]],
    },
  ]);
  annsOrder = await createOrderAtStages(
    t.database.db,
    { orderId: 'VH9001', productName: 'Cabin 400', email: 'ann@example.com' },
    [{ stage: 'SITE_PREP' }, { stage: 'PRODUCTION' }, { stage: 'DELIVERED' }],
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the back-test of the delivery estimates', () => {
  it('is for staff only', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/forecast/accuracy' },
      { method: 'GET', path: '/api/admin/forecast/past-window' },
    ]);
  });

  it('covers at least 80% of the demo deliveries and beats the overall average', async () => {
    const res = await admin.get<ForecastAccuracy>('/api/admin/forecast/accuracy');
    expect(res.status).toBe(200);
    const accuracy = res.body;
    const deliveredUnits = demo.flatMap((o) => o.units).filter((u) => u.at(-1)?.stage === 'DELIVERED');
    // Every delivered unit that went through PRODUCTION is tested (Ann's delivered unit never did).
    expect(accuracy.units).toBe(deliveredUnits.length);
    expect(accuracy.units).toBeGreaterThan(400);
    expect(accuracy.byBasis.history).toBeGreaterThan(accuracy.byBasis.defaults);
    expect(accuracy.coverage).toBeGreaterThanOrEqual(0.8);
    expect(accuracy.meanAbsoluteErrorDays).toBeLessThan(accuracy.baseline.meanAbsoluteErrorDays as number);
    expect(accuracy.meanWindowDays).toBeGreaterThan(0);
  });
});

describe('the estimate on the order routes', () => {
  it('gives each undelivered unit of the customer a window from history, and none to a delivered unit', async () => {
    const res = await ann.get<OrderItemDto[]>(`/api/orders/${annsOrder.order.id}/items`);
    expect(res.status).toBe(200);
    const [sitePrep, production, delivered] = res.body;
    const today = new Date().toISOString().slice(0, 10);
    for (const unit of [sitePrep, production]) {
      expect(unit?.estimate?.basis).toBe('history');
      expect(unit?.estimate?.historyUnits).toBeGreaterThanOrEqual(30);
      expect(unit?.estimate?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((unit?.estimate?.from ?? '') > today).toBe(true);
      expect((unit?.estimate?.from ?? '') < (unit?.estimate?.to ?? '')).toBe(true);
    }
    // A unit further on expects its delivery sooner.
    expect((production?.estimate?.to ?? '') < (sitePrep?.estimate?.to ?? '')).toBe(true);
    expect(delivered?.status).toBe('DELIVERED');
    expect(delivered).not.toHaveProperty('estimate');
  });

  it("answers another customer's items as not found", async () => {
    const res = await bob.get(`/api/orders/${annsOrder.order.id}/items`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('estimate');
  });

  it('shows staff the same windows in the order details', async () => {
    const mine = await ann.get<OrderItemDto[]>(`/api/orders/${annsOrder.order.id}/items`);
    const res = await admin.get<OrderDto>(`/api/orders/${annsOrder.order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => item.estimate)).toEqual(mine.body.map((item) => item.estimate));
  });
});

describe('the history the windows rest on', () => {
  it('takes in a delivery at once, not only when the kept statistics expire', async () => {
    const items = () => ann.get<OrderItemDto[]>(`/api/orders/${annsOrder.order.id}/items`);
    const before = (await items()).body[0]?.estimate?.historyUnits ?? 0;
    const delivered = await admin.request('PATCH', `/api/admin/orders/${annsOrder.order.id}/status`, {
      json: { status: 'DELIVERED', itemNumber: 2 },
    });
    expect(delivered.status).toBe(200);
    const after = await items();
    // Ann's unit 2 went through SITE_PREP on its way: one more Cabin 400 duration from there.
    expect(after.body[0]?.estimate?.historyUnits).toBe(before + 1);
    expect(after.body[1]).not.toHaveProperty('estimate');
  });
});

describe('units past their window', () => {
  it('lists undelivered units whose window ended before today, the latest first, and not the others', async () => {
    const res = await admin.get<PastWindow>('/api/admin/forecast/past-window');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.total).toBeGreaterThanOrEqual(res.body.units.length);
    for (const unit of res.body.units) {
      expect(unit.status).not.toBe('DELIVERED');
      expect(unit.estimate.to < today).toBe(true);
      expect(unit.daysLate).toBeGreaterThan(0);
    }
    const lateness = res.body.units.map((unit) => unit.daysLate);
    expect(lateness).toEqual([...lateness].sort((a, b) => b - a));
    // Ann's units entered their stages today: on time.
    expect(res.body.units.map((unit) => unit.orderId)).not.toContain(annsOrder.order.id);
  });

  it('includes a unit stuck in production far longer than its window', async () => {
    const res = await admin.get<PastWindow>('/api/admin/forecast/past-window');
    const stuck = res.body.units.find((unit) => unit.orderNumber === 'VH9002');
    expect(stuck).toMatchObject({ status: 'PRODUCTION', itemNumber: 1, productName: 'Studio 240' });
    expect(stuck?.daysLate).toBeGreaterThan(200);

    // Moved on, it has a new stage and a new window: off the list at once.
    const moved = await admin.request('PATCH', `/api/admin/orders/${stuck?.orderId}/status`, {
      json: { status: 'DELIVERY_DATE_CONFIRMED' },
    });
    expect(moved.status).toBe(200);
    const after = await admin.get<PastWindow>('/api/admin/forecast/past-window');
    expect(after.body.units.map((unit) => unit.orderNumber)).not.toContain('VH9002');
    expect(after.body.total).toBe(res.body.total - 1);
  });
});
