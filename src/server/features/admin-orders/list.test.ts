import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminOrderRow,
  type AdminOrdersPage,
  adminOrderRowSchema,
} from '../../../shared/schemas/admin-orders.js';
import type { Stage } from '../../../shared/stages.js';
import { users } from '../../db/schema.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { seedOrder } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;

interface Seed {
  orderId: string;
  productName: string;
  email?: string;
  orderDate: string;
  status: Stage | Stage[];
  transactionId?: string;
}

/** Every filter has rows on both sides of it; the last three share one date to prove the id tiebreak. */
const SEEDS: Seed[] = [
  {
    orderId: 'VH1001',
    productName: 'Studio 240',
    email: 'ann@example.com',
    orderDate: '2026-01-05T10:00:00Z',
    status: 'ORDER_PLACED',
  },
  {
    orderId: 'VH1002',
    productName: 'Cabin 400',
    email: 'bob@example.com',
    orderDate: '2026-01-10T23:59:59.999Z',
    status: 'PRODUCTION',
    transactionId: 'txn_1',
  },
  {
    orderId: 'VH1003',
    productName: 'Backyard Office 120',
    orderDate: '2026-01-11T00:00:00Z',
    status: 'DOCUMENTS_PENDING',
  },
  {
    orderId: 'VH1004',
    productName: 'Cabin 400 Deluxe',
    email: 'ann@example.com',
    orderDate: '2026-02-01T12:00:00Z',
    status: 'DOCUMENTS_SIGNING',
    transactionId: 'txn_2',
  },
  {
    orderId: 'VH1005',
    productName: '50% Studio_X',
    orderDate: '2026-02-02T12:00:00Z',
    status: 'FINANCING_PAYMENT',
    transactionId: '',
  },
  {
    orderId: 'VH1006',
    productName: 'Tiny Home',
    email: 'carol@example.com',
    orderDate: '2026-02-03T12:00:00Z',
    status: ['DELIVERED', 'DELIVERY_DATE_CONFIRMED'],
  },
  {
    orderId: 'VH1007',
    productName: 'Tiny Home',
    email: 'carol@example.com',
    orderDate: '2026-03-01T12:00:00Z',
    status: 'DELIVERED',
    transactionId: 'txn_3',
  },
  { orderId: 'VH1008', productName: 'Studio 240', orderDate: '2026-03-02T12:00:00Z', status: 'SITE_PREP' },
  { orderId: 'VH1009', productName: 'Studio 240', orderDate: '2026-03-02T12:00:00Z', status: 'SITE_PREP' },
  {
    orderId: 'VH1010',
    productName: 'Studio 240',
    orderDate: '2026-03-02T12:00:00Z',
    status: 'LOCATION_ENABLED',
  },
  {
    orderId: 'VH1011',
    productName: 'Cabin 400',
    email: 'dave@example.com',
    orderDate: '2026-03-03T12:00:00Z',
    status: 'FINAL_DOCUMENTS',
  },
  {
    orderId: 'VH1012',
    productName: 'Cabin 400',
    email: 'dave@example.com',
    orderDate: '2026-03-04T12:00:00Z',
    status: 'PRODUCTION',
  },
];

const internalId = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  for (const seed of SEEDS) {
    const { order } = await seedOrder(t.database.db, {
      ...seed,
      orderDate: new Date(seed.orderDate),
      quantity: Array.isArray(seed.status) ? seed.status.length : 1,
    });
    internalId.set(seed.orderId, order.id);
  }
});

afterAll(async () => {
  await t?.close();
});

