import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, orders } from '../../db/schema/orders.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { seedOrder } from '../orders/index.js';

let t: TestApp;
let orderId: number;
beforeAll(async () => {
  t = await startTestApp();
  const { order } = await seedOrder(t.database.db, {
    orderId: 'VH1001',
    productName: 'Cabin 400',
    status: 'PRODUCTION',
  });
  orderId = order.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the admin orders API', () => {
  it('answers 401 to a visitor and 403 to a customer on every route, before reading the input', async () => {
    // Bodies and ids are valid for an admin (order 1 exists), so only the caller's identity is refused.
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/orders' },
      { method: 'GET', path: `/api/admin/orders/${orderId}` },
      { method: 'GET', path: '/api/admin/dashboard' },
      { method: 'PATCH', path: `/api/admin/orders/${orderId}/status`, json: { status: 'DELIVERED' } },
      {
        method: 'POST',
        path: '/api/admin/orders/bulk-status',
        json: { orderIds: [orderId], status: 'DELIVERED' },
      },
      { method: 'POST', path: '/api/admin/orders/bulk-delete', json: { orderIds: [orderId] } },
      { method: 'GET', path: `/api/admin/orders/export?ids=${orderId}` },
      { method: 'GET', path: `/api/admin/orders/${orderId}/activity` },
      { method: 'POST', path: `/api/admin/orders/${orderId}/notes`, json: { text: 'hello' } },
      { method: 'DELETE', path: `/api/admin/orders/${orderId}` },
      { method: 'GET', path: '/api/admin/orders/export' },
      { method: 'GET', path: `/api/admin/orders/${orderId}/export` },
    ]);
    // Nothing was changed by the refused calls.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('PRODUCTION');
    const notes = await t.database.db.select().from(eventLogs).where(eq(eventLogs.type, 'INTERNAL_NOTE'));
    expect(notes).toEqual([]);
  });
});
