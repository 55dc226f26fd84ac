/** How orders and units are named on the customer's screens. */
import { itemLabel, orderLabel } from '../../../shared/format.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';

/**
 * Each order's shown id: a 'VH…' business id as is, otherwise 'VH' plus its two-digit position. The
 * position counts from the customer's oldest order, so a new order does not renumber the others.
 */
export function orderLabels(
  orders: readonly Pick<OrderDto, 'id' | 'orderId' | 'orderDate'>[],
): Map<number, string> {
  const oldestFirst = [...orders].sort(
    (a, b) => Date.parse(a.orderDate) - Date.parse(b.orderDate) || a.id - b.id,
  );
  return new Map(oldestFirst.map((order, index) => [order.id, orderLabel(order.orderId, index + 1)]));
}

/** A unit's name, which tells apart the units of one order and those of different orders. */
export function unitLabel(shownOrderId: string, itemNumber: number): string {
  return `${shownOrderId} · ${itemLabel(itemNumber)}`;
}
