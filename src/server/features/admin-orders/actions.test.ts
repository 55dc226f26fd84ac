import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stage } from '../../../shared/stages.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { paymentSessions } from '../../db/schema.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;
let ann: TestClient;
let annId: number;
const ADMIN_EMAIL = 'staff@example.com';

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t, ADMIN_EMAIL)).client;
  const customer = await signedInCustomer(t, 'ann@example.com');
  ann = customer.client;
  annId = customer.user.id;
});

afterAll(async () => {
  await t?.close();
});

let sequence = 0;
/** A fresh order of ann's with one unit per stage given. */
async function annsOrder(stages: Stage[]) {
  sequence++;
  const { order } = await createOrderAtStages(
    t.database.db,
    { orderId: `VH${5000 + sequence}`, productName: 'Cabin 400', email: 'ann@example.com' },
    stages.map((stage) => ({ stage })),
  );
  return order.id;
}

async function unitStatuses(orderId: number) {
  const rows = await t.database.db
    .select({ n: orderItems.itemNumber, status: orderItems.status })
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

async function eventCount(orderIds: number[]) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(eventLogs)
    .where(inArray(eventLogs.orderId, orderIds));
  return row?.n ?? 0;
}

const patchStatus = (client: TestClient, orderId: number, json: unknown) =>
  client.request('PATCH', `/api/admin/orders/${orderId}/status`, { json });

