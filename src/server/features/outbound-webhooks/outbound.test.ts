import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { outboundWebhookAttempts, outboundWebhooks } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import type { createTestDatabase } from '../../test/database.js';
import { createOrderAtStages } from '../orders/index.js';

/** Fast retries so the schedule can be watched; the poll is long, so only the schedule wakes the sender. */
const OUTBOX = { pollMs: 60_000, retryBaseMs: 200, retryMaxMs: 10_000, maxAttempts: 3, timeoutMs: 2_000 };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local automation endpoint answering the given statuses in turn (the last one from then on). */
async function startReceiver(statuses: number[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = statuses[Math.min(received.length, statuses.length) - 1] ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 300 ? 'receiver unavailable' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/orderflow`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ config: { outbox: OUTBOX, allowPrivateWebhookTargets: true } });
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

let nextOrder = 1;
async function newOrder(units = 1) {
  const { order } = await createOrderAtStages(
    t.database.db,
    { orderId: `AUTO-${nextOrder++}`, productName: 'Studio 240', email: 'owner@example.com' },
    Array.from({ length: units }, () => ({ stage: 'ORDER_PLACED' as const })),
  );
  return order;
}

async function setAutomationUrl(url: string) {
  const res = await admin.post('/api/settings/integrations/batch', { zapierWebhookUrl: url });
  expect(res.status).toBe(200);
}

async function moveTo(orderId: number, status: string) {
  const res = await admin.request('PATCH', `/api/admin/orders/${orderId}/status`, { json: { status } });
  expect(res.status).toBe(200);
}

async function deliveriesOf(db: TestApp['database']['db'], orderNumber: string) {
  const rows = await db.select().from(outboundWebhooks).orderBy(asc(outboundWebhooks.id));
  return rows.filter((row) => (row.payload.data as { orderNumber?: string }).orderNumber === orderNumber);
}

async function attemptsOf(db: TestApp['database']['db'], webhookId: number) {
  return db
    .select()
    .from(outboundWebhookAttempts)
    .where(eq(outboundWebhookAttempts.webhookId, webhookId))
    .orderBy(asc(outboundWebhookAttempts.attemptNumber));
}

/** Waits for a condition the workers bring about, checking every 25 ms up to a deadline. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const verify = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });

describe('outbound automation webhooks', () => {
  it('refuses visitors (401) and customers (403) on every outbound-webhook route', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/outbound-webhooks' },
      { method: 'POST', path: '/api/admin/outbound-webhooks/1/retry' },
      { method: 'GET', path: '/api/admin/outbound-webhooks/signing-secret' },
      { method: 'POST', path: '/api/admin/outbound-webhooks/signing-secret/rotate' },
    ]);
  });

  it('queues nothing while no automation URL is set', async () => {
    await setAutomationUrl('');
    const order = await newOrder();
    await moveTo(order.id, 'LOCATION_ENABLED');
    expect(await deliveriesOf(t.database.db, order.orderId)).toEqual([]);
  });

  it('delivers a stage change signed the Standard Webhooks way, verifiable with the shown secret', async () => {
    const receiver = await startReceiver([200]);
    try {
      await setAutomationUrl(receiver.url);
      const order = await newOrder(2);
      await moveTo(order.id, 'SITE_PREP');
      await t.app.outbox.drain();

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      if (!request) throw new Error('nothing received');
      const secretRes = await admin.get('/api/admin/outbound-webhooks/signing-secret');
      expect(secretRes.status).toBe(200);
      const secret = secretRes.body.secret as string;
      expect(secret).toMatch(/^whsec_/);

      const payload = verify(secret, request) as Record<string, any>;
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(request.headers['content-type']).toBe('application/json');
      expect(payload).toMatchObject({
        type: 'order.status_changed',
        data: {
          orderId: order.id,
          orderNumber: order.orderId,
          productName: 'Studio 240',
          status: 'SITE_PREP',
          statusLabel: 'Site Preparation',
          previousStatus: 'ORDER_PLACED',
          orderStatus: 'SITE_PREP',
          customerEmail: 'owner@example.com',
          items: [
            { itemNumber: 1, from: 'ORDER_PLACED', to: 'SITE_PREP' },
            { itemNumber: 2, from: 'ORDER_PLACED', to: 'SITE_PREP' },
          ],
        },
      });
      expect(payload.data.initiatedBy).toMatch(/^admin:\d+$/);

      // Another secret, or a body changed on the way, does not verify.
      expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, request)).toThrow();
      expect(() =>
        verify(secret, { ...request, body: request.body.replace('SITE_PREP', 'DELIVERED') }),
      ).toThrow();

      // Settings answer the secret masked, like every saved secret.
      const settingsRes = await admin.get('/api/settings/integrations');
      const entry = settingsRes.body.find((e: { key: string }) => e.key === 'automationSigningSecret');
      expect(entry.value).toBe(`••••••••${secret.slice(-4)}`);
      // The browser cannot set it.
      await admin.post('/api/settings/integrations/batch', {
        automationSigningSecret: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
      });
      expect((await admin.get('/api/admin/outbound-webhooks/signing-secret')).body.secret).toBe(secret);

      const [delivery] = await deliveriesOf(t.database.db, order.orderId);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with growing gaps until it answers: three tries, one event', async () => {
    const receiver = await startReceiver([500, 503, 204]);
    try {
      await setAutomationUrl(receiver.url);
      const order = await newOrder();
      await moveTo(order.id, 'PRODUCTION');
      t.app.outbox.webhooks.kick();

      const delivery = await until('the delivery', async () => {
        const [row] = await deliveriesOf(t.database.db, order.orderId);
        return row?.status === 'delivered' ? row : undefined;
      });
      expect(receiver.received).toHaveLength(3);
      const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      expect(ids.size).toBe(1);

      const attempts = await attemptsOf(t.database.db, delivery.id);
      expect(attempts.map((a) => [a.attemptNumber, a.statusCode])).toEqual([
        [1, 500],
        [2, 503],
        [3, 204],
      ]);
      expect(attempts[0]?.error).toBe('HTTP 500 Internal Server Error');
      expect(attempts[2]?.error).toBeNull();
      const [first, second, third] = receiver.received.map((r) => r.at) as [number, number, number];
      const gap1 = second - first;
      const gap2 = third - second;
      // Lower bounds only: a busy machine may wake the sender late, never early, so the first gap can
      // outgrow the second's minimum without the schedule being wrong.
      expect(gap1).toBeGreaterThanOrEqual(OUTBOX.retryBaseMs);
      expect(gap2).toBeGreaterThanOrEqual(2 * OUTBOX.retryBaseMs);
      // The recorded attempt times show the same growing gaps.
      const [t1, t2, t3] = attempts.map((a) => a.attemptedAt.getTime()) as [number, number, number];
      expect(t2 - t1).toBeGreaterThanOrEqual(OUTBOX.retryBaseMs);
      expect(t3 - t2).toBeGreaterThanOrEqual(2 * OUTBOX.retryBaseMs);
    } finally {
      await receiver.close();
    }
  });

  it('lists deliveries with their attempts, marks one failed after the last try, and retries it on request', async () => {
    const receiver = await startReceiver([500, 500, 500, 200]);
    try {
      await setAutomationUrl(receiver.url);
      const order = await newOrder();
      await moveTo(order.id, 'DELIVERED');
      t.app.outbox.webhooks.kick();
      const [failed] = await until('the delivery to fail', async () => {
        const rows = await deliveriesOf(t.database.db, order.orderId);
        return rows[0]?.status === 'failed' ? rows : undefined;
      });
      if (!failed) throw new Error('no delivery');

      const list = await admin.get('/api/admin/outbound-webhooks?status=failed&pageSize=5');
      expect(list.status).toBe(200);
      expect(list.body.total).toBeGreaterThanOrEqual(1);
      const shown = list.body.items.find((item: { id: number }) => item.id === failed.id);
      expect(shown).toMatchObject({
        status: 'failed',
        url: receiver.url,
        eventType: 'order.status_changed',
        lastError: 'HTTP 500 Internal Server Error',
        deliveredAt: null,
      });
      expect(shown.attempts).toHaveLength(3);
      expect(shown.attempts[0]).toMatchObject({ attemptNumber: 1, statusCode: 500 });
      expect(typeof shown.attempts[0].durationMs).toBe('number');
      expect(Date.parse(shown.attempts[0].attemptedAt)).not.toBeNaN();
      expect(list.body.items.every((item: { status: string }) => item.status === 'failed')).toBe(true);

      const retried = await admin.post(`/api/admin/outbound-webhooks/${failed.id}/retry`);
      expect(retried.status).toBe(200);
      await until('the retried delivery', async () => {
        const [row] = await deliveriesOf(t.database.db, order.orderId);
        return row?.status === 'delivered';
      });
      expect(receiver.received).toHaveLength(4);
      expect((await attemptsOf(t.database.db, failed.id)).map((a) => a.statusCode)).toEqual([
        500, 500, 500, 200,
      ]);

      expect((await admin.post(`/api/admin/outbound-webhooks/${failed.id}/retry`)).status).toBe(409);
      expect((await admin.post('/api/admin/outbound-webhooks/999999/retry')).status).toBe(404);
      expect((await admin.get('/api/admin/outbound-webhooks?status=lost')).status).toBe(400);
    } finally {
      await receiver.close();
    }
  });

  it('two instances sending from one database send each event once', async () => {
    const receiver = await startReceiver([200]);
    const other = await buildApp({ config: t.config, database: t.database, clientDir: null });
    try {
      await setAutomationUrl(receiver.url);
      const order = await newOrder(5);
      for (const itemNumber of [1, 2, 3, 4, 5]) {
        const res = await admin.request('PATCH', `/api/admin/orders/${order.id}/status`, {
          json: { status: 'SITE_PREP', itemNumber },
        });
        expect(res.status).toBe(200);
      }
      await Promise.all([
        t.app.outbox.webhooks.drain(),
        other.outbox.webhooks.drain(),
        t.app.outbox.webhooks.drain(),
      ]);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      const rows = await deliveriesOf(t.database.db, order.orderId);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(5).fill(['delivered', 1]));
    } finally {
      await other.close();
      await receiver.close();
    }
  });

  it('a restart between two tries loses nothing: the next instance on the same database delivers', async () => {
    const receiver = await startReceiver([500, 200]);
    // The first instance is this file's app; the second is built on the same database after it closed.
    const first = await startTestApp({
      config: { outbox: { ...OUTBOX, retryBaseMs: 400 }, allowPrivateWebhookTargets: true },
    });
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const firstAdmin = (await signedInAdmin(first)).client;
      expect(
        (await firstAdmin.post('/api/settings/integrations/batch', { zapierWebhookUrl: receiver.url }))
          .status,
      ).toBe(200);
      const { order } = await createOrderAtStages(
        first.database.db,
        { orderId: 'RESTART-1', productName: 'Studio 240' },
        [{ stage: 'ORDER_PLACED' }],
      );
      const moved = await firstAdmin.request('PATCH', `/api/admin/orders/${order.id}/status`, {
        json: { status: 'SITE_PREP' },
      });
      expect(moved.status).toBe(200);
      await first.app.outbox.webhooks.runOnce();
      const [afterFirst] = await deliveriesOf(first.database.db, 'RESTART-1');
      expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
      await first.app.close();

      second = await buildApp({ config: first.config, database: first.database, clientDir: null });
      await second.ready();
      const delivered = await until('delivery by the second instance', async () => {
        const [row] = await deliveriesOf(first.database.db, 'RESTART-1');
        return row?.status === 'delivered' ? row : undefined;
      });
      expect(delivered.attempts).toBe(2);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
        afterFirst?.messageId,
        afterFirst?.messageId,
      ]);
    } finally {
      await second?.close();
      await first.mail.close();
      // startTestApp's database is a test database (dropped by close(), which would close the app again).
      await (first.database as Awaited<ReturnType<typeof createTestDatabase>>).drop();
      await receiver.close();
    }
  });
});
