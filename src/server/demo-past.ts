/**
 * The demo's past written to the database: the two years of orders of `demoHistory` and, around them,
 * `demoActivity`'s conversations, deposits and delivery days. `npm run seed:demo` and the Insights
 * benchmark (bench/benchmarks/insights.ts) both call it, so the benchmark measures the data the demo
 * shows (decision 303).
 */
import type { Db } from './db/client.js';
import { demoActivity, demoHistory } from './demo-history.js';
import { seedConversations } from './features/conversations/index.js';
import { seedDeliveryDays } from './features/delivery-booking/index.js';
import {
  orderIdsByNumber,
  seedOrderHistory,
  seedUnitDeliveryDates,
  unitsByOrderNumber,
} from './features/orders/index.js';
import { seedDepositSessions } from './features/payments/index.js';

export interface DemoPastResult {
  orders: number;
  units: number;
  messages: number;
  payments: number;
  deliveryDays: number;
  bookings: number;
}

/**
 * Writes the demo's past as of `now`, unless its first order is already there (answers null then):
 * the activity is made from the history of the same moment, so both are written together, once.
 */
export async function seedDemoPast(db: Db, now = new Date()): Promise<DemoPastResult | null> {
  const history = demoHistory({ now });
  const numbers = history.map(({ order }) => order.orderId);
  const first = numbers[0];
  if (first === undefined || (await orderIdsByNumber(db, [first])).size > 0) return null;
  const added = await seedOrderHistory(db, history);
  const activity = demoActivity(history, { now });
  const units = await unitsByOrderNumber(db, numbers);
  const byKey = new Map(units.map((unit) => [`${unit.orderNumber}#${unit.itemNumber}`, unit]));
  const unitOf = (orderNumber: string, itemNumber = 1) => {
    const unit = byKey.get(`${orderNumber}#${itemNumber}`);
    if (!unit) throw new Error(`unit ${orderNumber}/${itemNumber} was not written`);
    return unit;
  };
  const emailOf = new Map(history.map(({ order }) => [order.orderId, order.email ?? null]));
  return db.transaction(async (tx) => {
    const messages = await seedConversations(
      tx,
      activity.messages.map((message) => {
        const { orderId, userId } = unitOf(message.orderNumber);
        return {
          orderId,
          authorKind: message.author,
          // Staff notes and replies are signed by the team; a customer writes as the order's owner.
          authorId: message.author === 'customer' ? userId : null,
          text: message.text,
          at: message.at,
        };
      }),
    );
    const payments = await seedDepositSessions(
      tx,
      activity.deposits.map((deposit) => {
        const unit = unitOf(deposit.orderNumber, deposit.itemNumber);
        return {
          orderId: unit.orderId,
          orderItemId: unit.itemId,
          userId: unit.userId,
          customerEmail: emailOf.get(deposit.orderNumber) ?? null,
          amountCents: deposit.amountCents,
          method: deposit.method,
          paymentStatus: deposit.paymentStatus,
          startedAt: deposit.startedAt,
          updatedAt: deposit.updatedAt,
        };
      }),
    );
    const booked = activity.bookings.flatMap((booking) => {
      const unit = unitOf(booking.orderNumber, booking.itemNumber);
      return unit.userId === null ? [] : [{ ...booking, unit, userId: unit.userId }];
    });
    const delivery = await seedDeliveryDays(
      tx,
      activity.deliveryDays,
      booked.map(({ date, unit, userId, at }) => ({ date, orderItemId: unit.itemId, userId, at })),
    );
    // A booked unit carries its day, as booking leaves it.
    await seedUnitDeliveryDates(
      tx,
      booked.map(({ date, unit, at }) => ({ orderId: unit.orderId, itemId: unit.itemId, day: date, at })),
    );
    return {
      orders: added.orders,
      units: added.units,
      messages,
      payments,
      deliveryDays: delivery.days,
      bookings: delivery.bookings,
    };
  });
}