describe('changing an order’s status', () => {
  it('moves every unit, logs each change as the admin, and the customer sees it as an admin’s change', async () => {
    const id = await annsOrder(['PRODUCTION', 'SITE_PREP', 'ORDER_PLACED']);
    const res = await patchStatus(admin, id, { status: 'DELIVERY_DATE_CONFIRMED' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updatedItems: 3, updatedOrders: 1 });
    expect(await unitStatuses(id)).toEqual(Array(3).fill('DELIVERY_DATE_CONFIRMED'));
    expect(await orderStatus(id)).toBe('DELIVERY_DATE_CONFIRMED');

    const activity = await admin.get(`/api/admin/orders/${id}/activity`);
    expect(activity.status).toBe(200);
    const changes = activity.body.filter(
      (e: any) => e.type === 'ORDER_ITEM_STATUS_UPDATED' && e.data.status === 'DELIVERY_DATE_CONFIRMED',
    );
    expect(changes).toHaveLength(3);
    for (const change of changes) {
      expect(change.actor).toEqual({ kind: 'admin', label: ADMIN_EMAIL });
      expect(change.internal).toBe(false);
    }
    expect(changes.map((c: any) => c.data.oldStatus).sort()).toEqual([
      'ORDER_PLACED',
      'PRODUCTION',
      'SITE_PREP',
    ]);

    const timeline = await ann.get(`/api/orders/${id}/events`);
    expect(timeline.status).toBe(200);
    const seen = timeline.body.filter((e: any) => e.data.status === 'DELIVERY_DATE_CONFIRMED');
    expect(seen).toHaveLength(3);
    expect(seen.map((e: any) => e.initiatedBy)).toEqual(['admin', 'admin', 'admin']);
  });

  it('moves only the unit named by itemNumber; the order keeps its least advanced status', async () => {
    const id = await annsOrder(['PRODUCTION', 'PRODUCTION']);
    const res = await patchStatus(admin, id, { status: 'DELIVERED', itemNumber: 2 });
    expect(res.body).toEqual({ updatedItems: 1, updatedOrders: 1 });
    expect(await unitStatuses(id)).toEqual(['PRODUCTION', 'DELIVERED']);
    expect(await orderStatus(id)).toBe('PRODUCTION');
    const [latest] = (await admin.get(`/api/admin/orders/${id}/activity`)).body;
    expect(latest).toMatchObject({
      type: 'ORDER_ITEM_STATUS_UPDATED',
      data: { itemNumber: 2, status: 'DELIVERED' },
    });
  });

  it('may move units backwards, and setting the stage they are at changes and logs nothing', async () => {
    const id = await annsOrder(['PRODUCTION']);
    expect((await patchStatus(admin, id, { status: 'ORDER_PLACED' })).body).toEqual({
      updatedItems: 1,
      updatedOrders: 1,
    });
    const events = await eventCount([id]);
    expect((await patchStatus(admin, id, { status: 'ORDER_PLACED' })).body).toEqual({
      updatedItems: 0,
      updatedOrders: 0,
    });
    expect(await eventCount([id])).toBe(events);
  });

  it('keeps a unit at Documents Pending, which the Status dialog offers only to keep: 200, nothing changes', async () => {
    const id = await annsOrder(['DOCUMENTS_PENDING', 'PRODUCTION']);
    const events = await eventCount([id]);
    const res = await patchStatus(admin, id, { status: 'DOCUMENTS_PENDING', itemNumber: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updatedItems: 0, updatedOrders: 0 });
    expect(await unitStatuses(id)).toEqual(['DOCUMENTS_PENDING', 'PRODUCTION']);
    expect(await eventCount([id])).toBe(events);
  });

  it('refuses an item number the order lacks with 400 naming itemNumber, changing nothing', async () => {
    const id = await annsOrder(['PRODUCTION', 'PRODUCTION']);
    const events = await eventCount([id]);
    const res = await patchStatus(admin, id, { status: 'DELIVERED', itemNumber: 3 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['itemNumber']);
    expect(await unitStatuses(id)).toEqual(['PRODUCTION', 'PRODUCTION']);
    expect(await eventCount([id])).toBe(events);
  });

  it.each([
    [{ status: 'SHIPPED' }, 'status'],
    [{}, 'status'],
    [{ status: 'DELIVERED', itemNumber: 0 }, 'itemNumber'],
    [{ status: 'DELIVERED', itemNumber: 1.5 }, 'itemNumber'],
    [{ status: 'DELIVERED', itemNumber: '1' }, 'itemNumber'],
  ])('refuses the body %j with 400 naming %s, changing nothing', async (body, field) => {
    const id = await annsOrder(['PRODUCTION']);
    const res = await patchStatus(admin, id, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await unitStatuses(id)).toEqual(['PRODUCTION']);
  });

  it('answers 404 for an order that does not exist and 400 for an id that is not one', async () => {
    expect((await patchStatus(admin, 999_999, { status: 'DELIVERED' })).status).toBe(404);
    const res = await patchStatus(admin, 'abc' as unknown as number, { status: 'DELIVERED' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });
});

describe('changing several orders at once', () => {
  it('moves every unit of every order in one action, each change logged as the admin', async () => {
    const first = await annsOrder(['ORDER_PLACED', 'SITE_PREP']);
    const second = await annsOrder(['PRODUCTION']);
    const already = await annsOrder(['FINAL_DOCUMENTS']);
    const res = await admin.post('/api/admin/orders/bulk-status', {
      orderIds: [second, first, already, first],
      status: 'FINAL_DOCUMENTS',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updatedItems: 3, updatedOrders: 2 });
    for (const id of [first, second, already]) expect(await orderStatus(id)).toBe('FINAL_DOCUMENTS');
    const activity = (await admin.get(`/api/admin/orders/${first}/activity`)).body;
    expect(activity.slice(0, 2).map((e: any) => [e.data.status, e.actor.label])).toEqual([
      ['FINAL_DOCUMENTS', ADMIN_EMAIL],
      ['FINAL_DOCUMENTS', ADMIN_EMAIL],
    ]);
  });

  it('changes nothing when one of the orders does not exist (404)', async () => {
    const first = await annsOrder(['ORDER_PLACED']);
    const second = await annsOrder(['PRODUCTION', 'SITE_PREP']);
    const events = await eventCount([first, second]);
    const res = await admin.post('/api/admin/orders/bulk-status', {
      orderIds: [first, second, 999_999],
      status: 'DELIVERED',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('999999');
    expect(await unitStatuses(first)).toEqual(['ORDER_PLACED']);
    expect(await unitStatuses(second)).toEqual(['PRODUCTION', 'SITE_PREP']);
    expect(await eventCount([first, second])).toBe(events);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ orderIds: [], status: 'DELIVERED' }, 'orderIds'],
    [{ orderIds: Array.from({ length: 101 }, (_, i) => i + 1), status: 'DELIVERED' }, 'orderIds'],
    [{ orderIds: [1, -2], status: 'DELIVERED' }, 'orderIds.1'],
    [{ orderIds: [1], status: 'delivered!' }, 'status'],
    [{ status: 'DELIVERED' }, 'orderIds'],
  ])('refuses the body %j with 400 naming %s', async (body, field) => {
    const id = await annsOrder(['PRODUCTION']);
    const res = await admin.post('/api/admin/orders/bulk-status', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await unitStatuses(id)).toEqual(['PRODUCTION']);
  });
});

describe('the activity feed and internal notes', () => {
  it('lists every event newest first, naming admins and customers by e-mail and keys by name', async () => {
    const id = await annsOrder(['ORDER_PLACED']);
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute));
    await t.database.db.insert(eventLogs).values([
      {
        orderId: id,
        type: 'WEBHOOK_RECEIVED',
        initiatedBy: 'webhook:Zapier production',
        timestamp: at(1),
        internal: true,
      },
      { orderId: id, type: 'PAYMENT', initiatedBy: 'stripe', timestamp: at(2) },
      { orderId: id, type: 'ORDER_ITEM_STATUS_UPDATED', initiatedBy: `customer:${annId}`, timestamp: at(3) },
      { orderId: id, type: 'ORDER_ITEM_STATUS_UPDATED', initiatedBy: 'admin:987654', timestamp: at(4) },
      { orderId: id, type: 'LOCATION', initiatedBy: 'system', timestamp: at(5) },
    ]);
    const res = await admin.get(`/api/admin/orders/${id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 5).map((e: any) => [e.type, e.actor.kind, e.actor.label])).toEqual([
      ['LOCATION', 'system', 'System'],
      ['ORDER_ITEM_STATUS_UPDATED', 'admin', 'Deleted user'],
      ['ORDER_ITEM_STATUS_UPDATED', 'customer', 'ann@example.com'],
      ['PAYMENT', 'stripe', 'Stripe'],
      ['WEBHOOK_RECEIVED', 'webhook', 'Zapier production'],
    ]);
    expect(res.body.at(-1)).toMatchObject({
      type: 'ORDER_CREATED',
      actor: { kind: 'system', label: 'System' },
    });
  });

  it('adds a note that staff see in the feed and that no customer route ever returns', async () => {
    const id = await annsOrder(['ORDER_PLACED']);
    const res = await admin.post(`/api/admin/orders/${id}/notes`, {
      text: '  Customer called about the crane  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'INTERNAL_NOTE',
      internal: true,
      data: { text: 'Customer called about the crane' },
      actor: { kind: 'admin', label: ADMIN_EMAIL },
    });
    const [first] = (await admin.get(`/api/admin/orders/${id}/activity`)).body;
    expect(first).toEqual(res.body);

    for (const client of [ann, admin]) {
      const timeline = await client.get(`/api/orders/${id}/events`);
      expect(timeline.status).toBe(200);
      expect(timeline.body.length).toBeGreaterThan(0);
      expect(JSON.stringify(timeline.body)).not.toContain('crane');
      expect(timeline.body.some((e: any) => e.type === 'INTERNAL_NOTE')).toBe(false);
    }
  });

  it.each([
    [{ text: '   ' }, 'text'],
    [{ text: 'x'.repeat(2001) }, 'text'],
    [{}, 'text'],
  ])('refuses the note %j with 400 naming %s, writing nothing', async (body, field) => {
    const id = await annsOrder(['ORDER_PLACED']);
    const events = await eventCount([id]);
    const res = await admin.post(`/api/admin/orders/${id}/notes`, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await eventCount([id])).toBe(events);
  });

  it('answers 404 for the activity of, or a note on, an order that does not exist', async () => {
    expect((await admin.get('/api/admin/orders/999999/activity')).status).toBe(404);
    expect((await admin.post('/api/admin/orders/999999/notes', { text: 'hello' })).status).toBe(404);
  });
});

describe('deleting an order', () => {
  it('removes the order with its units, events and payment sessions, and nothing else', async () => {
    const id = await annsOrder(['FINANCING_PAYMENT', 'PRODUCTION']);
    const other = await annsOrder(['FINANCING_PAYMENT']);
    const db = t.database.db;
    const [unit] = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).limit(1);
    await db.insert(paymentSessions).values({
      sessionId: `cs_test_${id}`,
      provider: 'test',
      orderId: id,
      orderItemId: unit?.id ?? 0,
      amount: 500_000,
    });
    await admin.post(`/api/admin/orders/${id}/notes`, { text: 'about to go' });
    const otherEvents = await eventCount([other]);

    const res = await admin.request('DELETE', `/api/admin/orders/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Order deleted' });
    expect(await db.select().from(orders).where(eq(orders.id, id))).toEqual([]);
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, id))).toEqual([]);
    expect(await eventCount([id])).toBe(0);
    expect(await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, id))).toEqual([]);
    expect(await unitStatuses(other)).toEqual(['FINANCING_PAYMENT']);
    expect(await eventCount([other])).toBe(otherEvents);
    expect((await ann.get(`/api/orders/${id}`)).status).toBe(404);

    expect((await admin.request('DELETE', `/api/admin/orders/${id}`)).status).toBe(404);
  });
});

