import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

const DAY = 86_400_000;

/**
 * Orders the admin dashboard and orders journeys read and change. Every product name holds 'AOX', so a
 * search for it shows these rows and no other journey's; each journey changes only its own.
 */
export const ADMIN_ORDERS = {
  search: 'AOX',
  customer: 'ao-ann@example.com',
  /** The customer's name, shown before the e-mail in the orders table. */
  customerName: { firstName: 'Annabelle', lastName: 'Okonkwo-Fairweather' },
  /** Two units, paid: the status journey changes it (all units, then unit 2), adds a note. */
  status: { orderId: 'VH4601', productName: 'AOX Studio 240' },
  /** A guest order whose id does not begin with 'VH'. */
  guest: { orderId: 'AO-200', productName: 'AOX Garden Cabin' },
  /** Deleted by the delete journey. */
  doomed: { orderId: 'VH4603', productName: 'AOX Delete Me' },
  /** A product name a spreadsheet would run as a formula: the export must neutralise it. */
  hostile: { orderId: 'VH4604', productName: '=HYPERLINK("http://evil.example","AOX click")' },
  /** Three units waiting since 45 days; never changed (accessibility and screenshot passes). */
  lookout: { orderId: 'VH4605', productName: 'AOX Lookout 300' },
  /** Moved together by the bulk journey. */
  bulk: [
    { orderId: 'VH4606', productName: 'AOX Bulk Alpha' },
    { orderId: 'VH4607', productName: 'AOX Bulk Beta' },
  ],
  /** Placed at noon UTC on one day, for the date filter's whole 'to' day. */
  dated: {
    orderId: 'VH4608',
    productName: 'AOX Dated',
    orderDate: '2024-02-10T12:00:00Z',
    day: '2024-02-10',
  },
  /** Eight more, so the search spans two pages. */
  fillers: Array.from({ length: 8 }, (_, i) => ({
    orderId: `VH462${i}`,
    productName: `AOX Filler ${i + 1}`,
  })),
  /** How many orders carry 'AOX' in their product name before any journey runs. */
  count: 16,
  waitedDays: 45,
} as const;

/**
 * Orders the order-page journey reads, exports and deletes. Their products hold 'AOP', never 'AOX', so
 * the orders journeys' counts do not see them; placed months ago, so they stay out of Recent Orders.
 */
export const ORDER_PAGE = {
  search: 'AOP',
  /** Two units, one delivered: the page shows both, with delivery date and estimate. */
  shown: { orderId: 'VH4701', productName: 'AOP Summit 200' },
  /** Exported together; 'third' matches the same search but is not selected. */
  exported: [
    { orderId: 'VH4702', productName: 'AOP Export One' },
    { orderId: 'VH4703', productName: 'AOP Export Two' },
  ],
  third: { orderId: 'VH4704', productName: 'AOP Export Three' },
  /** Deleted together by the bulk delete. */
  dropped: [
    { orderId: 'VH4705', productName: 'AOP Drop One' },
    { orderId: 'VH4706', productName: 'AOP Drop Two' },
  ],
  /** Searching 'VH4707' must list it first, ahead of the newer 'VH47070' that contains it. */
  exactId: { orderId: 'VH4707', productName: 'AOP Exact' },
  longerId: { orderId: 'VH47070', productName: 'AOP Exact Longer' },
} as const;

async function seedOrderPage(db: Db, now: number) {
  const P = ORDER_PAGE;
  await createOrderAtStages(
    db,
    { ...P.shown, email: ADMIN_ORDERS.customer, orderDate: new Date(now - 90 * DAY), zipCode: '78701' },
    [
      { stage: 'PRODUCTION' },
      { stage: 'DELIVERED', stageData: { deliveryDate: new Date(now - 10 * DAY).toISOString() } },
    ],
  );
  const stages = ['PRODUCTION', 'DELIVERED', 'SITE_PREP'] as const;
  for (const [index, order] of [...P.exported, P.third].entries()) {
    await createOrderAtStages(db, { ...order, orderDate: new Date(now - (91 + index) * DAY) }, [
      { stage: stages[index] ?? 'ORDER_PLACED' },
    ]);
  }
  await createOrderAtStages(db, { ...P.exactId, orderDate: new Date(now - 99 * DAY) }, [
    { stage: 'ORDER_PLACED' },
  ]);
  await createOrderAtStages(db, { ...P.longerId, orderDate: new Date(now - 98 * DAY) }, [
    { stage: 'ORDER_PLACED' },
  ]);
  for (const [index, order] of P.dropped.entries()) {
    await createOrderAtStages(db, { ...order, orderDate: new Date(now - (95 + index) * DAY) }, [
      { stage: 'ORDER_PLACED' },
    ]);
  }
}

export async function seedAdminOrders(db: Db) {
  const now = Date.now();
  const A = ADMIN_ORDERS;
  await createOrderAtStages(
    db,
    {
      ...A.status,
      email: A.customer,
      orderDate: new Date(now - 3 * DAY),
      zipCode: '78701',
      amount: '7500000',
      paymentMethod: 'card',
      transactionId: 'pi_ao_9101',
    },
    [{ stage: 'DOCUMENTS_SIGNING' }, { stage: 'PRODUCTION' }],
  );
  await createOrderAtStages(db, { ...A.guest, orderDate: new Date(now - 40 * DAY), zipCode: '78702' }, [
    { stage: 'ORDER_PLACED' },
  ]);
  await createOrderAtStages(db, { ...A.doomed, orderDate: new Date(now - 6 * DAY) }, [
    { stage: 'ORDER_PLACED' },
  ]);
  await createOrderAtStages(db, { ...A.hostile, email: A.customer, orderDate: new Date(now - 7 * DAY) }, [
    { stage: 'LOCATION_ENABLED' },
  ]);
  await createOrderAtStages(
    db,
    {
      ...A.lookout,
      email: A.customer,
      orderDate: new Date(now - 50 * DAY),
      zipCode: '78745',
      amount: '9900000',
      paymentMethod: 'bank',
      shippingAddress: { street: '77 Lookout Ln', city: 'Austin', state: 'TX', zipCode: '78745' },
    },
    [{ stage: 'LOCATION_ENABLED' }, { stage: 'FINANCING_PAYMENT' }, { stage: 'DELIVERED' }],
    new Date(now - A.waitedDays * DAY),
  );
  for (const [index, order] of A.bulk.entries()) {
    await createOrderAtStages(db, { ...order, orderDate: new Date(now - (8 + index) * DAY) }, [
      { stage: 'ORDER_PLACED' },
    ]);
  }
  await createOrderAtStages(
    db,
    { orderId: A.dated.orderId, productName: A.dated.productName, orderDate: new Date(A.dated.orderDate) },
    [{ stage: 'ORDER_PLACED' }],
  );
  for (const [index, order] of A.fillers.entries()) {
    await createOrderAtStages(
      db,
      { ...order, email: index % 2 === 0 ? A.customer : null, orderDate: new Date(now - (12 + index) * DAY) },
      [{ stage: index % 3 === 0 ? 'PRODUCTION' : 'ORDER_PLACED' }],
    );
  }
  await db.update(users).set(A.customerName).where(eq(users.email, A.customer));
  await seedOrderPage(db, now);
}
