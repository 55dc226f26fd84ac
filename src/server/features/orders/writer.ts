import { and, eq, inArray, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.js';
import type { Db, Executor } from '../../db/client.js';
import {
  type EventLog,
  eventLogs,
  type Order,
  orderItems,
  orders,
  type StageData,
} from '../../db/schema/orders.js';
import type { Clock } from '../../lib/clock.js';
import { type BulkStatusChange, changeStatusOfOrders, type MovedOrder } from './bulk-status.js';
import { createOrder, createOrders, type NewOrder } from './create.js';
import { ordersErrors } from './errors.js';
import { type Actor, initiatedBy, type OrderEvents, type OrderWay } from './events.js';
import { changeItemStatus, lockOrder, type StatusChange, type StatusChangeResult } from './status.js';
import { type OrderRevision, type RevisionResult, reviseOrder } from './update.js';

/** The order fields other capabilities may set beside a stage change (payments, delivery, shipping). */
export type OrderDetails = Partial<
  Pick<Order, 'transactionId' | 'paymentMethod' | 'amount' | 'shippingAddress' | 'phoneNumber'>
>;

/** What may be recorded on units without moving them: stage data merged in, a delivery date. */
export interface UnitDetails {
  stageData?: StageData;
  deliveryDate?: Date;
}

/**
 * The only writer of orders, their units and their log. Every method runs in the caller's
 * transaction, so a capability's own rows and the order change commit together; changes are
 * published through `events` for the capabilities that listen.
 */
export function createOrderWriter({ events }: { events: OrderEvents }) {
  return {
    /** Locks the order row for the rest of the transaction, so concurrent changes to one order queue up. */
    lock: (tx: Executor, orderId: number): Promise<Order> => lockOrder(tx, orderId),

    create: (tx: Executor, input: NewOrder, actor: Actor, now?: Date) =>
      createOrder(events, tx, input, actor, now),

    /**
     * Many orders in one statement (the import, which names its own way in); the same statement a
     * single create uses.
     */
    createMany: (tx: Executor, inputs: readonly NewOrder[], actor: Actor, now?: Date, way?: OrderWay) =>
      createOrders(events, tx, inputs, actor, now, way),

    changeStatus: (tx: Executor, change: StatusChange, now: Date): Promise<StatusChangeResult> =>
      changeItemStatus(events, tx, change, now),

    /** Every unit of many locked orders to one stage, set-based (a bulk job); answers the orders that moved. */
    changeStatusOfMany: (tx: Executor, change: BulkStatusChange, now: Date): Promise<MovedOrder[]> =>
      changeStatusOfOrders(events, tx, change, now),

    revise: (tx: Executor, revision: OrderRevision, now: Date): Promise<RevisionResult> =>
      reviseOrder(events, tx, revision, now),

    /** Sets order fields that are not derived from the units; returns the order as it now is. */
    async setDetails(tx: Executor, orderId: number, details: OrderDetails, now: Date): Promise<Order> {
      const [order] = await tx
        .update(orders)
        .set({ ...details, updatedAt: now })
        .where(eq(orders.id, orderId))
        .returning();
      if (!order) throw ordersErrors.ORDER_NOT_FOUND('Order not found');
      await events.publish(tx, { type: 'orders.changed', orderIds: [orderId] });
      return order;
    },

    /**
     * Records details on some units of one order without moving them. A delivery date belongs to
     * its units only; the order's own `delivery_date` is derived, the earliest of its units', and
     * kept here in the same transaction.
     */
    async setUnitDetails(
      tx: Executor,
      orderId: number,
      itemIds: readonly number[],
      details: UnitDetails,
      now: Date,
    ): Promise<void> {
      if (itemIds.length === 0) return;
      await tx
        .update(orderItems)
        .set({
          updatedAt: now,
          ...(details.deliveryDate && { deliveryDate: details.deliveryDate }),
          ...(details.stageData && {
            currentStageData: sql`${orderItems.currentStageData} || ${JSON.stringify(details.stageData)}::jsonb`,
          }),
        })
        .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, [...itemIds])));
      await events.publish(tx, { type: 'orders.changed', orderIds: [orderId] });
      if (details.deliveryDate) {
        await tx
          .update(orders)
          .set({
            deliveryDate: sql`(select min(${orderItems.deliveryDate}) from ${orderItems} where ${orderItems.orderId} = ${orderId})`,
            updatedAt: now,
          })
          .where(eq(orders.id, orderId));
      }
    },

    /**
     * Gives the order a new tracking token (the column's default draws it), so the old link stops
     * working at once; answers the new token.
     */
    async replaceTrackingToken(tx: Executor, orderId: number, now: Date): Promise<string> {
      const [row] = await tx
        .update(orders)
        .set({ trackingToken: sql`default`, updatedAt: now })
        .where(eq(orders.id, orderId))
        .returning({ trackingToken: orders.trackingToken });
      if (!row) throw ordersErrors.ORDER_NOT_FOUND('Order not found');
      return row.trackingToken;
    },

    /** A note only staff see: an internal event, never answered by a customer route. */
    async addNote(tx: Executor, orderId: number, text: string, actor: Actor, now: Date): Promise<EventLog> {
      // The lock keeps a concurrent delete from removing the order under the new row.
      await lockOrder(tx, orderId);
      const [row] = await tx
        .insert(eventLogs)
        .values({
          orderId,
          type: 'INTERNAL_NOTE',
          data: { text },
          initiatedBy: initiatedBy(actor),
          internal: true,
          timestamp: now,
        })
        .returning();
      if (!row) throw new Error('note insert returned nothing');
      return row;
    },

    /** The order with its units, events and payment sessions (foreign keys cascade), in one statement. */
    async delete(db: Db | Executor, orderId: number) {
      const [gone] = await db
        .delete(orders)
        .where(eq(orders.id, orderId))
        .returning({ id: orders.id, orderId: orders.orderId });
      if (!gone) throw ordersErrors.ORDER_NOT_FOUND('Order not found');
      await events.publish(db, { type: 'orders.changed', orderIds: [gone.id] });
      return gone;
    },

    /**
     * Orders the caller has locked (a bulk job), with everything that cascades: their log and units
     * first, each in one statement, so the cascade from the orders finds nothing left to do row by row.
     */
    async deleteLocked(tx: Executor, orderIds: readonly number[]) {
      if (orderIds.length === 0) return [];
      const ids = arrayParam(orderIds, 'int[]');
      await tx.delete(eventLogs).where(sql`${eventLogs.orderId} = any(${ids})`);
      await tx.delete(orderItems).where(sql`${orderItems.orderId} = any(${ids})`);
      const gone = await tx
        .delete(orders)
        .where(sql`${orders.id} = any(${ids})`)
        .returning({ id: orders.id, orderId: orders.orderId });
      await events.publish(tx, { type: 'orders.changed', orderIds: gone.map((order) => order.id) });
      return gone;
    },

    /**
     * Several orders, each with everything that cascades, in one statement of the caller's
     * transaction. One unknown id and it throws 404 naming the missing ones: the caller's rollback
     * then keeps every order.
     */
    async deleteMany(tx: Executor, orderIds: readonly number[]) {
      const wanted = [...new Set(orderIds)];
      const gone = await tx
        .delete(orders)
        .where(inArray(orders.id, wanted))
        .returning({ id: orders.id, orderId: orders.orderId });
      if (gone.length !== wanted.length) {
        const found = new Set(gone.map((order) => order.id));
        throw ordersErrors.ORDER_NOT_FOUND(
          `Order not found: ${wanted.filter((id) => !found.has(id)).join(', ')}`,
        );
      }
      await events.publish(tx, { type: 'orders.changed', orderIds: wanted });
      return gone;
    },
  };
}

export type OrderWriter = ReturnType<typeof createOrderWriter>;

/** What a service that changes orders is built from. */
export interface OrderChangeDeps {
  db: Db;
  clock: Clock;
  orders: OrderWriter;
}
