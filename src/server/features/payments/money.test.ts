import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyUnit, orderMoney } from '../../../shared/schemas/money.js';
import type { Stage } from '../../../shared/stages.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { seedDepositOrder } from '../../test/payments.js';
import { createOrderAtStages } from '../orders/index.js';
import { paidCentsSql } from '../orders/money-sql.js';

let t: TestApp;
let ann: TestClient;
let admin: TestClient;
const clock = manualClock();

beforeAll(async () => {
  t = await startTestApp({ clock, config: { paymentsTestMode: true } });
  ann = (await signedInCustomer(t, 'money-ann@example.com')).client;
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

/** The customer pays the unit's deposit by card through the built-in test checkout. */
async function payByCard(itemId: number) {
  const link = await ann.post(`/api/order-items/${itemId}/payment`);
  expect(link.status).toBe(200);
  const paid = await ann.post(`/api/payments/test-checkout/${link.body.sessionId}`, { outcome: 'card' });
  expect(paid.status).toBe(200);
}

describe('the money of a part-paid three-unit order', () => {
  it('reads the same for the customer, on the staff order page and in the orders table', async () => {
    const deposit = { paymentAmount: 500_000 };
    const { order, items } = await seedDepositOrder(t, 'money-ann@example.com', {
      amount: '14250000',
      units: [
        { stage: 'FINANCING_PAYMENT', stageData: deposit },
        { stage: 'FINANCING_PAYMENT', stageData: deposit },
        { stage: 'DOCUMENTS_SIGNING' },
      ],
    });
    const [first] = items;
    if (!first) throw new Error('no unit');
    await payByCard(first.id);

    const customer = await ann.get(`/api/orders/${order.id}`);
    expect(customer.status).toBe(200);
    const money = customer.body.money;
    expect(money).toMatchObject({
      currency: 'USD',
      orderValue: 14_250_000,
      state: 'part_paid',
      paid: 500_000,
      due: 500_000,
    });
    expect(money.units).toEqual([
      { itemNumber: 1, state: 'paid', deposit: 500_000, method: 'card', paidAt: expect.any(String) },
      { itemNumber: 2, state: 'due', deposit: 500_000, method: null, paidAt: null },
      { itemNumber: 3, state: 'upcoming', deposit: null, method: null, paidAt: null },
    ]);

    // Staff read the order through the same route, and its row for the table.
    expect((await admin.get(`/api/orders/${order.id}`)).body.money).toEqual(money);
    const row = await admin.get(`/api/admin/orders/${order.id}`);
    expect(row.status).toBe(200);
    expect(row.body.money).toEqual(money);
    const list = await admin.get(`/api/admin/orders?q=${order.orderId}`);
    expect(list.body.items.map((r: { orderId: string }) => r.orderId)).toEqual([order.orderId]);
    expect(list.body.items[0].money).toEqual(money);

    // The customer's "Total spent" counts what was paid, beside the value of the order.
    const customers = await admin.get('/api/admin/customers?q=money-ann');
    expect(customers.body.items).toEqual([
      expect.objectContaining({ orders: 1, totalSpent: 500_000, orderValue: 14_250_000 }),
    ]);
  });

  it('counts an order with a transaction id and no payment on its units as paid as a whole', async () => {
    const { order } = await createOrderAtStages(
      t.database.db,
      {
        orderId: 'MONEY-WHOLE',
        productName: 'Studio 240',
        email: 'money-whole@example.com',
        amount: '4500000',
        transactionId: 'txn_42',
        paymentMethod: 'finance',
      },
      [{ stage: 'PRODUCTION' }, { stage: 'SITE_PREP' }],
    );
    const row = await admin.get(`/api/admin/orders/${order.id}`);
    expect(row.body.money).toMatchObject({ state: 'paid', paid: 4_500_000, due: 0, orderValue: 4_500_000 });
    expect(row.body.money.units.map((u: { method: string }) => u.method)).toEqual(['finance', 'finance']);
    const customers = await admin.get('/api/admin/customers?q=money-whole');
    expect(customers.body.items[0]).toMatchObject({ totalSpent: 4_500_000, orderValue: 4_500_000 });
  });
});

describe('what was paid, in SQL and in JavaScript', () => {
  /** Orders whose units carry every kind of payment record the product meets. */
  const CASES: {
    amount: string | null;
    transactionId?: string;
    units: [Stage, Record<string, unknown>][];
  }[] = [
    { amount: '100000', units: [['FINANCING_PAYMENT', { paymentStatus: 'paid', paymentAmount: 5000 }]] },
    { amount: '100000', units: [['SITE_PREP', { paymentStatus: 'PAID' }]] },
    { amount: ' 2500 ', units: [['SITE_PREP', { paymentStatus: 'Successful', amount: '700' }]] },
    { amount: '100000', units: [['SITE_PREP', { paymentStatus: 'completed', paymentAmount: '12.5' }]] },
    { amount: 'n/a', units: [['SITE_PREP', { paymentStatus: 'success', paymentAmount: -5 }]] },
    { amount: '100000', units: [['SITE_PREP', { paymentStatus: 'paid', paymentAmount: 1e30 }]] },
    { amount: '100000', units: [['FINANCING_PAYMENT', { paymentStatus: 'processing', paymentAmount: 900 }]] },
    {
      amount: '100000',
      transactionId: 'txn_1',
      units: [
        ['DELIVERED', {}],
        ['DELIVERED', {}],
      ],
    },
    { amount: null, transactionId: 'txn_2', units: [['DELIVERED', {}]] },
    { amount: '100000', transactionId: '  ', units: [['DELIVERED', {}]] },
    {
      amount: '100000',
      transactionId: 'txn_3',
      units: [
        ['SITE_PREP', { paymentStatus: 'paid', paymentAmount: 300 }],
        ['SITE_PREP', { paymentStatus: 'failed', paymentAmount: 300 }],
        ['DELIVERED', {}],
      ],
    },
  ];

  it('gives the same paid figure for every case', async () => {
    const db = t.database.db;
    const ids: number[] = [];
    for (const [index, c] of CASES.entries()) {
      const { order } = await createOrderAtStages(
        db,
        {
          orderId: `MONEY-SQL-${index}`,
          productName: 'Studio 240',
          email: null,
          amount: c.amount,
          transactionId: c.transactionId ?? null,
        },
        c.units.map(([stage]) => ({ stage })),
      );
      // Stage data as it is stored, whatever the writer would have made of it.
      for (const [n, [, data]] of c.units.entries()) {
        await db.execute(
          sql`update order_items set current_stage_data = ${JSON.stringify(data)}::jsonb where order_id = ${order.id} and item_number = ${n + 1}`,
        );
      }
      ids.push(order.id);
    }
    const inSql = await db
      .select({ id: orders.id, paid: paidCentsSql() })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);
    const units = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
    const rows = await db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);
    const inJs = rows.map((order) => {
      const own: MoneyUnit[] = units
        .filter((unit) => unit.orderId === order.id)
        .map((unit) => ({
          itemNumber: unit.itemNumber,
          status: unit.status,
          stageData: unit.currentStageData,
        }));
      return { id: order.id, paid: orderMoney(order, own).paid };
    });
    expect(inSql.map((row) => ({ id: row.id, paid: Number(row.paid) }))).toEqual(inJs);
    expect(inJs.map((row) => row.paid)).toEqual([
      5000, 100_000, 700, 100_000, 0, 100_000, 0, 100_000, 0, 0, 300,
    ]);
  });
});
