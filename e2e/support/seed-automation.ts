import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/** The automation journey's guest order (VH817x); only that journey changes it. */
export const AUTOMATION_ORDERS = {
  placed: { orderId: 'VH8170', productName: 'Studio 240' },
} as const;

export async function seedAutomation(db: Db) {
  await createOrderAtStages(db, AUTOMATION_ORDERS.placed, [{ stage: 'ORDER_PLACED' }]);
}
