import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInAdmin, signedInCustomer } from '../test/auth-flow.js';
import { seedOrder, sendWebhook, unitsOf } from '../test/webhooks.js';
import { MAX_JSON_DEPTH } from './input-guards.js';

const logLines: string[] = [];
let t: TestApp;
let admin: TestClient;
let ann: TestClient;
let apiKey: string;

beforeAll(async () => {
  t = await startTestApp({
    config: { logLevel: 'info', timeouts: { requestMs: 1_000, headersMs: 1_000 } },
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = (await signedInAdmin(t)).client;
  ann = (await signedInCustomer(t, 'ann@example.com')).client;
  apiKey = (await admin.post('/api/admin/api-keys', { name: 'Partner' })).body.key;
});
afterAll(async () => {
  await t?.close();
});

describe('guards judge the path the router matches', () => {
  it('refuses a cross-origin sign-out spelled /%61pi/… and keeps the session', async () => {
    const res = await ann.request('POST', '/%61pi/auth/logout', {
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'CROSS_ORIGIN_REFUSED', message: 'Cross-origin request refused' });
    expect((await ann.get('/api/auth/user')).status).toBe(200);
  });

  it('loads the session for an encoded path, so admin routes still refuse customers', async () => {
    expect((await ann.get('/%61pi/admin/orders')).status).toBe(403);
    expect((await t.client().get('/%61pi/admin/orders')).status).toBe(401);
  });
});

describe('bad bytes are bad input', () => {
  it.each([
    ['a query', 'GET', '/api/admin/orders?q=a%00b', undefined],
    ['a path segment', 'GET', '/api/admin/orders/1%00', undefined],
    ['a customer query', 'GET', '/api/admin/customers?q=%00', undefined],
    ['a JSON text field', 'POST', '/api/auth/verify-email', { email: 'a\u0000@example.com' }],
    ['a note', 'POST', '/api/admin/orders/1/notes', { text: 'hello\u0000' }],
    ['a settings value', 'POST', '/api/settings/general/batch', { companyName: 'Acme\u0000' }],
  ])('answers 400 to a NUL character in %s', async (_what, method, path, json) => {
    const res = await admin.request(method, path, json === undefined ? {} : { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'INVALID_INPUT',
      message: 'The request contains a NUL character, which no field accepts',
    });
  });

  it('answers 400 to a NUL in a webhook body, and keeps an escaped backslash-u as text', async () => {
    const nul = await t.client().request('POST', '/api/webhooks/order-status', {
      body: '{"orderId":"VH1\\u0000","status":"PRODUCTION"}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    });
    expect(nul.status).toBe(400);
    // `\\u0000` is a backslash followed by "u0000": ordinary text, judged by the route as usual.
    const text = await t.client().request('POST', '/api/webhooks/order-status', {
      body: '{"orderId":"VH\\\\u0000","status":"PRODUCTION"}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    });
    expect(text.status).toBe(404);
  });

  it('answers 400 to JSON nested 10 000 levels deep before parsing it, and the server stays well', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await t.client().request('POST', '/api/webhooks/order-status', {
      body: `{"orderId":"VH1","status":"PRODUCTION","stageData":${deep}}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'INVALID_INPUT',
      message: `The JSON body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`,
    });
    expect((await t.client().get('/healthz')).status).toBe(200);
  });

  it.each(['__proto__', 'constructor', 'toString'])(
    'answers 404 for the settings category %s',
    async (name) => {
      for (const res of [
        await admin.get(`/api/settings/${name}`),
        await admin.post(`/api/settings/${name}/batch`, { x: 1 }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          code: 'UNKNOWN_SETTINGS_CATEGORY',
          message: `Unknown settings category: ${name}`,
        });
      }
    },
  );
});

describe('only web links', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example/x',
  ])(
    'refuses %s as a document address in the order-status and document webhooks, storing nothing',
    async (link) => {
      const order = await seedOrder(t, ['DOCUMENTS_PENDING']);
      const before = await unitsOf(t, order.id);
      const status = await sendWebhook(
        t.client(),
        'order-status',
        { orderId: order.orderId, status: 'DOCUMENTS_SIGNING', stageData: { documentUrl: link } },
        { key: apiKey },
      );
      expect(status.status).toBe(400);
      expect(status.body.fields).toHaveProperty(['stageData.documentUrl']);
      const signing = await sendWebhook(
        t.client(),
        'document-signing',
        { orderId: order.orderId, documentStatus: 'ready', documentUrl: link },
        { key: apiKey },
      );
      expect(signing.status).toBe(400);
      expect(await unitsOf(t, order.id)).toEqual(before);
    },
  );

  it('takes an https document address in the order-status webhook', async () => {
    const order = await seedOrder(t, ['DOCUMENTS_PENDING']);
    const res = await sendWebhook(
      t.client(),
      'order-status',
      {
        orderId: order.orderId,
        status: 'DOCUMENTS_SIGNING',
        stageData: { documentUrl: 'https://sign.example/d/1' },
      },
      { key: apiKey },
    );
    expect(res.status).toBe(200);
    expect((await unitsOf(t, order.id))[0]?.currentStageData).toMatchObject({
      documentUrl: 'https://sign.example/d/1',
    });
  });

  it.each([
    ['faqUrl', 'javascript:alert(1)'],
    ['storeUrl', '//evil.example/shop'],
    ['membersAreaUrl', 'data:text/html,hi'],
    // Browsers read a backslash as a slash and drop tabs and line feeds: each of these opens evil.test.
    ['faqUrl', '/\\evil.test'],
    ['storeUrl', '/\t/evil.test'],
    ['membersAreaUrl', '/\n/evil.test'],
    ['faqUrl', ' //evil.test'],
    ['storeUrl', '/help\u007f'],
    ['membersAreaUrl', '/a b'],
    ['faqUrl', 'https://orderflow.example\\@evil.test/'],
  ])('refuses %s = %j in the general settings', async (field, value) => {
    const res = await admin.post('/api/settings/general/batch', { [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty([field]);
    expect((await admin.get('/api/settings/general')).body).not.toContainEqual(
      expect.objectContaining({ value }),
    );
  });

  it('keeps an absolute http(s) address and a path of this site in the general settings', async () => {
    const links = { faqUrl: 'https://help.example/faq?q=a%20b', storeUrl: '/products', membersAreaUrl: '/' };
    expect((await admin.post('/api/settings/general/batch', links)).status).toBe(200);
    const saved = (await admin.get('/api/settings/general')).body;
    for (const [key, value] of Object.entries(links)) expect(saved).toContainEqual({ key, value });
  });

  it('refuses a non-web automation webhook address', async () => {
    const res = await admin.post('/api/settings/integrations/batch', {
      zapierWebhookUrl: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['zapierWebhookUrl']);
  });
});

describe('logs, caches and timeouts', () => {
  it('logs a request with its key or token redacted from the query string', async () => {
    const res = await t.client().request('POST', '/api/webhooks/order-status?api_key=sk-very-secret-1', {
      json: { orderId: 'VH1', status: 'PRODUCTION' },
    });
    expect(res.status).toBe(401);
    await t.client().get('/api/stripe/sessions/x?session_id=cs_secret_2&token=tok-secret-3&page=2');
    const log = logLines.join('');
    expect(log).toContain('/api/webhooks/order-status?api_key=%5BREDACTED%5D');
    expect(log).toContain('page=2');
    for (const secret of ['sk-very-secret-1', 'cs_secret_2', 'tok-secret-3'])
      expect(log).not.toContain(secret);
  });

  it('logs a tracking link with its token redacted, however the path is spelled', async () => {
    const visitor = t.client();
    await visitor.request('GET', '/track/trk-secret-page-1', { headers: { accept: 'text/html' } });
    await visitor.get('/api/track/trk-secret-api-2');
    await visitor.get('/%61pi/%74rack/trk-secret-encoded-3?lang=en');
    await visitor.get('/api/track/trk-secret-with-slash-4/');
    const log = logLines.join('');
    for (const secret of [
      'trk-secret-page-1',
      'trk-secret-api-2',
      'trk-secret-encoded-3',
      'trk-secret-with-slash-4',
    ])
      expect(log).not.toContain(secret);
    expect(log).toContain('"url":"/track/[redacted]"');
    expect(log).toContain('"url":"/api/track/[redacted]"');
  });

  it('marks API answers with personal data as not to be stored', async () => {
    for (const res of [
      await ann.get('/api/auth/user'),
      await ann.get('/api/orders'),
      await admin.get('/api/admin/orders'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('cuts a request whose body trickles in slower than the request timeout', async () => {
    const port = new URL(t.baseUrl).port;
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/auth/verify-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // One byte every 200 ms would take 200 s to finish; the server must end it after about 1 s.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const started = Date.now();
    await closed;
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
