/**
 * The My Orders search and Filter menu. The Filter button narrows the list by where the customer
 * stands: everything, orders with a step for the customer to take, orders still under way, and
 * delivered orders.
 */
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { orderUnits } from './item-status';
import { hasPendingAction, unitAction } from './unit-stage';

/** The choices and their names' keys in the orders catalogue. */
export const ORDER_FILTERS = [
  { value: 'all', label: 'filter.all' },
  { value: 'action', label: 'filter.action' },
  { value: 'in-progress', label: 'filter.inProgress' },
  { value: 'delivered', label: 'filter.delivered' },
] as const;

export type OrderFilter = (typeof ORDER_FILTERS)[number]['value'];

export function isOrderFilter(value: string): value is OrderFilter {
  return ORDER_FILTERS.some((f) => f.value === value);
}

export function matchesFilter(order: OrderDto, filter: OrderFilter): boolean {
  const units = orderUnits(order);
  switch (filter) {
    case 'all':
      return true;
    case 'action':
      return units.some((unit) => hasPendingAction(unitAction(unit)));
    case 'in-progress':
      return units.some((unit) => unit.status !== 'DELIVERED');
    case 'delivered':
      return units.every((unit) => unit.status === 'DELIVERED');
  }
}

/** Order id (its name, src/shared/unit-name.ts) or product name containing the query, in any case. */
export function matchesSearch(order: OrderDto, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [order.orderId, order.productName].some((text) => text.toLowerCase().includes(needle));
}
