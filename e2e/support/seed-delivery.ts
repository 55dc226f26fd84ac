import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/** The delivery-booking journey: one customer whose one unit is in production. */
export const DELIVERY = {
  email: 'delivery-dee@example.com',
  password: 'dee-password-1',
  order: { orderId: 'VH7201', productName: 'Booking Cabin 300' },
} as const;

export async function seedDelivery(db: Db) {
  await createOrderAtStages(db, { ...DELIVERY.order, email: DELIVERY.email }, [{ stage: 'PRODUCTION' }]);
}
