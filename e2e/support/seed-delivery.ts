import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The delivery-booking journey: one customer with a three-unit order. Units 1 and 2 are still at
 * signing and payment; unit 3 is in production, the only one that can be booked.
 */
export const DELIVERY = {
  email: 'delivery-dee@example.com',
  password: 'dee-password-1',
  order: { orderId: 'VH7201', productName: 'Booking Cabin 300' },
} as const;

export async function seedDelivery(db: Db) {
  await createOrderAtStages(db, { ...DELIVERY.order, email: DELIVERY.email }, [
    { stage: 'DOCUMENTS_SIGNING' },
    { stage: 'FINANCING_PAYMENT' },
    { stage: 'PRODUCTION' },
  ]);
}
