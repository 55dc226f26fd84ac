import type { OrderDto } from '../../../shared/schemas/orders.js';
import { useOrders } from './api';
import { hasPendingAction, type PendingAction, unitAction } from './unit-stage';

/** A pending customer action shown under 'Purchase Tasks'. */
export interface PurchaseTask {
  /** Unique per unit: the order's id and the item number. */
  key: string;
  /** Internal order id, for the link to /orders/:id (never shown). */
  orderId: number;
  /** The order's business id: with the item number, the unit's name (src/shared/unit-name.ts). */
  orderNumber: string;
  itemNumber: number;
  /** What the customer has to do, named by ACTION_KEYS ('Complete onboarding form'). */
  action: PendingAction;
  /** For a payment: the deposit due, in cents, from the order's money; null when none is known. */
  deposit: number | null;
}

/**
 * The tasks of every unit of the customer's orders: exactly the units whose card carries the red '1'
 * (one rule, so the sidebar's count and the cards agree). An order without items makes one task per
 * unit of its quantity from the order's own status.
 */
export function purchaseTasks(orders: readonly OrderDto[]): PurchaseTask[] {
  const tasks: PurchaseTask[] = [];
  for (const order of orders) {
    const units =
      order.items.length > 0
        ? order.items.map((item) => ({
            itemNumber: item.itemNumber,
            status: item.status,
            stageData: item.currentStageData,
          }))
        : Array.from({ length: order.quantity || 1 }, (_, i) => ({
            itemNumber: i + 1,
            status: order.status,
            stageData: order.currentStageData,
          }));
    for (const unit of units) {
      const action = unitAction(unit);
      if (!hasPendingAction(action)) continue;
      tasks.push({
        key: `${order.id}-${unit.itemNumber}`,
        orderId: order.id,
        orderNumber: order.orderId,
        itemNumber: unit.itemNumber,
        action,
        deposit:
          action === 'payment'
            ? (order.money.units.find((money) => money.itemNumber === unit.itemNumber)?.deposit ?? null)
            : null,
      });
    }
  }
  return tasks;
}

/** The customer's pending tasks, from the order list (which embeds each order's items); undefined while it loads. */
export function usePurchaseTasks(): { tasks: PurchaseTask[] | undefined; failed: boolean } {
  const { data, isError } = useOrders();
  // Undefined until the orders are known: "0 tasks" before then would be a guess.
  return { tasks: data && purchaseTasks(data), failed: isError && !data };
}
