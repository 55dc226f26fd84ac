import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { startTestApp, type TestApp, TestClient } from '../test/app.js';

const PER_MINUTE = 4;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A second instance of the product on the same database, as behind a load balancer. */
async function secondInstance(
  t: TestApp,
  config: Config = t.config,
): Promise<{ app: FastifyInstance; client: () => TestClient }> {
  const app = await buildApp({ config, database: t.database, clientDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, client: () => new TestClient(url) };
}

const lookUp = (client: TestClient, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/auth/verify-email', { json: { email: 'someone@example.com' }, headers });

async function statuses(clients: TestClient[], count: number) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await lookUp(clients[i % clients.length] as TestClient)).status);
  return seen;
}

describe('per-minute limits shared by every instance on one database', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    t = await startTestApp({
      config: { authLimits: { requestsPerMinute: PER_MINUTE, codesPerEmail: 5, codesPerIp: 20 } },
    });
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it(`answers 429 to the request past ${PER_MINUTE} a minute, wherever each one landed`, async () => {
    const seen = await statuses([t.client(), other.client()], PER_MINUTE + 1);
    expect(seen).toEqual([...Array(PER_MINUTE).fill(200), 429]);
  });
});

describe('per-minute limits in Redis when REDIS_URL is set', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  let reachable = true;
  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    reachable = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (!reachable) return;
    const config = {
      redisUrl: REDIS_URL,
      redisKeyPrefix: `orderflow-test:${randomBytes(6).toString('hex')}:`,
      authLimits: { requestsPerMinute: PER_MINUTE, codesPerEmail: 5, codesPerIp: 20 },
    };
    t = await startTestApp({ config });
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('shares the count between instances', async (context) => {
    if (!reachable) {
      console.warn(`Redis not reachable at ${REDIS_URL}: the Redis rate-limit test is skipped`);
      context.skip();
    }
    const seen = await statuses([t.client(), other.client()], PER_MINUTE + 1);
    expect(seen).toEqual([...Array(PER_MINUTE).fill(200), 429]);
  });
});

describe('TRUST_PROXY', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    const authLimits = { requestsPerMinute: 2, codesPerEmail: 5, codesPerIp: 20 };
    behindProxy = await startTestApp({ config: { trustProxy: 1, authLimits } });
    direct = await startTestApp({ config: { authLimits } });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
  });

  it('keys limits on the client named by the proxy when the proxy is trusted', async () => {
    const alice = { 'x-forwarded-for': '203.0.113.10' };
    const bob = { 'x-forwarded-for': '203.0.113.20' };
    const client = behindProxy.client();
    expect((await lookUp(client, alice)).status).toBe(200);
    expect((await lookUp(client, alice)).status).toBe(200);
    const refused = await lookUp(client, alice);
    expect(refused.status).toBe(429);
    // The rate limiter's answer has the one error shape, with its code.
    expect(refused.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
    });
    expect((await lookUp(client, bob)).status).toBe(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot choose its own address', async () => {
    const client = direct.client();
    for (const [i, expected] of [200, 200, 429].entries()) {
      expect((await lookUp(client, { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(expected);
    }
  });
});