async function list(query = ''): Promise<AdminOrdersPage> {
  const res = await admin.get(`/api/admin/orders${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Serialised without the schema check: still JSON, with exactly the schema's fields.
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  for (const row of res.body.items) expect(adminOrderRowSchema.parse(row)).toStrictEqual(row);
  return res.body;
}

const ids = (page: AdminOrdersPage) => page.items.map((row) => row.orderId);

/** The orders of SEEDS newest first, ties broken by the newer id first. */
const NEWEST_FIRST = [...SEEDS]
  .sort((a, b) => b.orderDate.localeCompare(a.orderDate) || b.orderId.localeCompare(a.orderId))
  .map((seed) => seed.orderId);

describe('the orders table', () => {
  it('answers the first 10 orders, newest first, with the total and the customer’s e-mail or null for a guest', async () => {
    const page = await list();
    expect(page.total).toBe(12);
    expect(ids(page)).toEqual(NEWEST_FIRST.slice(0, 10));
    const row = page.items.find((r) => r.orderId === 'VH1011') as AdminOrderRow;
    expect(row).toMatchObject({
      id: internalId.get('VH1011'),
      customerEmail: 'dave@example.com',
      productName: 'Cabin 400',
      quantity: 1,
      orderDate: '2026-03-03T12:00:00.000Z',
      status: 'FINAL_DOCUMENTS',
      transactionId: null,
    });
    expect(row.userId).toEqual(expect.any(Number));
    const guest = page.items.find((r) => r.orderId === 'VH1008');
    expect(guest).toMatchObject({ userId: null, customerEmail: null });
  });

  it('pages through every order exactly once, equal dates included', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => list(`page=${n}&pageSize=5`)));
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap(ids)).toEqual(NEWEST_FIRST);
    expect((await list('page=4&pageSize=5')).items).toEqual([]);
  });

  it('sorts by date, order id and stage (in fulfilment order), each both ways', async () => {
    const all = 'pageSize=100';
    expect(ids(await list(`${all}&sort=orderDate:asc`))).toEqual([...NEWEST_FIRST].reverse());
    const byId = SEEDS.map((s) => s.orderId).sort();
    expect(ids(await list(`${all}&sort=orderId:asc`))).toEqual(byId);
    expect(ids(await list(`${all}&sort=orderId:desc`))).toEqual([...byId].reverse());
    const stagesAsc = (await list(`${all}&sort=status:asc`)).items.map((r) => [r.status, r.orderId]);
    expect(stagesAsc.slice(0, 4)).toEqual([
      ['ORDER_PLACED', 'VH1001'],
      ['LOCATION_ENABLED', 'VH1010'],
      ['DOCUMENTS_PENDING', 'VH1003'],
      ['DOCUMENTS_SIGNING', 'VH1004'],
    ]);
    // Equal stages keep the id order: VH1008 before VH1009 ascending, after it descending.
    expect(stagesAsc.filter(([s]) => s === 'SITE_PREP').map(([, id]) => id)).toEqual(['VH1008', 'VH1009']);
    expect(stagesAsc.at(-1)).toEqual(['DELIVERED', 'VH1007']);
    const stagesDesc = (await list(`${all}&sort=status:desc`)).items.map((r) => [r.status, r.orderId]);
    expect(stagesDesc).toEqual([...stagesAsc].reverse());
  });

  it('searches order id, product name and customer e-mail, ignoring case', async () => {
    expect(ids(await list('q=vh100&pageSize=100'))).toHaveLength(9);
    expect(ids(await list('q=DELUXE'))).toEqual(['VH1004']);
    expect(ids(await list('q=Bob%40Example'))).toEqual(['VH1002']);
    expect((await list('q=cabin')).total).toBe(4);
    expect((await list('q=nothing-like-this')).total).toBe(0);
  });

  it('matches % and _ in the search literally', async () => {
    expect(ids(await list('q=50%25'))).toEqual(['VH1005']);
    expect(ids(await list('q=o_x'))).toEqual(['VH1005']);
    expect((await list('q=%25')).total).toBe(1);
  });

  it('filters by the order’s status, which is its least advanced unit', async () => {
    expect(ids(await list('status=PRODUCTION'))).toEqual(['VH1012', 'VH1002']);
    expect(ids(await list('status=DELIVERY_DATE_CONFIRMED'))).toEqual(['VH1006']);
    expect(ids(await list('status=DELIVERED'))).toEqual(['VH1007']);
  });

  it('takes the alias statuses and keeps DOCUMENTS_PENDING and DOCUMENTS_SIGNING apart', async () => {
    expect(ids(await list('status=PAYMENT_PENDING'))).toEqual(['VH1005']);
    expect(ids(await list('status=DELIVERY_SCHEDULED'))).toEqual(['VH1006']);
    expect(ids(await list('status=DOCUMENTS_PENDING'))).toEqual(['VH1003']);
    expect(ids(await list('status=DOCUMENTS_SIGNING'))).toEqual(['VH1004']);
  });

  it('takes several stages, comma-separated or repeated, and matches any of them', async () => {
    const both = ['VH1012', 'VH1007', 'VH1002'];
    expect(ids(await list('status=PRODUCTION,DELIVERED'))).toEqual(both);
    expect(ids(await list('status=DELIVERED&status=PRODUCTION'))).toEqual(both);
    expect(ids(await list('status=PRODUCTION, DELIVERED,'))).toEqual(both);
    // An alias among them, and the same stage twice.
    expect(ids(await list('status=PAYMENT_PENDING,FINANCING_PAYMENT,DOCUMENTS_SIGNING'))).toEqual([
      'VH1005',
      'VH1004',
    ]);
    // The count is per set of stages, whatever their order: one cached count cannot answer another set.
    expect((await list('status=PRODUCTION')).total).toBe(2);
    expect((await list('status=DELIVERED,PRODUCTION')).total).toBe(3);
    expect((await list('status=PRODUCTION,DELIVERED&page=2')).total).toBe(3);
  });

  it('refuses an unknown stage among several, or an empty status, with 400 naming status', async () => {
    for (const status of ['PRODUCTION,NOPE', ',', 'production']) {
      const res = await admin.get(`/api/admin/orders?status=${status}`);
      expect(res.status, status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['status']);
    }
  });

  it('filters by order date in UTC days, the whole ‘to’ day included', async () => {
    expect(ids(await list('dateFrom=2026-01-05&dateTo=2026-01-10'))).toEqual(['VH1002', 'VH1001']);
    expect(ids(await list('dateFrom=2026-01-11&dateTo=2026-01-11'))).toEqual(['VH1003']);
    expect((await list('dateFrom=2026-03-02')).total).toBe(5);
    expect((await list('dateTo=2026-01-04')).total).toBe(0);
  });

  it('filters paid (a transaction id is present) and registered (a customer is linked) orders', async () => {
    expect(ids(await list('payment=paid'))).toEqual(['VH1007', 'VH1004', 'VH1002']);
    expect((await list('payment=unpaid')).total).toBe(9);
    expect((await list('registration=registered')).total).toBe(7);
    expect(ids(await list('registration=guest&pageSize=100'))).toEqual([
      'VH1010',
      'VH1009',
      'VH1008',
      'VH1005',
      'VH1003',
    ]);
  });

  it('filters by product name containing the text and combines every filter', async () => {
    expect((await list('product=studio')).total).toBe(5);
    expect(ids(await list('product=studio&registration=registered'))).toEqual(['VH1001']);
    expect(
      ids(await list('product=cabin&payment=unpaid&status=PRODUCTION&dateFrom=2026-03-01&q=dave')),
    ).toEqual(['VH1012']);
  });

  it.each([
    ['status=SHIPPED', 'status'],
    ['page=0', 'page'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['sort=price:asc', 'sort'],
    ['dateFrom=05/01/2026', 'dateFrom'],
    ['dateFrom=2026-02-30', 'dateFrom'],
    ['dateTo=2026-13-01', 'dateTo'],
    ['dateFrom=2026-02-02&dateTo=2026-02-01', 'dateTo'],
    ['payment=yes', 'payment'],
    ['registration=all', 'registration'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await admin.get(`/api/admin/orders?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

// Last in the file: it adds orders the tests above do not expect.
describe('searching for one order or one customer', () => {
  it('puts the order whose id is exactly the search first, ahead of newer ids that contain it', async () => {
    for (const [orderId, day] of [
      ['VH10012', '2026-04-01'],
      ['VH100120', '2026-04-02'],
    ] as const) {
      await seedOrder(t.database.db, {
        orderId,
        productName: 'Studio 240',
        orderDate: new Date(`${day}T12:00:00Z`),
      });
    }
    expect(ids(await list('q=VH1001'))).toEqual(['VH1001', 'VH100120', 'VH10012']);
    expect(ids(await list('q=vh10012'))).toEqual(['VH10012', 'VH100120']);
    // The sort chosen still orders everything after the exact match.
    expect(ids(await list('q=VH10012&sort=orderId:desc'))).toEqual(['VH10012', 'VH100120']);
    expect(ids(await list('q=VH1001&sort=orderId:asc'))).toEqual(['VH1001', 'VH10012', 'VH100120']);
  });

  it('finds orders by the customer’s first name, last name or both', async () => {
    await t.database.db
      .update(users)
      .set({ firstName: 'Carol', lastName: 'Mendez' })
      .where(eq(users.email, 'carol@example.com'));
    const carols = ['VH1007', 'VH1006'];
    expect(ids(await list('q=mendez'))).toEqual(carols);
    expect(ids(await list('q=Carol Mendez'))).toEqual(carols);
    expect((await list('q=Carol Lopez')).total).toBe(0);
  });

  it('names the customer on each row: first and last name, one alone, or null without a name or account', async () => {
    await t.database.db
      .update(users)
      .set({ firstName: 'Carol', lastName: 'Mendez' })
      .where(eq(users.email, 'carol@example.com'));
    await t.database.db
      .update(users)
      .set({ firstName: ' Bob ', lastName: null })
      .where(eq(users.email, 'bob@example.com'));
    const rows = new Map((await list('pageSize=100')).items.map((row) => [row.orderId, row]));
    expect(rows.get('VH1006')).toMatchObject({
      customerName: 'Carol Mendez',
      customerEmail: 'carol@example.com',
    });
    expect(rows.get('VH1002')?.customerName).toBe('Bob');
    expect(rows.get('VH1011')).toMatchObject({ customerName: null, customerEmail: 'dave@example.com' });
    expect(rows.get('VH1008')).toMatchObject({ customerName: null, customerEmail: null });
  });

  it('answers one order as a row of the table for its page, and 404 for an unknown id', async () => {
    const res = await admin.get(`/api/admin/orders/${internalId.get('VH1011')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: internalId.get('VH1011'),
      orderId: 'VH1011',
      customerEmail: 'dave@example.com',
      status: 'FINAL_DOCUMENTS',
    });
    const guest = await admin.get(`/api/admin/orders/${internalId.get('VH1008')}`);
    expect(guest.body).toMatchObject({ orderId: 'VH1008', customerEmail: null, customerName: null });
    const missing = await admin.get('/api/admin/orders/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ORDER_NOT_FOUND');
    expect(missing.body.message).toBe('Order not found');
    expect((await admin.get('/api/admin/orders/abc')).status).toBe(400);
  });
});