describe('deleting several orders', () => {
  it('deletes every order named, with its units and events, in one request', async () => {
    const ids = [await annsOrder(['PRODUCTION']), await annsOrder(['SITE_PREP', 'DELIVERED'])];
    const kept = await annsOrder(['PRODUCTION']);
    const res = await admin.post('/api/admin/orders/bulk-delete', { orderIds: ids });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    const db = t.database.db;
    expect(await db.select().from(orders).where(inArray(orders.id, ids))).toEqual([]);
    expect(await db.select().from(orderItems).where(inArray(orderItems.orderId, ids))).toEqual([]);
    expect(await eventCount(ids)).toBe(0);
    expect(await orderStatus(kept)).toBe('PRODUCTION');
  });

  it('deletes none when one id is unknown, answering 404 naming it', async () => {
    const ids = [await annsOrder(['PRODUCTION']), await annsOrder(['SITE_PREP'])];
    const res = await admin.post('/api/admin/orders/bulk-delete', { orderIds: [...ids, 999_999] });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ORDER_NOT_FOUND');
    expect(res.body.message).toBe('Order not found: 999999');
    const left = await t.database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
    expect(left).toHaveLength(2);
    expect(await eventCount(ids)).toBeGreaterThan(0);
  });

  it('refuses an empty list, a bad id or more than 1000 ids with 400', async () => {
    for (const orderIds of [[], [0], ['x'], Array.from({ length: 1001 }, (_, i) => i + 1)]) {
      const res = await admin.post('/api/admin/orders/bulk-delete', { orderIds });
      expect(res.status, JSON.stringify(orderIds).slice(0, 20)).toBe(400);
    }
    expect((await admin.post('/api/admin/orders/bulk-delete', {})).status).toBe(400);
  });
});

describe('the orders list after changes', () => {
  it('answers a total that follows every change at once, however often the filter was counted before', async () => {
    const total = async () => (await admin.get('/api/admin/orders?status=SITE_PREP&q=cabin')).body.total;
    const before = await total();
    // The same filter again, and another page of it, as a user paging through.
    expect(await total()).toBe(before);
    expect((await admin.get('/api/admin/orders?status=SITE_PREP&q=cabin&page=2')).body.total).toBe(before);

    const id = await annsOrder(['SITE_PREP']);
    expect(await total()).toBe(before + 1);
    await patchStatus(admin, id, { status: 'PRODUCTION' });
    expect(await total()).toBe(before);
    await patchStatus(admin, id, { status: 'SITE_PREP' });
    expect(await total()).toBe(before + 1);
    await admin.request('DELETE', `/api/admin/orders/${id}`);
    expect(await total()).toBe(before);
  });
});
