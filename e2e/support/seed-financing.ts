import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The financing journey: one customer whose $47,500 cabin waits for its $5,000 deposit. Only that
 * journey changes it.
 */
export const FINANCING = {
  email: 'finance-fay@example.com',
  password: 'fay-password-1',
  order: { orderId: 'VH7501', productName: 'Lakeside Cabin 480', amount: '4750000' },
} as const;

export async function seedFinancing(db: Db) {
  await createOrderAtStages(db, { ...FINANCING.order, email: FINANCING.email }, [
    { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: '500000' } },
  ]);
}
