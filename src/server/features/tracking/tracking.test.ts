import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackedOrder, TrackingLink } from '../../../shared/schemas/tracking.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { HEADER, postImport, toCsv } from '../../test/fixtures/import-files.js';
import { createOrderAtStages } from '../orders/index.js';
import { TRACKING_LOOKUPS_PER_MINUTE } from './routes.js';

let t: TestApp;
let admin: TestClient;
let owner: TestClient;
let visitor: TestClient;
let order: Awaited<ReturnType<typeof createOrderAtStages>>['order'];

/** Every personal value the order, its customer and its units carry; none may reach a tracking answer. */
const PERSONAL = {
  email: 'tracked.owner@example.com',
  firstName: 'Philippa',
  lastName: 'Quennell-Osgood',
  userPhone: '+1 512 555 0199',
  orderPhone: '+1 512 555 0142',
  street: '4821 Juniper Hollow Rd',
  city: 'Dripping Springs',
  zipCode: '78620',
  amount: '8642317',
  paymentMethod: 'financing',
  transactionId: 'pi_3QxTrackSecret9876',
  documentUrl: 'https://sign.example/doc/contract-5521',
  paymentAmount: 738_511,
  signedBy: 'pquennell',
};

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  owner = (await signedInCustomer(t, PERSONAL.email)).client;
  visitor = t.client();
  const db = t.database.db;
  await db
    .update(users)
    .set({ firstName: PERSONAL.firstName, lastName: PERSONAL.lastName, phoneNumber: PERSONAL.userPhone })
    .where(eq(users.email, PERSONAL.email));
  ({ order } = await createOrderAtStages(
    db,
    {
      orderId: 'TRK-1001',
      productName: 'Cabin 400',
      email: PERSONAL.email,
      zipCode: PERSONAL.zipCode,
      phoneNumber: PERSONAL.orderPhone,
      shippingAddress: {
        street: PERSONAL.street,
        city: PERSONAL.city,
        state: 'TX',
        zipCode: PERSONAL.zipCode,
      },
      amount: PERSONAL.amount,
      paymentMethod: PERSONAL.paymentMethod,
      transactionId: PERSONAL.transactionId,
    },
    [
      {
        stage: 'FINANCING_PAYMENT',
        stageData: {
          documentStatus: 'signed',
          documentUrl: PERSONAL.documentUrl,
          signedBy: PERSONAL.signedBy,
          paymentAmount: PERSONAL.paymentAmount,
        },
      },
      { stage: 'PRODUCTION' },
      { stage: 'DELIVERED' },
    ],
  ));
  // Unit 2 has its own delivery day; the order's is derived from its units (decision 239).
  const day = new Date('2026-12-14T00:00:00Z');
  await db
    .update(orderItems)
    .set({ deliveryDate: day })
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.itemNumber, 2)));
  await db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, order.id));
});

afterAll(async () => {
  await t?.close();
});

async function track(token: string) {
  return visitor.request<TrackedOrder>('GET', `/api/track/${encodeURIComponent(token)}`);
}

