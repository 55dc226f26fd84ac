import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The portal-languages journeys: a customer who switches to Spanish and one who switches to French,
 * each with an order whose units show the onboarding action, production and a payment (so the pages
 * carry their longest texts). Their own accounts: a language is stored per account.
 */
export const LANGUAGES = {
  es: {
    email: 'idioma-luz@example.com',
    password: 'luz-password-1',
    order: { orderId: 'VH6401', productName: 'Casa Estudio 240' },
  },
  fr: {
    email: 'langue-flore@example.com',
    password: 'flore-password-1',
    order: { orderId: 'VH6402', productName: 'Chalet Atelier 300' },
  },
} as const;

export async function seedLanguages(db: Db) {
  for (const customer of Object.values(LANGUAGES)) {
    await createOrderAtStages(
      db,
      {
        ...customer.order,
        email: customer.email,
        zipCode: '78701',
        shippingAddress: { street: '500 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701' },
        phoneNumber: '5125550188',
        amount: '8450000',
      },
      [
        { stage: 'LOCATION_ENABLED' },
        { stage: 'PRODUCTION' },
        { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 845_000, paymentStatus: 'pending' } },
      ],
    );
  }
}
