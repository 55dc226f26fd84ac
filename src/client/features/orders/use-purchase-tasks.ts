import { taskLabel } from '../../../shared/format.js';
import type { OrderDto, StageDataDto } from '../../../shared/schemas/orders.js';
import { isPaidStatus } from '../../../shared/schemas/orders.js';
import type { Stage } from '../../../shared/stages.js';
import { useOrders } from './api';

/** A pending customer action shown under 'Purchase Tasks'. */
export interface PurchaseTask {
  /** Unique per unit: the order's id and the item number. */
  key: string;
  /** Internal order id, for the link to /orders/:id. */
  orderId: number;
  /** The order's business id, so that two orders' 'VH 01' can be told apart. */
  orderNumber: string;
  /** 'VH NN' (taskLabel in src/shared/format.ts). */
  label: string;
  /** What the customer has to do, e.g. 'Complete onboarding form'. */
  description: string;
}

const TASKS: Partial<Record<Stage, string>> = {
  LOCATION_ENABLED: 'Complete onboarding form',
  DOCUMENTS_SIGNING: 'Sign required documents',
  FINANCING_PAYMENT: 'Complete payment',
  SITE_PREP: 'Site preparation in progress',
  FINAL_DOCUMENTS: 'Final documents ready',
};

function taskFor(status: Stage, stageData: StageDataDto): string | undefined {
  // A paid deposit is no longer a task, whatever the unit's status still says.
  if (status === 'FINANCING_PAYMENT' && isPaidStatus(stageData.paymentStatus)) return undefined;
  return TASKS[status];
}

/**
 * The tasks of every unit of the customer's orders. An order without items makes one task per unit
 * of its quantity from the order's own status.
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
      const description = taskFor(unit.status, unit.stageData);
      if (!description) continue;
      tasks.push({
        key: `${order.id}-${unit.itemNumber}`,
        orderId: order.id,
        orderNumber: order.orderId,
        label: taskLabel(unit.itemNumber),
        description,
      });
    }
  }
  return tasks;
}

/** The customer's pending tasks, from the order list (which embeds each order's items). */
export function usePurchaseTasks(): PurchaseTask[] {
  const { data } = useOrders();
  return data ? purchaseTasks(data) : [];
}
