import { eq } from 'drizzle-orm';
import { leastAdvanced, type Stage } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { findOrCreateCustomer } from './create.js';
import { type Actor, initiatedBy, type OrderEvents } from './events.js';
import { changeItemStatus, lockOrder } from './status.js';

export interface OrderRevision {
  /** The order's internal id. */
  orderId: number;
  productName: string;
  /** Null keeps the current value; a larger quantity adds units at ORDER_PLACED. */
  quantity: number | null;
  orderDate: Date | null;
  zipCode: string | null;
  /** Links the order to this customer (created PENDING when new); null keeps the current one. */
  email: string | null;
  /** Every unit moves to this stage, through changeItemStatus; null moves nothing. */
  status: Stage | null;
  actor: Actor;
  /** The event row that records the revision: its type, and what it adds to the event's data. */
  event: { type: string; data: Record<string, unknown> };
  /** False: a status move e-mails no one. */
  notifyCustomer: boolean;
}

export type RevisionResult =
  | { revised: true; quantity: number; status: Stage }
  | { revised: false; reason: 'units-removed'; units: number };

/**
 * Rewrites an order's details (the import's updateExisting), in the caller's transaction. Units are
 * only ever added, never removed: a smaller quantity is refused and nothing is written. The revision
 * is logged as one internal event; a status goes through changeItemStatus like any other move.
 */
export async function reviseOrder(
  events: OrderEvents,
  tx: Executor,
  change: OrderRevision,
  now: Date,
): Promise<RevisionResult> {
  const order = await lockOrder(tx, change.orderId);
  if (change.quantity !== null && change.quantity < order.quantity) {
    return { revised: false, reason: 'units-removed', units: order.quantity };
  }
  const userId = change.email ? await findOrCreateCustomer(tx, change.email) : order.userId;
  const quantity = change.quantity ?? order.quantity;
  let status: Stage = order.status;
  if (quantity > order.quantity) {
    await tx.insert(orderItems).values(
      Array.from({ length: quantity - order.quantity }, (_, index) => ({
        orderId: order.id,
        itemNumber: order.quantity + index + 1,
        status: 'ORDER_PLACED' as const,
        statusChangedAt: now,
      })),
    );
    status = leastAdvanced([order.status, 'ORDER_PLACED']);
  }
  await tx
    .update(orders)
    .set({
      productName: change.productName,
      quantity,
      status,
      orderDate: change.orderDate ?? order.orderDate,
      zipCode: change.zipCode ?? order.zipCode,
      userId,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  await tx.insert(eventLogs).values({
    orderId: order.id,
    timestamp: now,
    stage: status,
    type: change.event.type,
    data: { orderId: order.orderId, ...change.event.data, quantity, previousQuantity: order.quantity },
    initiatedBy: initiatedBy(change.actor),
    internal: true,
  });
  await events.publish(tx, { type: 'orders.changed', orderIds: [order.id] });
  if (change.status) {
    const result = await changeItemStatus(
      events,
      tx,
      {
        orderId: order.id,
        to: change.status,
        rule: 'set',
        actor: change.actor,
        notifyCustomer: change.notifyCustomer,
      },
      now,
    );
    status = result.order.status;
  }
  return { revised: true, quantity, status };
}
