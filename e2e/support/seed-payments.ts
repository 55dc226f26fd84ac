import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The payment journeys' customer: three orders, each one unit awaiting its deposit. The card and bank
 * journeys pay the first two; the third is only looked at (dialog, test checkout), never paid.
 */
export const PIA = {
  email: 'pay-pia@example.com',
  password: 'pia-password-1',
  byCard: { orderId: 'VH9101', productName: 'Cabin 400', deposit: 750_000, shown: '$7,500.00' },
  byBank: { orderId: 'VH9102', productName: 'Studio 240', deposit: 250_000, shown: '$2,500.00' },
  lookedAt: { orderId: 'VH9103', productName: 'Backyard Office 120', deposit: 125_050, shown: '$1,250.50' },
} as const;

export async function seedPayments(db: Db) {
  const day = 86_400_000;
  for (const [index, order] of [PIA.byCard, PIA.byBank, PIA.lookedAt].entries()) {
    await createOrderAtStages(
      db,
      {
        orderId: order.orderId,
        productName: order.productName,
        email: PIA.email,
        orderDate: new Date(Date.now() - (index + 1) * day),
        zipCode: '78701',
      },
      [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: order.deposit, paymentStatus: 'pending' } }],
    );
  }
}
