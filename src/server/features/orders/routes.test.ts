import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, orderItems } from '../../db/schema/orders.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages } from './seed.js';

let t: TestApp;
let ann: TestClient;
let bob: TestClient;
let admin: TestClient;
let visitor: TestClient;
let single: Awaited<ReturnType<typeof createOrderAtStages>>;
let triple: Awaited<ReturnType<typeof createOrderAtStages>>;
let bobs: Awaited<ReturnType<typeof createOrderAtStages>>;

const READY = { documentStatus: 'ready', documentUrl: 'https://sign.example/doc/1' };

beforeAll(async () => {
  t = await startTestApp();
  ann = (await signedInCustomer(t, 'ann@example.com')).client;
  bob = (await signedInCustomer(t, 'bob@example.com')).client;
  admin = (await signedInAdmin(t)).client;
  visitor = t.client();
  const db = t.database.db;
  single = await createOrderAtStages(
    db,
    {
      orderId: 'VH1001',
      productName: 'Studio 240',
      email: 'ann@example.com',
      orderDate: new Date('2026-01-05'),
    },
    [{ stage: 'LOCATION_ENABLED' }],
  );
  triple = await createOrderAtStages(
    db,
    {
      orderId: 'ORD-7',
      productName: 'Cabin 400',
      email: 'ann@example.com',
      orderDate: new Date('2026-02-10'),
    },
    [
      { stage: 'DOCUMENTS_PENDING', stageData: READY },
      { stage: 'DOCUMENTS_PENDING' },
      { stage: 'PRODUCTION' },
    ],
  );
  bobs = await createOrderAtStages(
    db,
    { orderId: 'VH2001', productName: 'Tiny Home', email: 'bob@example.com' },
    [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 500_000 } }],
  );
  await db.insert(eventLogs).values({
    orderId: triple.order.id,
    type: 'INTERNAL_NOTE',
    data: { note: 'customer called about the crane' },
    initiatedBy: 'admin:1',
    internal: true,
  });
});

afterAll(async () => {
  await t?.close();
});

const unit = (order: typeof triple, n: number) => {
  const found = order.items.find((item) => item.itemNumber === n);
  if (!found) throw new Error(`no unit ${n}`);
  return found;
};

describe('reading orders', () => {
  it('lists exactly the caller’s orders, newest first, each with all its units', async () => {
    const res = await ann.get('/api/orders');
    expect(res.status).toBe(200);
    expect(res.body.map((o: any) => o.orderId)).toEqual(['ORD-7', 'VH1001']);
    expect(res.body[0].items.map((i: any) => [i.itemNumber, i.status])).toEqual([
      [1, 'DOCUMENTS_PENDING'],
      [2, 'DOCUMENTS_PENDING'],
      [3, 'PRODUCTION'],
    ]);
    expect(res.body[0].status).toBe('DOCUMENTS_PENDING');
    const bobsList = await bob.get('/api/orders');
    expect(bobsList.body.map((o: any) => o.orderId)).toEqual(['VH2001']);
  });

  it('answers 401 to a visitor on every read', async () => {
    for (const path of [
      '/api/orders',
      `/api/orders/${single.order.id}`,
      `/api/orders/${single.order.id}/items`,
      `/api/orders/${single.order.id}/events`,
      `/api/order-items/${unit(single, 1).id}/details`,
    ]) {
      expect((await visitor.get(path)).status, path).toBe(401);
    }
  });

  it('answers 404 when a customer asks for another customer’s order, its units, events or unit details', async () => {
    for (const path of [
      `/api/orders/${bobs.order.id}`,
      `/api/orders/${bobs.order.id}/items`,
      `/api/orders/${bobs.order.id}/events`,
      `/api/order-items/${unit(bobs, 1).id}/details`,
    ]) {
      const res = await ann.get(path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Tiny Home');
    }
  });

  it('answers one order with its units and the units alone with the cache-busting parameter', async () => {
    const order = await ann.get(`/api/orders/${triple.order.id}`);
    expect(order.body).toMatchObject({ orderId: 'ORD-7', productName: 'Cabin 400', quantity: 3 });
    const items = await ann.get(`/api/orders/${triple.order.id}/items?t=${Date.now()}`);
    expect(items.status).toBe(200);
    expect(items.body[0].currentStageData).toEqual(READY);
  });

  it('lets an admin read any order through the same calls', async () => {
    expect((await admin.get(`/api/orders/${bobs.order.id}/items`)).status).toBe(200);
    expect((await admin.get(`/api/order-items/${unit(bobs, 1).id}/details`)).body.user.email).toBe(
      'bob@example.com',
    );
  });

  it('shows the customer their status events, naming only the kind of actor, and never internal notes', async () => {
    const res = await ann.get(`/api/orders/${triple.order.id}/events?t=1`);
    expect(res.status).toBe(200);
    const types = res.body.map((e: any) => e.type);
    expect(types).toContain('ORDER_ITEM_STATUS_UPDATED');
    expect(types).not.toContain('INTERNAL_NOTE');
    expect(JSON.stringify(res.body)).not.toContain('crane');
    expect(new Set(res.body.map((e: any) => e.initiatedBy))).toEqual(new Set(['system']));
  });

  it('answers the unit details with its order and owner for the onboarding dialog', async () => {
    const res = await ann.get(`/api/order-items/${unit(single, 1).id}/details`);
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ itemNumber: 1, status: 'LOCATION_ENABLED' });
    expect(res.body.order).toMatchObject({ orderId: 'VH1001' });
    expect(res.body.user).toMatchObject({ email: 'ann@example.com' });
    expect(res.body.user).not.toHaveProperty('password');
  });

  it('refuses an id that is not a number with 400 naming the parameter', async () => {
    const res = await ann.get('/api/orders/abc');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('id');
  });
});

