import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The delivery-booking journey: one customer with a three-unit $142,500 order. Units 1 and 2 are still
 * at signing and payment ($5,000 deposit due); unit 3 paid its $5,000 deposit by card and is in
 * production, the only one that can be booked.
 */
export const DELIVERY = {
  email: 'delivery-dee@example.com',
  password: 'dee-password-1',
  order: { orderId: 'VH7201', productName: 'Booking Cabin 300', amount: '14250000' },
} as const;

export async function seedDelivery(db: Db) {
  await createOrderAtStages(db, { ...DELIVERY.order, email: DELIVERY.email }, [
    { stage: 'DOCUMENTS_SIGNING' },
    { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: '500000' } },
    {
      stage: 'PRODUCTION',
      stageData: { paymentAmount: '500000', paymentStatus: 'paid', paymentMethod: 'card' },
    },
  ]);
}
