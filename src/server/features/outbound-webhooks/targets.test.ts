import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundWebhookAttempts, outboundWebhooks, settings } from '../../db/schema.js';
import {
  assertPublicTarget,
  isPrivateAddress,
  PRIVATE_TARGET_MESSAGE,
  PrivateTargetError,
  postToTarget,
  type Resolver,
} from '../../lib/outbound-target.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;
let receiver: Server;
let receiverUrl: string;
let received = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received++;
    req.resume();
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await startTestApp({
    config: {
      outbox: { pollMs: 60_000, retryBaseMs: 60_000, retryMaxMs: 60_000, maxAttempts: 3, timeoutMs: 2_000 },
    },
  });
  admin = (await signedInAdmin(t)).client;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('which addresses are private', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    // IPv6 forms that carry an IPv4 address a gateway or the host's stack may reach.
    '::7f00:1', // IPv4-compatible ::127.0.0.1
    '::127.0.0.1',
    '::a9fe:a9fe', // ::169.254.169.254
    '::ffff:0:a00:1', // SIIT ::ffff:0:10.0.0.1
    '64:ff9b::7f00:1', // NAT64 64:ff9b::127.0.0.1
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::808:808', // local-use NAT64, refused whatever it carries
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:c0a8:101::', // 6to4 of 192.168.1.1
    '2001:0:a9fe:a9fe::1', // Teredo through the server 169.254.169.254
    '2001:0:808:808:0:0:f5ff:fffe', // Teredo for the client 10.0.0.1 (stored inverted)
    'fe80::1%eth0',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '203.0.113.9',
    '8.8.8.8',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808:0:0:f7f7:f7f7',
    '2606:4700::1111',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('saving the automation URL', () => {
  it.each([
    'http://localhost:8080/hook',
    'http://127.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:5000/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://[2002:7f00:1::1]/',
    'http://10.0.0.8/internal',
  ])('refuses %s with 400 naming the field', async (url) => {
    const res = await admin.post('/api/settings/integrations/batch', { zapierWebhookUrl: url });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ zapierWebhookUrl: PRIVATE_TARGET_MESSAGE });
  });

  it('keeps a name that does not resolve now, to check it again at each send', async () => {
    const url = 'https://hooks.not-yet-live.example/catch/1';
    expect((await admin.post('/api/settings/integrations/batch', { zapierWebhookUrl: url })).status).toBe(
      200,
    );
  });
});

describe('sending', () => {
  it('refuses a private receiver at send time too, without connecting, and says why', async () => {
    // As if saved while it pointed elsewhere: written directly, past the save-time check.
    await t.database.db
      .insert(settings)
      .values({ key: 'zapierWebhookUrl', value: receiverUrl, category: 'integrations' })
      .onConflictDoUpdate({ target: settings.key, set: { value: receiverUrl } });
    const { order } = await createOrderAtStages(
      t.database.db,
      { orderId: 'SSRF-1', productName: 'Studio 240', email: 'owner@example.com' },
      [{ stage: 'ORDER_PLACED' }],
    );
    const res = await admin.request('PATCH', `/api/admin/orders/${order.id}/status`, {
      json: { status: 'LOCATION_ENABLED' },
    });
    expect(res.status).toBe(200);
    const attempt = await waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(outboundWebhookAttempts)
        .orderBy(asc(outboundWebhookAttempts.id));
      return row;
    });
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toContain(PRIVATE_TARGET_MESSAGE);
    expect(received).toBe(0);
    const [delivery] = await t.database.db
      .select()
      .from(outboundWebhooks)
      .where(eq(outboundWebhooks.id, attempt.webhookId));
    expect(delivery?.status).toBe('pending');
  });

  it('checks the address it connects to: a name public when saved and private when sent is refused', async () => {
    const answers = ['203.0.113.9', '127.0.0.1'];
    const rebinding: Resolver = (_host, callback) =>
      callback(null, [{ address: answers.shift() ?? '127.0.0.1', family: 4 }]);
    const port = (receiver.address() as AddressInfo).port;
    const url = `http://rebinding.test:${port}/hook`;
    await expect(assertPublicTarget(url, rebinding)).resolves.toBeUndefined();
    const before = received;
    await expect(
      postToTarget(url, {
        headers: {},
        body: '{}',
        timeoutMs: 2_000,
        allowPrivate: false,
        resolve: rebinding,
      }),
    ).rejects.toBeInstanceOf(PrivateTargetError);
    expect(received).toBe(before);
  });

  it('reaches a receiver on this machine when the operator allows private targets', async () => {
    const before = received;
    expect(
      await postToTarget(receiverUrl, { headers: {}, body: '{}', timeoutMs: 2_000, allowPrivate: true }),
    ).toBe(200);
    expect(received).toBe(before + 1);
  });
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
