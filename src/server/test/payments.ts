/** Seeds and read-backs shared by the payment suites. */
import { and, eq } from 'drizzle-orm';
import type { Stage } from '../../shared/stages.js';
import { eventLogs, orderItems, orders, type StageData } from '../db/schema/orders.js';
import { paymentSessions } from '../db/schema.js';
import { createOrderAtStages } from '../features/orders/index.js';
import type { TestApp } from './app.js';

let sequence = 0;

/** An order of `email` whose units stand at the given stages (default: one unit awaiting its deposit). */
export async function seedDepositOrder(
  t: TestApp,
  email: string,
  options: { units?: { stage: Stage; stageData?: StageData }[]; amount?: string | null } = {},
) {
  sequence += 1;
  const { order, items } = await createOrderAtStages(
    t.database.db,
    {
      orderId: `VH9${String(sequence).padStart(3, '0')}`,
      productName: 'Cabin 400',
      email,
      amount: options.amount,
    },
    options.units ?? [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 750_000 } }],
  );
  const first = items[0];
  if (!first) throw new Error('the seeded order has no unit');
  return { order, items, item: first };
}

/** The unit, its order, its status events and its checkouts as the database holds them now. */
export async function unitState(t: TestApp, itemId: number) {
  const db = t.database.db;
  const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item) throw new Error(`no unit ${itemId}`);
  const [order] = await db.select().from(orders).where(eq(orders.id, item.orderId));
  if (!order) throw new Error(`no order ${item.orderId}`);
  const statusEvents = await db
    .select()
    .from(eventLogs)
    .where(and(eq(eventLogs.orderItemId, itemId), eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED')));
  const sessions = await db.select().from(paymentSessions).where(eq(paymentSessions.orderItemId, itemId));
  return { item, order, statusEvents, sessions };
}
