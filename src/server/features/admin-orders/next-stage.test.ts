import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stage } from '../../../shared/stages.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInStaff } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;
const ADMIN_EMAIL = 'next-stage@example.com';

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t, ADMIN_EMAIL)).client;
});

afterAll(async () => {
  await t?.close();
});

let sequence = 0;
async function orderAt(stages: Stage[]) {
  sequence++;
  const { order } = await createOrderAtStages(
    t.database.db,
    { orderId: `VH${7000 + sequence}`, productName: 'Cabin 400', email: 'nina@example.com' },
    stages.map((stage) => ({ stage })),
  );
  return order.id;
}

async function unitStatuses(orderId: number) {
  const rows = await t.database.db
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.itemNumber);
  return rows.map((row) => row.status);
}

async function orderStatus(orderId: number) {
  const [row] = await t.database.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

const next = (client: TestClient, id: number, from: Stage) =>
  client.post(`/api/admin/orders/${id}/next-stage`, { from });
const undo = (client: TestClient, id: number, body: unknown) =>
  client.post(`/api/admin/orders/${id}/next-stage/undo`, body);

describe('move to the next stage', () => {
  it('refuses visitors, customers and staff who may not change a status', async () => {
    const id = await orderAt(['PRODUCTION']);
    await expectAdminOnly(t, [
      { method: 'POST', path: `/api/admin/orders/${id}/next-stage`, json: { from: 'PRODUCTION' } },
      {
        method: 'POST',
        path: `/api/admin/orders/${id}/next-stage/undo`,
        json: { from: 'PRODUCTION', to: 'DELIVERY_DATE_CONFIRMED', itemNumbers: [1] },
      },
    ]);
    const viewer = (await signedInStaff(t, 'VIEWER')).client;
    expect((await next(viewer, id, 'PRODUCTION')).status).toBe(403);
    expect(await unitStatuses(id)).toEqual(['PRODUCTION']);
  });

  it('moves the order one stage on, then undo puts it back, both in its history and the audit log', async () => {
    const id = await orderAt(['PRODUCTION']);
    const moved = await next(admin, id, 'PRODUCTION');
    expect(moved).toMatchObject({
      status: 200,
      body: {
        from: 'PRODUCTION',
        to: 'DELIVERY_DATE_CONFIRMED',
        itemNumbers: [1],
        status: 'DELIVERY_DATE_CONFIRMED',
      },
    });
    expect(await orderStatus(id)).toBe('DELIVERY_DATE_CONFIRMED');

    const undone = await undo(admin, id, moved.body);
    expect(undone).toMatchObject({
      status: 200,
      body: { from: 'DELIVERY_DATE_CONFIRMED', to: 'PRODUCTION', itemNumbers: [1], status: 'PRODUCTION' },
    });
    expect(await unitStatuses(id)).toEqual(['PRODUCTION']);

    // Both moves are on record as the staff member's, newest first: the undo is not hidden.
    const activity = (await admin.get(`/api/admin/orders/${id}/activity`)).body;
    const moves = activity
      .filter((event: any) => event.type === 'ORDER_ITEM_STATUS_UPDATED')
      .map((event: any) => [event.data.oldStatus, event.data.status, event.actor.label]);
    expect(moves.slice(0, 2)).toEqual([
      ['DELIVERY_DATE_CONFIRMED', 'PRODUCTION', ADMIN_EMAIL],
      ['PRODUCTION', 'DELIVERY_DATE_CONFIRMED', ADMIN_EMAIL],
    ]);
    const audit = (await admin.get(`/api/admin/audit?action=order.status_changed&pageSize=100`)).body.items
      .filter((entry: any) => entry.target.id === String(id))
      .map((entry: any) => entry.changes);
    expect(audit).toEqual([
      { status: 'PRODUCTION', from: 'DELIVERY_DATE_CONFIRMED', itemNumbers: [1], undo: true },
      { status: 'DELIVERY_DATE_CONFIRMED', from: 'PRODUCTION', itemNumbers: [1] },
    ]);
  });

  it('moves only the least advanced units of a mixed order, never one backwards', async () => {
    const id = await orderAt(['SITE_PREP', 'DELIVERED', 'SITE_PREP']);
    const moved = await next(admin, id, 'SITE_PREP');
    expect(moved.body).toEqual({
      from: 'SITE_PREP',
      to: 'PRODUCTION',
      itemNumbers: [1, 3],
      status: 'PRODUCTION',
    });
    expect(await unitStatuses(id)).toEqual(['PRODUCTION', 'DELIVERED', 'PRODUCTION']);
  });

  it('passes over Documents Pending, which staff do not choose', async () => {
    const id = await orderAt(['LOCATION_ENABLED']);
    expect((await next(admin, id, 'LOCATION_ENABLED')).body.to).toBe('DOCUMENTS_SIGNING');
  });

  it('answers 409 and moves nothing when the order is no longer at the stage shown, or at the last', async () => {
    const id = await orderAt(['PRODUCTION']);
    const stale = await next(admin, id, 'SITE_PREP');
    expect(stale).toMatchObject({ status: 409, body: { code: 'ORDER_STAGE_CHANGED' } });
    expect(stale.body.message).toContain('In Production');
    expect(await unitStatuses(id)).toEqual(['PRODUCTION']);

    const done = await orderAt(['DELIVERED']);
    expect(await next(admin, done, 'DELIVERED')).toMatchObject({
      status: 409,
      body: { code: 'NO_NEXT_STAGE' },
    });
    expect((await next(admin, 999_999, 'PRODUCTION')).status).toBe(404);
  });

  it('undoes nothing once a unit has moved again, and refuses what was not a next-stage step', async () => {
    const id = await orderAt(['PRODUCTION', 'PRODUCTION']);
    const moved = await next(admin, id, 'PRODUCTION');
    await admin.request('PATCH', `/api/admin/orders/${id}/status`, {
      json: { status: 'DELIVERED', itemNumber: 2 },
    });
    const late = await undo(admin, id, moved.body);
    expect(late).toMatchObject({ status: 409, body: { code: 'ORDER_STAGE_CHANGED' } });
    expect(await unitStatuses(id)).toEqual(['DELIVERY_DATE_CONFIRMED', 'DELIVERED']);

    const jump = await undo(admin, id, { from: 'ORDER_PLACED', to: 'DELIVERED', itemNumbers: [2] });
    expect(jump.status).toBe(400);
    expect(jump.body.fields).toHaveProperty('to');
    expect(await unitStatuses(id)).toEqual(['DELIVERY_DATE_CONFIRMED', 'DELIVERED']);
  });
});
