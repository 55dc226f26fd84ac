import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { mailOutbox } from '../db/schema.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { signedInAdmin, signedInCustomer } from '../test/auth-flow.js';
import { HEADER, postImport, toCsv } from '../test/fixtures/import-files.js';
import { cookieHeader, openSocket } from '../test/live-socket.js';
import { registerMetrics } from './index.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestApp;

beforeAll(async () => {
  // A long poll: a queued mail stays queued until the test lets the sender run.
  t = await startTestApp({
    config: { metricsToken: TOKEN, outbox: { ...testConfig().outbox, pollMs: 600_000 } },
  });
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const response = await t
    .client()
    .request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return String(response.body);
}

/** The value of one sample, matched by name and labels whatever their order; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('GET /metrics', () => {
  it('answers only the metrics token', async () => {
    const client = t.client();
    expect((await client.get('/metrics')).status).toBe(401);
    const wrong = await client.request('GET', '/metrics', {
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'METRICS_TOKEN_REQUIRED', message: expect.any(String) });
  });

  it('is not there when no token is configured', async () => {
    const bare = Fastify();
    registerMetrics(bare, {
      token: undefined,
      db: t.database.db,
      clock: { now: () => new Date() },
      live: { size: 0 },
      imports: { onFinished: () => {} },
      storage: t.database.storage,
    });
    const answer = await bare.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(404);
    await bare.close();
  });

  it('counts requests by route pattern and status', async () => {
    const counted = (text: string, route: string, status: string) =>
      sample(text, 'orderflow_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: status,
      });
    const before = await scrape();
    const client = t.client();
    for (let i = 0; i < 3; i++) expect((await client.get('/healthz')).status).toBe(200);
    expect((await client.get('/api/orders/12345')).status).toBe(401);
    const after = await scrape();
    expect(counted(after, '/healthz', '200') - counted(before, '/healthz', '200')).toBe(3);
    // The pattern, never the raw URL.
    expect(counted(after, '/api/orders/:id', '401') - counted(before, '/api/orders/:id', '401')).toBe(1);
    expect(after).not.toContain('/api/orders/12345');
    expect(
      sample(after, 'orderflow_http_request_duration_seconds_bucket', { route: '/healthz', le: '+Inf' }),
    ).toBe(counted(after, '/healthz', '200'));
  });

  it('follows the open WebSockets', async () => {
    const { client } = await signedInCustomer(t, 'metrics-socket@example.com');
    const open = async () => sample(await scrape(), 'orderflow_websockets_open');
    expect(await open()).toBe(0);
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(client.cookies) });
    await until(open, (n) => n === 1, 'open sockets after the upgrade');
    socket.close();
    await socket.closed;
    await until(open, (n) => n === 0, 'open sockets after the close');
  });

  it('shows the mail queue: depth and the age of its oldest mail', async () => {
    const queue = (text: string) => ({
      pending: sample(text, 'orderflow_outbox_pending', { queue: 'mail' }),
      age: sample(text, 'orderflow_outbox_oldest_pending_age_seconds', { queue: 'mail' }),
    });
    const empty = await scrape();
    expect(queue(empty)).toEqual({ pending: 0, age: 0 });
    expect(empty).toMatch(/orderflow_outbox_pending\{queue="webhooks"\} 0/);

    // Queued two minutes ago and waiting for its retry in ten.
    const now = Date.now();
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({
        kind: 'stage-change',
        to: 'queued@example.com',
        subject: 'Your order moved',
        text: 'Hello',
        dedupeKey: 'metrics-test',
        attempts: 1,
        createdAt: new Date(now - 120_000),
        nextAttemptAt: new Date(now + 600_000),
      })
      .returning({ id: mailOutbox.id });
    const waiting = queue(await scrape());
    expect(waiting.pending).toBe(1);
    expect(waiting.age).toBeGreaterThanOrEqual(120);

    // Due now: the sender takes it and the queue empties.
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailOutbox.id, row!.id));
    await t.app.outbox.drain();
    expect(queue(await scrape())).toEqual({ pending: 0, age: 0 });
  });

  it('counts imported rows by what became of them', async () => {
    const rows = (text: string, result: string) => sample(text, 'orderflow_import_rows_total', { result });
    const { client: admin } = await signedInAdmin(t);
    const csv = toCsv([
      HEADER,
      ['MET-1', 'Studio 240', 1, '2025-03-14', '', '', '78701'],
      ['MET-2', 'Studio 240', 2, '2025-03-14', '', '', '78701'],
      ['MET-3', 'Studio 240', 'two', '2025-03-14', '', '', '78701'],
    ]);
    const dry = await postImport(
      admin,
      { name: 'orders.csv', content: csv },
      { dryRun: true, validRowsOnly: true },
    );
    expect(dry.status).toBe(200);
    const real = await postImport(admin, { name: 'orders.csv', content: csv }, { validRowsOnly: true });
    expect(real.status).toBe(200);
    const text = await scrape();
    expect(rows(text, 'created')).toBe(2);
    expect(rows(text, 'rejected')).toBe(2);
    expect(rows(text, 'not_written')).toBe(2);
  });
});
