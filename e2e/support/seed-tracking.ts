import type { Db } from '../../src/server/db/client.js';
import { enqueueOrderConfirmation } from '../../src/server/features/notifications/index.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The tracking journey: an order placed with an e-mail only (its customer has no password, so cannot
 * sign in), full of personal details, whose confirmation mail is queued; the server sends it on start.
 */
export const TRACKING = {
  email: 'tracking-guest@example.com',
  order: { orderId: 'VH7301', productName: 'Tracking Cabin 320' },
  phoneNumber: '+1 512 555 0177',
  street: '9 Larkspur Bend',
  amount: '4719900',
  transactionId: 'pi_e2eTrackingSecret',
} as const;

export async function seedTracking(db: Db) {
  const { order } = await createOrderAtStages(
    db,
    {
      ...TRACKING.order,
      email: TRACKING.email,
      zipCode: '78701',
      phoneNumber: TRACKING.phoneNumber,
      shippingAddress: { street: TRACKING.street, city: 'Austin', state: 'TX', zipCode: '78701' },
      amount: TRACKING.amount,
      paymentMethod: 'card',
      transactionId: TRACKING.transactionId,
    },
    [
      { stage: 'PRODUCTION', stageData: { documentUrl: 'https://sign.example/doc/e2e-tracking' } },
      { stage: 'DOCUMENTS_PENDING' },
    ],
  );
  await db.transaction((tx) =>
    enqueueOrderConfirmation(tx, { orderId: order.id, created: true }, new Date()),
  );
}
