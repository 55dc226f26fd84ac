import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedDeliveries, settings, webhookEvents } from '../../db/schema.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { logRows, seedOrder, sendWebhook, statusEvents, unitsOf } from '../../test/webhooks.js';
import { PAYLOAD_DEDUPE_WINDOW_MS } from './service.js';

let t: TestApp;
let key: string;
let external: TestClient;
let lateOrders = 0;
const clock = manualClock(new Date('2030-03-01T10:00:00Z'));

beforeAll(async () => {
  t = await startTestApp({ clock });
  const admin = (await signedInAdmin(t)).client;
  key = (await admin.post('/api/admin/api-keys', { name: 'Automation' })).body.key;
  external = t.client();
});

afterAll(async () => {
  await t?.close();
});

/**
 * These tests send a unit back and forth to tell deliveries apart, which partners may do only once
 * Settings allows backward moves (decision 267).
 */
async function withBackwardMoves(run: () => Promise<void>) {
  await t.database.db
    .insert(settings)
    .values({ key: 'allowBackwardMoves', value: true, category: 'integrations' })
    .onConflictDoUpdate({ target: settings.key, set: { value: true } });
  try {
    await run();
  } finally {
    await t.database.db.delete(settings).where(eq(settings.key, 'allowBackwardMoves'));
  }
}

const send = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  sendWebhook(external, path, json, { key, headers });

async function logFor(orderId: number) {
  return (await logRows(t)).filter((row) => row.orderId === orderId);
}

