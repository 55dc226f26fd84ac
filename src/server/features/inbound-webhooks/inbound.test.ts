import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stage } from '../../../shared/stages.js';
import { orders } from '../../db/schema/orders.js';
import { settings, users } from '../../db/schema.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { logRows, orderRow, seedOrder, sendWebhook, statusEvents, unitsOf } from '../../test/webhooks.js';

const OWNER = 'owner@example.com';

let t: TestApp;
let admin: TestClient;
let owner: TestClient;
let key: string;
let revokedKey: string;
let external: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  owner = (await signedInCustomer(t, OWNER)).client;
  external = t.client();
  const created = await admin.post('/api/admin/api-keys', { name: 'Logistics partner' });
  key = created.body.key;
  const revoked = await admin.post('/api/admin/api-keys', { name: 'Old partner' });
  revokedKey = revoked.body.key;
  expect((await admin.request('DELETE', `/api/admin/api-keys/${revoked.body.id}`)).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const send = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  sendWebhook(external, path, json, { key, headers });

/** Each endpoint with a valid payload for an order, the stages it needs, and its required fields. */
interface EndpointCase {
  path: string;
  stages: Stage[];
  payload: (orderId: string) => Record<string, unknown>;
  required: string[];
  /** Global location validation names no order. */
  noOrder?: boolean;
}

const CASES: EndpointCase[] = [
  {
    path: 'order-status',
    stages: ['ORDER_PLACED'],
    payload: (orderId) => ({ orderId, status: 'PRODUCTION' }),
    required: ['orderId', 'status'],
  },
  {
    path: 'document-signing',
    stages: ['DOCUMENTS_PENDING'],
    payload: (orderId) => ({
      orderId,
      documentStatus: 'ready',
      documentUrl: 'https://sign.example.com/d/1',
      expiresAt: '2030-01-01T00:00:00Z',
    }),
    required: ['orderId', 'documentStatus', 'documentUrl', 'expiresAt'],
  },
  {
    path: 'payment',
    stages: ['FINANCING_PAYMENT'],
    payload: (orderId) => ({
      orderId,
      paymentStatus: 'successful',
      paymentType: 'direct_pay',
      transactionId: 'txn_1',
      amount: 500000,
      currency: 'usd',
    }),
    required: ['orderId', 'paymentStatus', 'paymentType', 'transactionId', 'amount', 'currency'],
  },
  {
    path: 'location-validation',
    stages: ['ORDER_PLACED'],
    payload: (orderId) => ({ orderId, zipCode: '98100', validationResult: 'valid', locationEnabled: true }),
    required: ['orderId', 'zipCode', 'validationResult', 'locationEnabled'],
  },
  {
    path: 'location-validation',
    stages: ['ORDER_PLACED'],
    noOrder: true,
    payload: () => ({
      zipCode: '98199',
      validationResult: 'valid',
      locationEnabled: true,
      globalUpdate: true,
    }),
    required: ['zipCode', 'validationResult', 'locationEnabled'],
  },
  {
    path: 'location-validation/bulk',
    stages: ['ORDER_PLACED'],
    noOrder: true,
    payload: () => ({ zipCodes: ['98198'], validationResult: 'valid', locationEnabled: true }),
    required: ['zipCodes', 'validationResult', 'locationEnabled'],
  },
  {
    path: 'delivery-date',
    stages: ['PRODUCTION'],
    payload: (orderId) => ({ orderId, deliveryDate: '2030-06-01' }),
    required: ['orderId', 'deliveryDate'],
  },
  {
    path: 'orders',
    stages: ['ORDER_PLACED'],
    noOrder: true,
    payload: () => ({ orderId: 'WH-NEVER', productName: 'Studio 240' }),
    required: ['orderId', 'productName'],
  },
];

async function snapshot(orderId: number) {
  return {
    order: await orderRow(t, orderId),
    units: await unitsOf(t, orderId),
    events: (await statusEvents(t, orderId)).length,
    zips: await t.database.db.select().from(settings).where(eq(settings.key, 'enabledZipCodes')),
    orders: (await t.database.db.select({ id: orders.id }).from(orders)).length,
  };
}

describe.each(CASES)('POST /api/webhooks/$path', (c) => {
  const label = c.noOrder && c.path !== 'orders' ? `${c.path} (no order)` : c.path;

  it(`${label}: refuses a missing, wrong, revoked or query-string key with 401 and changes nothing`, async () => {
    const order = await seedOrder(t, c.stages, { email: OWNER });
    const before = await snapshot(order.id);
    const logged = (await logRows(t)).length;
    const body = c.payload(order.orderId);
    const attempts = [
      await sendWebhook(external, c.path, body, { key: null }),
      await sendWebhook(external, c.path, body, { key: 'ofk_wrongwrongwrongwrongwrong' }),
      await sendWebhook(external, c.path, body, { key: 'not-even-a-key' }),
      await sendWebhook(external, c.path, body, { key: revokedKey }),
      await external.request('POST', `/api/webhooks/${c.path}?apiKey=${key}`, { json: body }),
      await external.request('POST', `/api/webhooks/${c.path}?api_key=${key}`, {
        json: body,
        headers: { authorization: `Bearer ${key}` },
      }),
      await sendWebhook(external, c.path, body, { key: null, headers: { authorization: `Basic ${key}` } }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await snapshot(order.id)).toEqual(before);
    expect(await logRows(t)).toHaveLength(logged);
  });

  it(`${label}: a signed-in admin's session cookie is no API key`, async () => {
    const order = await seedOrder(t, c.stages, { email: OWNER });
    const before = await snapshot(order.id);
    const res = await admin.request('POST', `/api/webhooks/${c.path}`, { json: c.payload(order.orderId) });
    expect(res.status).toBe(401);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it.each(c.required)(
    `${label}: answers 400 naming the missing field %s, changes nothing, and logs it`,
    async (field) => {
      const order = await seedOrder(t, c.stages, { email: OWNER });
      const before = await snapshot(order.id);
      const body = c.payload(order.orderId);
      delete body[field];
      const res = await send(c.path, body);
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty(field);
      expect(res.body.message).toContain(field);
      expect(await snapshot(order.id)).toEqual(before);
      const [last] = (await logRows(t)).slice(-1);
      expect(last).toMatchObject({
        endpoint: c.path,
        status: 'error',
        statusCode: 400,
        apiKeyName: 'Logistics partner',
      });
    },
  );

  it.skipIf(c.noOrder)(`${label}: answers 404 for an unknown order and logs it`, async () => {
    const res = await send(c.path, c.payload('VH-NO-SUCH-ORDER'));
    expect(res.status).toBe(404);
    const [last] = (await logRows(t)).slice(-1);
    expect(last).toMatchObject({
      endpoint: c.path,
      status: 'error',
      statusCode: 404,
      orderId: null,
      externalOrderId: 'VH-NO-SUCH-ORDER',
    });
  });

  it(`${label}: answers 415 for a body that is not JSON`, async () => {
    const res = await external.request('POST', `/api/webhooks/${c.path}`, {
      body: 'orderId=1',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('inbound webhook routing', () => {
  it('answers 404 for an unknown webhook endpoint', async () => {
    const res = await send('no-such-endpoint', { orderId: 'x' });
    expect(res.status).toBe(404);
  });

  it('answers 400 for a body that is not valid JSON', async () => {
    const res = await external.request('POST', '/api/webhooks/order-status', {
      body: '{"orderId": ',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const res = await send('order-status', ['VH1', 'PRODUCTION']);
    expect(res.status).toBe(400);
  });

  it('records when the key was last used', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    expect((await send('order-status', { orderId: order.orderId, status: 'PRODUCTION' })).status).toBe(200);
    const listed = await admin.get('/api/admin/api-keys');
    const partner = listed.body.find((k: { name: string }) => k.name === 'Logistics partner');
    expect(partner.lastUsedAt).not.toBeNull();
  });
});

async function adminRow(orderId: string) {
  const res = await admin.get(`/api/admin/orders?q=${encodeURIComponent(orderId)}`);
  expect(res.status).toBe(200);
  return res.body.items.find((row: { orderId: string }) => row.orderId === orderId);
}

async function customerOrder(id: number) {
  const res = await owner.get(`/api/orders/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('order-status webhook', () => {
  it('sets every unit to the stage, visible to the admin and the customer, and logs the delivery', async () => {
    const order = await seedOrder(t, ['LOCATION_ENABLED', 'DOCUMENTS_SIGNING'], { email: OWNER });
    const res = await send('order-status', {
      orderId: order.orderId,
      status: 'production',
      stageData: { notes: 'Frame welded', changedBy: 'Plant' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      orderId: order.orderId,
      status: 'PRODUCTION',
      updatedItems: 2,
    });
    expect((await adminRow(order.orderId)).status).toBe('PRODUCTION');
    const seen = await customerOrder(order.id);
    expect(seen.items.map((i: { status: string }) => i.status)).toEqual(['PRODUCTION', 'PRODUCTION']);
    expect(seen.items[0].currentStageData).toMatchObject({ notes: 'Frame welded', changedBy: 'Plant' });
    const events = await statusEvents(t, order.id);
    expect(events.slice(-2).map((e) => e.initiatedBy)).toEqual([
      'webhook:Logistics partner',
      'webhook:Logistics partner',
    ]);
    const [last] = (await logRows(t)).slice(-1);
    expect(last).toMatchObject({
      endpoint: 'order-status',
      eventType: 'ORDER_STATUS_UPDATE',
      stage: 'PRODUCTION',
      orderId: order.id,
      externalOrderId: order.orderId,
      status: 'success',
      statusCode: 200,
      data: { orderId: order.orderId, status: 'production' },
    });
  });

  it('accepts aliases, the internal id as a number and one unit by itemNumber or itemId', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED', 'ORDER_PLACED'], { email: OWNER });
    const units = await unitsOf(t, order.id);
    expect(
      (await send('order-status', { orderId: order.id, status: 'SCHEDULED', itemNumber: 2 })).status,
    ).toBe(200);
    expect((await unitsOf(t, order.id)).map((u) => u.status)).toEqual([
      'ORDER_PLACED',
      'DELIVERY_DATE_CONFIRMED',
    ]);
    expect(
      (
        await send('order-status', {
          orderId: order.orderId,
          status: 'PAYMENT_PENDING',
          itemId: units[0]?.id,
        })
      ).status,
    ).toBe(200);
    expect((await unitsOf(t, order.id)).map((u) => u.status)).toEqual([
      'FINANCING_PAYMENT',
      'DELIVERY_DATE_CONFIRMED',
    ]);
  });

  it('refuses an unknown status with 400 naming status, and an item of another order with 404', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    const other = await seedOrder(t, ['ORDER_PLACED']);
    const [otherUnit] = await unitsOf(t, other.id);
    const bad = await send('order-status', { orderId: order.orderId, status: 'SHIPPED' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: 'Unknown status: SHIPPED' });
    const wrongItem = await send('order-status', {
      orderId: order.orderId,
      status: 'PRODUCTION',
      itemId: otherUnit?.id,
    });
    expect(wrongItem.status).toBe(404);
    expect(wrongItem.body.message).toBe(`No unit of order ${order.orderId} has itemId ${otherUnit?.id}`);
    // A unit number the order does not have is answered with the name the unit would have.
    const missing = await send('order-status', {
      orderId: order.orderId,
      status: 'PRODUCTION',
      itemNumber: 3,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`${order.orderId} · Unit 3 does not exist`);
    expect((await unitsOf(t, order.id)).map((u) => u.status)).toEqual(['ORDER_PLACED']);
    const [last] = (await logRows(t)).slice(-1);
    expect(last).toMatchObject({ status: 'error', statusCode: 404, orderId: order.id });
  });
});

describe('document-signing webhook', () => {
  it('ready: moves to DOCUMENTS_SIGNING with the document where the signing dialog reads it', async () => {
    const order = await seedOrder(t, ['DOCUMENTS_PENDING'], { email: OWNER });
    const res = await send('document-signing', {
      orderId: order.orderId,
      documentStatus: 'ready',
      documentUrl: 'https://sign.example.com/d/42',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(res.status).toBe(200);
    const [unit] = (await customerOrder(order.id)).items;
    expect(unit.status).toBe('DOCUMENTS_SIGNING');
    expect(unit.currentStageData).toMatchObject({
      documentStatus: 'ready',
      documentUrl: 'https://sign.example.com/d/42',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect((await adminRow(order.orderId)).status).toBe('DOCUMENTS_SIGNING');
    expect((await logRows(t)).at(-1)).toMatchObject({
      eventType: 'DOCUMENT_SIGNING',
      stage: 'DOCUMENTS_SIGNING',
    });
  });

  it('signed: needs signedBy and signedAt, stores the final link and moves to FINANCING_PAYMENT', async () => {
    const order = await seedOrder(t, ['DOCUMENTS_SIGNING'], { email: OWNER });
    const base = {
      orderId: order.orderId,
      documentStatus: 'signed',
      documentUrl: 'https://sign.example.com/final/42',
    };
    const missing = await send('document-signing', base);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['signedAt', 'signedBy']);

    const res = await send('document-signing', {
      ...base,
      signedBy: 'Ann Owner',
      signedAt: '2030-01-02T10:00:00Z',
    });
    expect(res.status).toBe(200);
    const [unit] = (await customerOrder(order.id)).items;
    expect(unit.status).toBe('FINANCING_PAYMENT');
    expect(unit.currentStageData).toMatchObject({
      documentStatus: 'signed',
      signedDocumentUrl: 'https://sign.example.com/final/42',
      signedBy: 'Ann Owner',
      signedAt: '2030-01-02T10:00:00Z',
    });
  });

  it('refuses a document address that is not http(s)', async () => {
    const order = await seedOrder(t, ['DOCUMENTS_PENDING']);
    const res = await send('document-signing', {
      orderId: order.orderId,
      documentStatus: 'ready',
      documentUrl: 'javascript:alert(1)',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('documentUrl');
  });
});

describe('payment webhook', () => {
  it('successful: records the payment on the unit and the order and moves FINANCING_PAYMENT to SITE_PREP', async () => {
    const order = await seedOrder(t, ['FINANCING_PAYMENT', 'DOCUMENTS_SIGNING'], { email: OWNER });
    const res = await send('payment', {
      orderId: order.orderId,
      paymentStatus: 'successful',
      paymentType: 'finance',
      transactionId: 'txn_9',
      amount: 250000,
      currency: 'USD',
      financingProvider: 'Lender Co',
      termLength: 60,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updatedItems: 1, paymentStatus: 'successful' });
    const seen = await customerOrder(order.id);
    expect(seen.items.map((i: { status: string }) => i.status)).toEqual(['SITE_PREP', 'DOCUMENTS_SIGNING']);
    expect(seen.items[0].currentStageData).toMatchObject({
      paymentStatus: 'paid',
      transactionId: 'txn_9',
      paymentAmount: 250000,
      currency: 'usd',
      financingProvider: 'Lender Co',
      termLength: 60,
    });
    expect(seen.transactionId).toBe('txn_9');
    const row = await adminRow(order.orderId);
    expect(row).toMatchObject({ transactionId: 'txn_9', paymentMethod: 'finance', amount: '250000' });
  });

  it('failed or pending: records the status and moves nothing; a paid unit is never set back', async () => {
    const order = await seedOrder(t, ['FINANCING_PAYMENT'], { email: OWNER });
    const failed = await send('payment', {
      orderId: order.orderId,
      paymentStatus: 'failed',
      paymentType: 'direct_pay',
    });
    expect(failed.status).toBe(200);
    let [unit] = await unitsOf(t, order.id);
    expect(unit).toMatchObject({
      status: 'FINANCING_PAYMENT',
      currentStageData: { paymentStatus: 'failed' },
    });
    expect((await orderRow(t, order.id)).transactionId).toBeNull();

    await send('payment', {
      orderId: order.orderId,
      paymentStatus: 'successful',
      paymentType: 'direct_pay',
      transactionId: 'txn_10',
      amount: 1000,
      currency: 'usd',
    });
    await send('payment', { orderId: order.orderId, paymentStatus: 'pending', paymentType: 'direct_pay' });
    [unit] = await unitsOf(t, order.id);
    expect(unit).toMatchObject({ status: 'SITE_PREP', currentStageData: { paymentStatus: 'paid' } });
  });

  it('refuses an amount that is not a whole number of cents', async () => {
    const order = await seedOrder(t, ['FINANCING_PAYMENT']);
    const res = await send('payment', {
      orderId: order.orderId,
      paymentStatus: 'successful',
      paymentType: 'direct_pay',
      transactionId: 'txn_11',
      amount: 12.5,
      currency: 'usd',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['amount']);
  });
});

describe('location-validation webhooks', () => {
  it('single order: a valid, enabled location moves its units to LOCATION_ENABLED; invalid changes nothing', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED'], { email: OWNER });
    const invalid = await send('location-validation', {
      orderId: order.orderId,
      zipCode: '98101',
      validationResult: 'invalid',
      locationEnabled: false,
    });
    expect(invalid.status).toBe(200);
    expect((await unitsOf(t, order.id))[0]?.status).toBe('ORDER_PLACED');
    const valid = await send('location-validation', {
      orderId: order.orderId,
      zipCode: '98101',
      validationResult: 'valid',
      locationEnabled: true,
      region: 'North',
    });
    expect(valid.status).toBe(200);
    expect((await customerOrder(order.id)).status).toBe('LOCATION_ENABLED');
    expect((await logRows(t)).at(-1)).toMatchObject({
      eventType: 'LOCATION_VALIDATION',
      stage: 'LOCATION_ENABLED',
    });
  });

  it('global: adds the ZIP code to the service areas and unlocks the orders waiting in it', async () => {
    const waiting = await seedOrder(t, ['ORDER_PLACED'], { email: OWNER, zipCode: '98102' });
    const res = await send('location-validation', {
      zipCode: '98102',
      validationResult: 'valid',
      locationEnabled: true,
      globalUpdate: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: ['98102'], updatedOrders: 1, updatedItems: 1 });
    expect((await admin.get('/api/admin/service-areas')).body.enabledZipCodes).toContain('98102');
    expect((await customerOrder(waiting.id)).status).toBe('LOCATION_ENABLED');
  });

  it('global: globalUpdate false means a single-order payload, so orderId is required', async () => {
    const res = await send('location-validation', {
      zipCode: '98102',
      validationResult: 'valid',
      locationEnabled: true,
      globalUpdate: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('orderId');
  });

  it('bulk: adds every code and unlocks their orders; a bad code refuses the whole list, naming it', async () => {
    const a = await seedOrder(t, ['ORDER_PLACED'], { zipCode: '98103' });
    const b = await seedOrder(t, ['ORDER_PLACED', 'ORDER_PLACED'], { zipCode: '98104' });
    const bad = await send('location-validation/bulk', {
      zipCodes: ['98103', '9810'],
      validationResult: 'valid',
      locationEnabled: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('zipCodes.1');
    expect((await orderRow(t, a.id)).status).toBe('ORDER_PLACED');

    const res = await send('location-validation/bulk', {
      zipCodes: ['98103', '98104'],
      validationResult: 'valid',
      locationEnabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: ['98103', '98104'], updatedOrders: 2, updatedItems: 3 });
    expect((await orderRow(t, b.id)).status).toBe('LOCATION_ENABLED');
  });
});

describe('delivery-date webhook', () => {
  it("stores the date and details on the named unit, derives the order's, and moves the unit to DELIVERY_DATE_CONFIRMED", async () => {
    const order = await seedOrder(t, ['PRODUCTION', 'PRODUCTION'], { email: OWNER });
    const res = await send('delivery-date', {
      orderId: order.orderId,
      deliveryDate: '2030-06-01',
      deliveryWindow: '8am-12pm',
      carrierName: 'Acme Freight',
      trackingNumber: 'TRK1',
      itemNumber: 1,
    });
    expect(res.status).toBe(200);
    const seen = await customerOrder(order.id);
    expect(seen.items.map((i: { status: string }) => i.status)).toEqual([
      'DELIVERY_DATE_CONFIRMED',
      'PRODUCTION',
    ]);
    expect(seen.items[0]).toMatchObject({
      deliveryDate: '2030-06-01T00:00:00.000Z',
      currentStageData: { deliveryWindow: '8am-12pm', carrierName: 'Acme Freight', trackingNumber: 'TRK1' },
    });
    expect((await adminRow(order.orderId)).deliveryDate).toBe('2030-06-01T00:00:00.000Z');
    expect((await logRows(t)).at(-1)).toMatchObject({
      eventType: 'DELIVERY_DATE',
      stage: 'DELIVERY_DATE_CONFIRMED',
    });
  });

  it('sets, when no unit is named, every unit without a booking of its own; a booked day stays', async () => {
    const order = await seedOrder(t, ['PRODUCTION', 'PRODUCTION', 'PRODUCTION'], { email: OWNER });
    const slot = await admin.post('/api/admin/delivery-slots', { date: '2030-05-20', capacity: 3 });
    expect(slot.status).toBe(201);
    const [, , third] = await unitsOf(t, order.id);
    const booked = await owner.post(`/api/order-items/${third?.id}/delivery-booking`, {
      slotId: slot.body.id,
    });
    expect(booked.status).toBe(200);

    const res = await send('delivery-date', { orderId: order.orderId, deliveryDate: '2030-06-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ itemNumbers: [1, 2], keptBooking: [3] });
    const seen = await customerOrder(order.id);
    expect(seen.items.map((i: { deliveryDate: string }) => i.deliveryDate)).toEqual([
      '2030-06-01T00:00:00.000Z',
      '2030-06-01T00:00:00.000Z',
      '2030-05-20T12:00:00.000Z',
    ]);
    // The order's own date is derived: the earliest of its units'.
    expect(seen.deliveryDate).toBe('2030-05-20T12:00:00.000Z');
    expect((await adminRow(order.orderId)).deliveryDate).toBe('2030-05-20T12:00:00.000Z');
    // Staff's order details carry each unit's own day.
    const details = await admin.get(`/api/admin/orders/${order.id}`);
    expect(details.body.units).toEqual([
      { itemNumber: 1, status: 'DELIVERY_DATE_CONFIRMED', deliveryDate: '2030-06-01T00:00:00.000Z' },
      { itemNumber: 2, status: 'DELIVERY_DATE_CONFIRMED', deliveryDate: '2030-06-01T00:00:00.000Z' },
      { itemNumber: 3, status: 'DELIVERY_DATE_CONFIRMED', deliveryDate: '2030-05-20T12:00:00.000Z' },
    ]);

    // Naming the booked unit sets it: the partner carrying it has the last word.
    const named = await send('delivery-date', {
      orderId: order.orderId,
      deliveryDate: '2030-06-03',
      itemNumber: 3,
    });
    expect(named.body).toMatchObject({ itemNumbers: [3], keptBooking: [] });
    expect((await unitsOf(t, order.id)).map((u) => u.deliveryDate?.toISOString())).toEqual([
      '2030-06-01T00:00:00.000Z',
      '2030-06-01T00:00:00.000Z',
      '2030-06-03T00:00:00.000Z',
    ]);
    expect((await adminRow(order.orderId)).deliveryDate).toBe('2030-06-01T00:00:00.000Z');
  });

  it('refuses a date that cannot be read', async () => {
    const order = await seedOrder(t, ['PRODUCTION']);
    const res = await send('delivery-date', { orderId: order.orderId, deliveryDate: 'next tuesday' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('deliveryDate');
  });
});

describe('orders webhook', () => {
  it('creates the order for the customer with that e-mail, once per orderId', async () => {
    const payload = {
      orderId: 'WH-NEW-1',
      productName: 'Studio 240',
      quantity: 2,
      email: OWNER,
      amount: 4990000,
    };
    const first = await send('orders', payload);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, order: { orderId: 'WH-NEW-1', quantity: 2 } });
    const again = await send('orders', { ...payload, productName: 'Something else' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, order: { id: first.body.order.id } });
    const rows = await t.database.db.select().from(orders).where(eq(orders.orderId, 'WH-NEW-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.productName).toBe('Studio 240');

    const mine = await owner.get('/api/orders');
    expect(mine.body.map((o: { orderId: string }) => o.orderId)).toContain('WH-NEW-1');
    expect(await adminRow('WH-NEW-1')).toMatchObject({ customerEmail: OWNER, amount: '4990000' });
  });

  it('creates a pending customer for a new e-mail and unlocks an order in an enabled ZIP code', async () => {
    await send('location-validation', {
      zipCode: '98105',
      validationResult: 'valid',
      locationEnabled: true,
      globalUpdate: true,
    });
    const res = await send('orders', {
      orderId: 'WH-NEW-2',
      productName: 'Studio 240',
      email: 'New.Buyer@Example.com',
      zipCode: '98105',
    });
    expect(res.status).toBe(201);
    expect(res.body.order.status).toBe('LOCATION_ENABLED');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'new.buyer@example.com'));
    expect(user).toMatchObject({ role: 'USER', password: null });
    expect(res.body.order.userId).toBe(user?.id);
  });

  it('creates one order when the same new orderId arrives five times at once with different bodies', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => send('orders', { orderId: 'WH-NEW-3', productName: `Studio ${n}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await t.database.db.select().from(orders).where(eq(orders.orderId, 'WH-NEW-3'))).toHaveLength(1);
  });
});
