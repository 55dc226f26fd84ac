import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { seedOrder, sendWebhook, statusEvents, unitsOf } from '../../test/webhooks.js';

let t: TestApp;
let admin: TestClient;
let key: string;
let external: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  key = (await admin.post('/api/admin/api-keys', { name: 'Website' })).body.key;
  external = t.client();
});

afterAll(async () => {
  await t?.close();
});

const send = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  sendWebhook(external, path, json, { key, headers });

describe('webhook event log access', () => {
  it('refuses visitors (401) and customers (403) on every log route', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/webhook-events' },
      { method: 'POST', path: '/api/admin/webhook-events/1/replay' },
    ]);
  });
});

describe('GET /api/admin/webhook-events', () => {
  it('lists deliveries newest first, paged, with their status, searchable and filterable', async () => {
    await t.database.db.delete(webhookEvents);
    const order = await seedOrder(t, ['ORDER_PLACED'], { prefix: 'LOGS' });
    await send('order-status', { orderId: order.orderId, status: 'PRODUCTION' });
    await send('order-status', { orderId: order.orderId, status: 'PRODUCTION' });
    await send('order-status', { orderId: 'LOGS-MISSING', status: 'PRODUCTION' });
    await send('payment', { orderId: order.orderId });

    const all = await admin.get('/api/admin/webhook-events');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(
      all.body.items.map((e: { status: string; statusCode: number }) => [e.status, e.statusCode]),
    ).toEqual([
      ['error', 400],
      ['error', 404],
      ['warning', 200],
      ['success', 200],
    ]);
    expect(all.body.items[3]).toMatchObject({
      endpoint: 'order-status',
      eventType: 'ORDER_STATUS_UPDATE',
      stage: 'PRODUCTION',
      orderId: order.id,
      externalOrderId: order.orderId,
      data: { orderId: order.orderId, status: 'PRODUCTION' },
      apiKeyName: 'Website',
      error: null,
      replayOf: null,
    });
    expect(all.body.items[0]).toMatchObject({
      eventType: 'PAYMENT',
      stage: 'FINANCING_PAYMENT',
      error: expect.stringContaining('paymentStatus'),
      response: { code: 'VALIDATION_FAILED', fields: { paymentStatus: 'Required', paymentType: 'Required' } },
    });

    const page = await admin.get('/api/admin/webhook-events?page=2&pageSize=3');
    expect(page.body).toMatchObject({ total: 4, items: [{ status: 'success' }] });
    const oldest = await admin.get('/api/admin/webhook-events?sort=createdAt:asc&pageSize=1');
    expect(oldest.body.items.map((e: { status: string }) => e.status)).toEqual(['success']);
    const errors = await admin.get('/api/admin/webhook-events?status=error');
    expect(errors.body.total).toBe(2);
    const search = await admin.get('/api/admin/webhook-events?q=logs-missing');
    expect(search.body.items.map((e: { externalOrderId: string }) => e.externalOrderId)).toEqual([
      'LOGS-MISSING',
    ]);
    expect((await admin.get('/api/admin/webhook-events?status=nope')).status).toBe(400);
    expect((await admin.get('/api/admin/webhook-events?pageSize=1000')).status).toBe(400);
  });
});

describe('POST /api/admin/webhook-events/:id/replay', () => {
  it('runs the logged payload through the same path again and logs it as a replay', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    await send(
      'order-status',
      { orderId: order.orderId, status: 'PRODUCTION' },
      { 'Idempotency-Key': 'r-1' },
    );
    const [logged] = (await admin.get(`/api/admin/webhook-events?q=${order.orderId}`)).body.items;
    await admin.request('PATCH', `/api/admin/orders/${order.id}/status`, {
      json: { status: 'ORDER_PLACED' },
    });
    expect((await unitsOf(t, order.id))[0]?.status).toBe('ORDER_PLACED');

    const replay = await admin.post(`/api/admin/webhook-events/${logged.id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({
      statusCode: 200,
      response: { status: 'PRODUCTION' },
      event: { replayOf: logged.id, status: 'success', apiKeyName: 'Website', deliveryKey: null },
    });
    expect((await unitsOf(t, order.id))[0]?.status).toBe('PRODUCTION');
    const events = await statusEvents(t, order.id);
    expect(events.at(-1)?.initiatedBy).toBe('webhook:Website');
  });

  it('replays a refused delivery to the same refusal, and answers 404 for an unknown event', async () => {
    await send('delivery-date', { orderId: 'REPLAY-MISSING', deliveryDate: '2030-01-01' });
    const [logged] = (await admin.get('/api/admin/webhook-events?q=REPLAY-MISSING')).body.items;
    const replay = await admin.post(`/api/admin/webhook-events/${logged.id}/replay`);
    expect(replay.body).toMatchObject({ statusCode: 404, event: { status: 'error', replayOf: logged.id } });
    expect((await admin.post('/api/admin/webhook-events/999999/replay')).status).toBe(404);
  });
});