describe('a customer changing a unit’s status', () => {
  const patch = (client: TestClient, itemId: number, body: unknown) =>
    client.request('PATCH', `/api/order-items/${itemId}/status`, { json: body });

  it('starts signing a ready document, logging the customer as the one who did it', async () => {
    const item = unit(triple, 1);
    const res = await patch(ann, item.id, {
      status: 'DOCUMENTS_SIGNING',
      stageData: { paymentStatus: 'paid' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('DOCUMENTS_SIGNING');
    // A customer cannot write stage data: nobody marks their own unit paid (decision 22).
    expect(res.body.currentStageData).not.toHaveProperty('paymentStatus');
    const [event] = await t.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.orderItemId, item.id))
      .orderBy(eventLogs.id)
      .then((rows) => rows.slice(-1));
    expect(event?.initiatedBy).toMatch(/^customer:\d+$/);
    // Asking again changes nothing and is not an error.
    expect((await patch(ann, item.id, { status: 'DOCUMENTS_SIGNING' })).status).toBe(200);
  });

  it('starts signing once when two tabs ask at the same time', async () => {
    const { items } = await createOrderAtStages(
      t.database.db,
      { orderId: 'ORD-8', productName: 'Cabin 400', email: 'ann@example.com' },
      [{ stage: 'DOCUMENTS_PENDING', stageData: READY }],
    );
    const itemId = items[0]?.id ?? 0;
    const answers = await Promise.all([
      patch(ann, itemId, { status: 'DOCUMENTS_SIGNING' }),
      patch(ann, itemId, { status: 'DOCUMENTS_SIGNING' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const events = await t.database.db.select().from(eventLogs).where(eq(eventLogs.orderItemId, itemId));
    expect(events.filter((e) => e.stage === 'DOCUMENTS_SIGNING')).toHaveLength(1);
  });

  it('answers 409 while the document is not ready, and changes nothing', async () => {
    const item = unit(triple, 2);
    const res = await patch(ann, item.id, { status: 'DOCUMENTS_SIGNING' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DOCUMENT_NOT_READY');
    expect(res.body.message).toBe('The documents may still be in preparation. Please check back later.');
    const [stored] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(stored?.status).toBe('DOCUMENTS_PENDING');
  });

  it('refuses every other move with 403', async () => {
    const cases: Array<[number, string]> = [
      [unit(triple, 3).id, 'DELIVERED'],
      [unit(triple, 3).id, 'DOCUMENTS_SIGNING'],
      [unit(single, 1).id, 'DOCUMENTS_PENDING'],
      [unit(triple, 2).id, 'FINANCING_PAYMENT'],
    ];
    for (const [itemId, status] of cases) {
      expect((await patch(ann, itemId, { status })).status, status).toBe(403);
    }
    const [stored] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, unit(single, 1).id));
    expect(stored?.status).toBe('LOCATION_ENABLED');
  });

  it('answers 401 to a visitor, 404 for another customer’s unit and 404 for an admin, who is not the owner', async () => {
    const bobsUnit = unit(bobs, 1).id;
    expect((await patch(visitor, bobsUnit, { status: 'DOCUMENTS_SIGNING' })).status).toBe(401);
    expect((await patch(ann, bobsUnit, { status: 'SITE_PREP' })).status).toBe(404);
    expect((await patch(admin, bobsUnit, { status: 'SITE_PREP' })).status).toBe(404);
    const [stored] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, bobsUnit));
    expect(stored?.status).toBe('FINANCING_PAYMENT');
  });

  it('refuses an unknown stage with 400 naming the field', async () => {
    const res = await patch(ann, unit(triple, 2).id, { status: 'SHIPPED' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('status');
  });
});
