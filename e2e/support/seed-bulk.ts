import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The bulk journey: orders of one product, all placed more than a year ago (so they stay off the first
 * page of every other journey's unfiltered list), moved together by one job over the filter.
 */
export const BULK = {
  productName: 'Bulk Journey Shed',
  count: 30,
  email: 'bulk-bea@example.com',
} as const;

export async function seedBulk(db: Db) {
  const placed = Date.now() - 400 * 86_400_000;
  for (let i = 0; i < BULK.count; i++) {
    await createOrderAtStages(
      db,
      {
        orderId: `VH88${String(i).padStart(2, '0')}`,
        productName: BULK.productName,
        email: BULK.email,
        orderDate: new Date(placed - i * 60_000),
      },
      [{ stage: 'ORDER_PLACED' }],
    );
  }
}
