import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The webhook journeys' orders (VH815x; VH8101 belongs to the onboarding journeys), in ZIP codes no
 * other journey uses (981xx). Only the webhooks journey changes them.
 */
export const WEBHOOK_ORDERS = {
  /** Moved by the order-status webhook the journey sends. */
  placed: { orderId: 'VH8150', productName: 'Studio 240', zipCode: '98150' },
} as const;

export async function seedWebhooks(db: Db) {
  await createOrderAtStages(db, WEBHOOK_ORDERS.placed, [{ stage: 'ORDER_PLACED' }]);
}
