import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/** The conversations journey: one customer with one order in its final documentation. */
export const CONVO = {
  email: 'convo-cora@example.com',
  password: 'cora-password-1',
  order: { orderId: 'CV-9101', productName: 'Garden Studio 180' },
} as const;

export async function seedConversations(db: Db) {
  await createOrderAtStages(db, { ...CONVO.order, email: CONVO.email }, [{ stage: 'FINAL_DOCUMENTS' }]);
}
