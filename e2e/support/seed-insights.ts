import type { Db } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';
import { hashPassword } from '../../src/server/lib/crypto.js';

/**
 * The Insights journey: a product of its own (so the screen filtered on it counts only this order's
 * unit) and a member of operations staff who moves the unit while an admin watches the flow chart.
 */
export const INSIGHTS = {
  product: 'Insight Barn 300',
  order: { orderId: 'VH9471', productName: 'Insight Barn 300' },
  operations: { email: 'insights-ops@example.com', password: 'insights-password-1' },
} as const;

export async function seedInsights(db: Db) {
  await createOrderAtStages(db, INSIGHTS.order, [{ stage: 'SITE_PREP' }]);
  await db.insert(users).values({
    email: INSIGHTS.operations.email,
    password: await hashPassword(INSIGHTS.operations.password),
    role: 'OPERATIONS',
    verified: true,
  });
}