describe('GET /api/track/:token', () => {
  it('gives every order a distinct token of at least 128 random bits', async () => {
    const rows = await t.database.db.select({ token: orders.trackingToken }).from(orders);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.token)).size).toBe(rows.length);
    for (const { token } of rows) {
      // 43 base64url characters carry 258 bits; two version-4 UUIDs put 244 random ones in them.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('answers the product and each unit with its stage, estimate and own delivery day, to a visitor with no session', async () => {
    const res = await track(order.trackingToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      orderId: 'TRK-1001',
      productName: 'Cabin 400',
      deliveryDate: '2026-12-14T00:00:00.000Z',
      units: [
        {
          itemNumber: 1,
          status: 'FINANCING_PAYMENT',
          label: 'Payment',
          estimate: expect.any(Object),
          deliveryDate: null,
        },
        {
          itemNumber: 2,
          status: 'PRODUCTION',
          label: 'Production',
          estimate: expect.any(Object),
          deliveryDate: '2026-12-14T00:00:00.000Z',
        },
        { itemNumber: 3, status: 'DELIVERED', label: 'Delivered', estimate: null, deliveryDate: null },
      ],
    });
    expect(res.body.units[0]?.estimate).toMatchObject({ from: expect.any(String), to: expect.any(String) });
  });

  it('carries none of the personal values of the order, its customer or its units', async () => {
    const res = await fetch(`${t.baseUrl}/api/track/${order.trackingToken}`);
    expect(res.status).toBe(200);
    const raw = await res.text();
    for (const [name, value] of Object.entries(PERSONAL)) {
      expect(raw, name).not.toContain(String(value));
    }
    // Nor any field beyond the documented ones (no internal ids, no room for a value to slip in).
    const keys = new Set<string>();
    JSON.parse(raw, (key, value) => {
      if (key && !/^\d+$/.test(key)) keys.add(key);
      return value;
    });
    expect([...keys].sort()).toEqual(
      [
        'orderId',
        'productName',
        'units',
        'itemNumber',
        'status',
        'label',
        'estimate',
        'from',
        'to',
        'basis',
        'historyUnits',
        'deliveryDate',
      ].sort(),
    );
  });

  it('answers 404 with noindex to a token no order has', async () => {
    const res = await track('A'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  it("gives the owner and staff the link in the order's answer, and nobody else", async () => {
    const own = await owner.request<{ trackingToken?: string }>('GET', `/api/orders/${order.id}`);
    expect(own.body.trackingToken).toBe(order.trackingToken);
    const list = await owner.request<{ trackingToken?: string }[]>('GET', '/api/orders');
    expect(list.body[0]?.trackingToken).toBe(order.trackingToken);
    const staff = await admin.request<{ trackingToken?: string }>('GET', `/api/orders/${order.id}`);
    expect(staff.body.trackingToken).toBe(order.trackingToken);
    const stranger = (await signedInCustomer(t, 'stranger@example.com')).client;
    expect((await stranger.request('GET', `/api/orders/${order.id}`)).status).toBe(404);
  });
});

describe('POST /api/admin/orders/:id/tracking-link', () => {
  it('is refused to visitors (401) and customers (403)', async () => {
    await expectAdminOnly(t, [{ method: 'POST', path: `/api/admin/orders/${order.id}/tracking-link` }]);
  });

  it('issues a new link; the old one answers 404 from then on, the new one 200', async () => {
    const old = order.trackingToken;
    const res = await admin.request<TrackingLink>('POST', `/api/admin/orders/${order.id}/tracking-link`, {
      json: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(old);
    expect(res.body.path).toBe(`/track/${res.body.token}`);
    expect((await track(old)).status).toBe(404);
    expect((await track(res.body.token)).status).toBe(200);
    order = { ...order, trackingToken: res.body.token };
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await admin.request('POST', '/api/admin/orders/999999/tracking-link', { json: {} });
    expect(res.status).toBe(404);
  });
});

describe('the order confirmation mail', () => {
  it('sends a customer with no password, created by the order, a tracking link that works', async () => {
    const email = 'first.time.buyer@example.com';
    const res = await postImport(
      admin,
      { name: 'o.csv', content: toCsv([HEADER, ['TRK-2001', 'Studio 240', '2', '', '', email, '']]) },
      { sendNotification: true },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await t.mail.waitForMail(email);
    const link = mail.text.match(/Track your order: (\S+)/)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(url.pathname).toMatch(/^\/track\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(url.pathname);
    const tracked = await track(decodeURIComponent(url.pathname.slice('/track/'.length)));
    expect(tracked.status).toBe(200);
    expect(tracked.body).toMatchObject({ orderId: 'TRK-2001', productName: 'Studio 240' });
    expect(tracked.body.units).toHaveLength(2);
  });
});

describe('the lookup limit', () => {
  // Last: it spends this address's allowance for the minute.
  it('answers 429 with Retry-After once an address has made the allowed lookups in a minute', async () => {
    let status = 200;
    let lookups = 0;
    let retryAfter: string | null = null;
    while (status !== 429 && lookups <= TRACKING_LOOKUPS_PER_MINUTE + 1) {
      const res = await track('B'.repeat(43));
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      lookups += 1;
    }
    expect(status).toBe(429);
    expect(lookups).toBeLessThanOrEqual(TRACKING_LOOKUPS_PER_MINUTE + 1);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await track(order.trackingToken)).status).toBe(429);
  });
});