describe.each([
  { name: 'an Idempotency-Key header', headers: (n: number) => ({ 'Idempotency-Key': `delivery-${n}` }) },
  { name: 'a webhook-id header', headers: (n: number) => ({ 'webhook-id': `msg_${n}` }) },
  { name: 'no header (the payload itself)', headers: () => ({}) },
])('exactly once with $name', ({ headers }) => {
  let n = 0;

  it('the same delivery twice in a row: one effect, one status event, the first answer twice', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    const h = headers(++n);
    const body = { orderId: order.orderId, status: 'PRODUCTION' };
    const first = await send('order-status', body, h);
    const second = await send('order-status', body, h);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await statusEvents(t, order.id)).toHaveLength(1);
    const log = await logFor(order.id);
    expect(log.map((row) => row.status)).toEqual(['success', 'warning']);
    expect(log[1]?.error).toMatch(/^Duplicate delivery/);
    expect(log[1]?.deliveryKey).toBe(log[0]?.deliveryKey);
  });

  it('a repeated delivery answers the very bytes and content type of the first answer', async () => {
    const h = headers(++n);
    // An order creation answers a nested object with many keys: the case a jsonb round trip reorders.
    const body = { orderId: `BYTES-${n}-${Object.keys(h).join()}`, productName: 'Studio 240', quantity: 2 };
    const post = () =>
      fetch(`${t.baseUrl}/api/webhooks/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...h },
        body: JSON.stringify(body),
      });
    const first = await post();
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await post();
    const secondBytes = Buffer.from(await second.arrayBuffer());
    expect(first.status).toBe(201);
    expect(second.status).toBe(first.status);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(secondBytes.toString('utf8')).toBe(firstBytes.toString('utf8'));
    expect(secondBytes.equals(firstBytes)).toBe(true);
    const [row] = await t.database.db.select().from(webhookEvents).orderBy(desc(webhookEvents.id)).limit(1);
    expect(row?.status).toBe('warning');
  });

  it('the same delivery five times in parallel: one effect, one status event, five equal answers', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED', 'ORDER_PLACED']);
    const h = headers(++n);
    const body = { orderId: order.orderId, status: 'DELIVERED', itemNumber: 2 };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send('order-status', body, h)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(await statusEvents(t, order.id)).toHaveLength(1);
    expect((await unitsOf(t, order.id)).map((u) => u.status)).toEqual(['ORDER_PLACED', 'DELIVERED']);
    const log = await logFor(order.id);
    expect(log.filter((row) => row.status === 'success')).toHaveLength(1);
    expect(log.filter((row) => row.status === 'warning')).toHaveLength(4);
  });

  it('a refused delivery claims nothing: once the order exists, the same delivery applies', async () => {
    const h = headers(++n);
    const late = `LATE-${++lateOrders}`;
    const body = { orderId: late, productName: 'Studio 240' };
    const status = { orderId: late, status: 'PRODUCTION' };
    expect((await send('order-status', status, h)).status).toBe(404);
    expect((await send('orders', body)).status).toBe(201);
    expect((await send('order-status', status, h)).status).toBe(200);
  });
});

describe('delivery identity', () => {
  it('different Idempotency-Keys with the same payload are two deliveries', () =>
    withBackwardMoves(async () => {
      const order = await seedOrder(t, ['ORDER_PLACED']);
      await send(
        'order-status',
        { orderId: order.orderId, status: 'PRODUCTION' },
        { 'Idempotency-Key': 'a-1' },
      );
      await send(
        'order-status',
        { orderId: order.orderId, status: 'DELIVERED' },
        { 'Idempotency-Key': 'a-2' },
      );
      await send(
        'order-status',
        { orderId: order.orderId, status: 'PRODUCTION' },
        { 'Idempotency-Key': 'a-3' },
      );
      expect(await statusEvents(t, order.id)).toHaveLength(3);
    }));

  it('an Idempotency-Key reused with another payload answers 409 and changes nothing', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    await send(
      'order-status',
      { orderId: order.orderId, status: 'PRODUCTION' },
      { 'Idempotency-Key': 'b-1' },
    );
    const reused = await send(
      'order-status',
      { orderId: order.orderId, status: 'DELIVERED' },
      { 'Idempotency-Key': 'b-1' },
    );
    expect(reused.status).toBe(409);
    expect((await unitsOf(t, order.id))[0]?.status).toBe('PRODUCTION');
    expect((await logFor(order.id)).at(-1)).toMatchObject({ status: 'error', statusCode: 409 });
  });

  it('the same payload without a header counts as new after the window', () =>
    withBackwardMoves(async () => {
      const order = await seedOrder(t, ['ORDER_PLACED']);
      const body = { orderId: order.orderId, status: 'PRODUCTION' };
      await send('order-status', body);
      await send(
        'order-status',
        { orderId: order.orderId, status: 'SITE_PREP' },
        { 'Idempotency-Key': 'c-1' },
      );
      await send('order-status', body);
      expect((await unitsOf(t, order.id))[0]?.status).toBe('SITE_PREP');
      clock.advanceMinutes(PAYLOAD_DEDUPE_WINDOW_MS / 60_000 + 1);
      expect((await send('order-status', body)).status).toBe(200);
      expect((await unitsOf(t, order.id))[0]?.status).toBe('PRODUCTION');
      expect(await statusEvents(t, order.id)).toHaveLength(3);
    }));

  it('key order in the JSON does not make a payload new', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    await send('order-status', { orderId: order.orderId, status: 'PRODUCTION' });
    const again = await send('order-status', { status: 'PRODUCTION', orderId: order.orderId });
    expect(again.status).toBe(200);
    expect((await logFor(order.id)).map((row) => row.status)).toEqual(['success', 'warning']);
  });

  it('the claim, the effect and the log row commit together', async () => {
    const order = await seedOrder(t, ['ORDER_PLACED']);
    await send(
      'order-status',
      { orderId: order.orderId, status: 'PRODUCTION' },
      { 'Idempotency-Key': 'd-1' },
    );
    const [claim] = await t.database.db
      .select()
      .from(processedDeliveries)
      .where(eq(processedDeliveries.key, 'webhook:order-status:key:d-1'));
    expect(claim).toMatchObject({ source: 'webhook', statusCode: 200 });
    const [logged] = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.deliveryKey, 'webhook:order-status:key:d-1'));
    expect(logged).toMatchObject({ status: 'success', orderId: order.id });
  });
});
