import { asc, count, sql } from 'drizzle-orm';
import type { AdminOrderFilters } from '../../../shared/schemas/admin-orders.js';
import type { Stage } from '../../../shared/stages.js';
import { arrayParam, rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';
import { type Actor, initiatedBy, type OrderEvents, type UnitChange } from './events.js';
import { orderFilterWhere } from './staff-filters.js';

/** How many orders match a filter of the staff list (its count, without paging). */
export async function countOrdersMatching(executor: Executor, filters: AdminOrderFilters): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(orders).where(orderFilterWhere(filters));
  return Number(row?.total ?? 0);
}

/**
 * The ids of the orders matching a filter, ascending, each locked for the rest of the transaction: a
 * concurrent change to one of them waits for the caller's commit, and two callers lock in the same
 * order, so they cannot deadlock.
 */
export async function lockOrdersMatching(tx: Executor, filters: AdminOrderFilters): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(orderFilterWhere(filters))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** An order as a bulk status change leaves it, with the units that moved. */
export interface MovedOrder {
  id: number;
  orderNumber: string;
  userId: number | null;
  productName: string;
  quantity: number;
  status: Stage;
  changed: UnitChange[];
}

export interface BulkStatusChange {
  /** Orders already locked by the caller (lockOrdersMatching). */
  orderIds: readonly number[];
  to: Stage;
  actor: Actor;
}

interface MovedRow {
  unit_id: number;
  order_id: number;
  item_number: number;
  from_status: Stage;
  order_number: string;
  user_id: number | null;
  product_name: string;
  quantity: number;
}

/**
 * Every unit of these orders to one stage, set-based: one statement moves the units, writes one event
 * per moved unit and the orders' derived status (every unit is then at `to`, so that is the order's
 * status too), then `units.bulk_status_changed` is published once for the listeners (mail, webhooks),
 * all in the caller's transaction. The same rows and event data as one change per order would write
 * (status.ts), without a round trip per order.
 */
export async function changeStatusOfOrders(
  events: OrderEvents,
  tx: Executor,
  change: BulkStatusChange,
  now: Date,
): Promise<MovedOrder[]> {
  if (change.orderIds.length === 0) return [];
  const ids = arrayParam(change.orderIds, 'int[]');
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with target as (
      select i.id, i.order_id, i.item_number, i.status as from_status
      from order_items i
      where i.order_id = any(${ids}) and i.status <> ${change.to}
    ),
    moved as (
      update order_items i set status = ${change.to}, status_changed_at = ${at}::timestamptz,
        updated_at = ${at}::timestamptz
      from target t where i.id = t.id
      returning i.id, i.order_id, i.item_number, t.from_status
    ),
    logged as (
      insert into event_logs (order_id, order_item_id, timestamp, stage, type, data, initiated_by)
      select m.order_id, m.id, ${at}::timestamptz, ${change.to}, 'ORDER_ITEM_STATUS_UPDATED',
        jsonb_build_object('type', 'ORDER_ITEM_STATUS_UPDATED', 'itemNumber', m.item_number,
          'orderItemId', m.id, 'oldStatus', m.from_status, 'status', ${change.to}::text),
        ${initiatedBy(change.actor)}
      from moved m order by m.order_id, m.item_number
    ),
    touched as (
      update orders o set status = ${change.to}, updated_at = ${at}::timestamptz
      where o.id in (select order_id from moved)
      returning o.id, o.order_id, o.user_id, o.product_name, o.quantity
    )
    select m.id as unit_id, m.order_id, m.item_number, m.from_status, t.order_id as order_number,
      t.user_id, t.product_name, t.quantity
    from moved m join touched t on t.id = m.order_id
    order by m.order_id, m.item_number`);
  const moved = new Map<number, MovedOrder>();
  for (const row of rowsOf<MovedRow>(result)) {
    const orderId = Number(row.order_id);
    let order = moved.get(orderId);
    if (!order) {
      order = {
        id: orderId,
        orderNumber: row.order_number,
        userId: row.user_id === null ? null : Number(row.user_id),
        productName: row.product_name,
        quantity: Number(row.quantity),
        status: change.to,
        changed: [],
      };
      moved.set(orderId, order);
    }
    order.changed.push({
      itemId: Number(row.unit_id),
      itemNumber: Number(row.item_number),
      from: row.from_status,
      to: change.to,
    });
  }
  const list = [...moved.values()];
  if (list.length > 0) {
    await events.publish(tx, {
      type: 'units.bulk_status_changed',
      to: change.to,
      orders: list,
      actor: change.actor,
      notifyCustomer: true,
      at: now,
    });
  }
  return list;
}
