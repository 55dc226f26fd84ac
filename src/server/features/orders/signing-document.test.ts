import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages } from './index.js';
import { refusesFraming } from './signing-document.js';

let t: TestApp;
let partner: Server;
let partnerUrl: string;
let closedUrl: string;
let ann: TestClient;
let bob: TestClient;
let admin: TestClient;
const requests: { path: string; cookie?: string }[] = [];

/** A stand-in for the e-signature partner's site: each path answers one way. */
function startPartner() {
  return createServer((request, response) => {
    requests.push({ path: request.url ?? '', cookie: request.headers.cookie });
    const page = '<!doctype html><title>Purchase Agreement</title><h1>Sign here</h1>';
    switch (request.url) {
      case '/doc/ok':
        response.writeHead(200, { 'content-type': 'text/html' }).end(page);
        return;
      case '/doc/deny':
        response.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' }).end(page);
        return;
      case '/doc/csp-none':
        response
          .writeHead(200, {
            'content-type': 'text/html',
            'content-security-policy': "frame-ancestors 'none'",
          })
          .end(page);
        return;
      case '/doc/csp-portal':
        response
          .writeHead(200, {
            'content-type': 'text/html',
            // The portal is allowed: frame-ancestors wins over X-Frame-Options.
            'content-security-policy': `default-src 'self'; frame-ancestors ${new URL(t.config.publicUrl).origin}`,
            'x-frame-options': 'DENY',
          })
          .end(page);
        return;
      case '/doc/moved':
        response.writeHead(302, { location: '/doc/ok' }).end();
        return;
      default:
        response.writeHead(404).end('gone');
    }
  });
}

let sequence = 0;
async function unitWithDocument(email: string, documentUrl?: string) {
  const { items } = await createOrderAtStages(
    t.database.db,
    { orderId: `SD${++sequence}`, productName: 'Cabin 300', email },
    [
      {
        stage: 'DOCUMENTS_PENDING',
        stageData: documentUrl ? { documentStatus: 'ready', documentUrl } : { documentStatus: 'preparing' },
      },
    ],
  );
  return items[0]?.id as number;
}

beforeAll(async () => {
  // The partner stand-in listens on this machine, which outbound requests may reach only when allowed.
  t = await startTestApp({ config: { allowPrivateWebhookTargets: true } });
  partner = startPartner();
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  // A port that was open and is closed again: nothing answers there.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/doc/ok`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  ann = (await signedInCustomer(t, 'ann-sign@example.com')).client;
  bob = (await signedInCustomer(t, 'bob-sign@example.com')).client;
  admin = (await signedInAdmin(t, 'boss-sign@example.com')).client;
});

afterAll(async () => {
  await new Promise<void>((resolve) => partner?.close(() => resolve()));
  await t?.close();
});

const check = (client: TestClient, itemId: number) =>
  client.get(`/api/order-items/${itemId}/signing-document`);

describe('GET /api/order-items/:id/signing-document', () => {
  it('says the document loads when the partner serves it and lets the portal frame it', async () => {
    for (const path of ['/doc/ok', '/doc/csp-portal', '/doc/moved']) {
      const res = await check(ann, await unitWithDocument('ann-sign@example.com', `${partnerUrl}${path}`));
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual({ loads: true });
    }
  });

  it('says why a document cannot be shown: nothing answers, an error, or the partner forbids the frame', async () => {
    const cases: [string, string][] = [
      [closedUrl, 'unreachable'],
      [`${partnerUrl}/doc/missing`, 'not_found'],
      [`${partnerUrl}/doc/deny`, 'refuses_frame'],
      [`${partnerUrl}/doc/csp-none`, 'refuses_frame'],
    ];
    for (const [url, reason] of cases) {
      const res = await check(ann, await unitWithDocument('ann-sign@example.com', url));
      expect(res.status, url).toBe(200);
      expect(res.body, url).toEqual({ loads: false, reason });
    }
  });

  it('never sends the customer’s cookies to the partner, and passes nothing of its page on', async () => {
    const itemId = await unitWithDocument('ann-sign@example.com', `${partnerUrl}/doc/ok`);
    requests.length = 0;
    const res = await check(ann, itemId);
    expect(requests).toEqual([{ path: '/doc/ok', cookie: undefined }]);
    expect(JSON.stringify(res.body)).not.toContain('Sign here');
  });

  it('answers 409 while the document is not ready, 404 for another customer’s unit and 401 to a visitor', async () => {
    const preparing = await unitWithDocument('ann-sign@example.com');
    expect((await check(ann, preparing)).status).toBe(409);
    expect((await check(ann, preparing)).body.code).toBe('DOCUMENT_NOT_READY');
    const annsUnit = await unitWithDocument('ann-sign@example.com', `${partnerUrl}/doc/ok`);
    requests.length = 0;
    expect((await check(bob, annsUnit)).status).toBe(404);
    expect((await check(t.client(), annsUnit)).status).toBe(401);
    expect((await check(ann, 999_999)).status).toBe(404);
    expect(requests).toEqual([]);
    // Staff read customers' orders through the same routes (decision 19).
    expect((await check(admin, annsUnit)).body).toEqual({ loads: true });
  });
});

describe('without ALLOW_PRIVATE_WEBHOOK_TARGETS', () => {
  it('never asks this machine or a private network: such a document counts as unreachable', async () => {
    const guarded = await startTestApp();
    try {
      const { client } = await signedInCustomer(guarded, 'cara-sign@example.com');
      const { items } = await createOrderAtStages(
        guarded.database.db,
        { orderId: 'SD-P1', productName: 'Cabin 300', email: 'cara-sign@example.com' },
        [
          {
            stage: 'DOCUMENTS_PENDING',
            stageData: { documentStatus: 'ready', documentUrl: `${partnerUrl}/doc/ok` },
          },
        ],
      );
      requests.length = 0;
      const res = await client.get(`/api/order-items/${items[0]?.id}/signing-document`);
      expect(res.body).toEqual({ loads: false, reason: 'unreachable' });
      expect(requests).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('refusesFraming', () => {
  const portal = 'https://portal.example.com';
  const doc = 'https://sign.partner.example';
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it('reads frame-ancestors before X-Frame-Options, and matches the portal by scheme, host and port', () => {
    expect(refusesFraming(headers({}), doc, portal)).toBe(false);
    expect(refusesFraming(headers({ 'x-frame-options': 'SAMEORIGIN' }), doc, portal)).toBe(true);
    expect(refusesFraming(headers({ 'x-frame-options': 'SAMEORIGIN' }), portal, portal)).toBe(false);
    const csp = (value: string) => headers({ 'content-security-policy': `frame-ancestors ${value}` });
    expect(refusesFraming(csp('*'), doc, portal)).toBe(false);
    expect(refusesFraming(csp("'self'"), doc, portal)).toBe(true);
    expect(refusesFraming(csp('https://*.example.com'), doc, portal)).toBe(false);
    expect(refusesFraming(csp('portal.example.com'), doc, portal)).toBe(false);
    expect(refusesFraming(csp('http://portal.example.com'), doc, portal)).toBe(true);
    expect(refusesFraming(csp('https://portal.example.com:8443'), doc, portal)).toBe(true);
    expect(refusesFraming(csp('https:'), doc, portal)).toBe(false);
    expect(refusesFraming(csp('https://other.example'), doc, portal)).toBe(true);
  });
});
