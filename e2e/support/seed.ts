/**
 * The customers and orders the journeys run against, written through the service layer before the
 * server starts (PGlite allows one process at a time). Each customer's account exists only from their
 * orders (PENDING), so a journey signs them up through the real sign-in screen.
 */
import { openDatabase } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';
import { seedAdminOrders } from './seed-admin-orders.js';
import { seedAutomation } from './seed-automation.js';
import { seedBulk } from './seed-bulk.js';
import { seedClarity } from './seed-clarity.js';
import { seedConversations } from './seed-conversations.js';
import { seedCustomers } from './seed-customers.js';
import { seedDelivery } from './seed-delivery.js';
import { seedDetails } from './seed-details.js';
import { seedFinancing } from './seed-financing.js';
import { seedInsights } from './seed-insights.js';
import { seedKeyboard } from './seed-keyboard.js';
import { seedLanguages } from './seed-languages.js';
import { seedLive } from './seed-live.js';
import { seedPayments } from './seed-payments.js';
import { seedSettings } from './seed-settings.js';
import { seedTracking } from './seed-tracking.js';
import { seedWebhooks } from './seed-webhooks.js';

export const ANN = {
  email: 'portal-ann@example.com',
  password: 'ann-password-1',
  /** One unit waiting for onboarding. */
  studio: { orderId: 'VH5001', productName: 'Studio 240' },
  /** Three units: a ready document, a deposit to pay, one in production. */
  cabin: { orderId: 'ORD-880', productName: 'Cabin 400' },
} as const;

export const BEN = {
  email: 'portal-ben@example.com',
  password: 'ben-password-1',
  tinyHome: { orderId: 'VH6001', productName: 'Tiny Home 320' },
  /** Unit 1 waits for onboarding, unit 2 is delivered. */
  office: { orderId: 'VH6002', productName: 'Backyard Office 120' },
} as const;

/** The onboarding journeys: a Business application… */
export const DANA = {
  email: 'onboard-dana@example.com',
  password: 'dana-password-1',
  studio: { orderId: 'VH8001', productName: 'Studio 240' },
} as const;

/** …and an Individual one, on the first of two units. */
export const ERIC = {
  email: 'onboard-eric@example.com',
  password: 'eric-password-1',
  office: { orderId: 'VH8101', productName: 'Backyard Office 120' },
} as const;

/** Looked at but never changed: the accessibility and screenshot passes open every dialog here. */
export const CLEO = {
  email: 'portal-cleo@example.com',
  password: 'cleo-password-1',
  cabin: { orderId: 'VH7001', productName: 'Cabin 400' },
  studio: { orderId: 'VH7002', productName: 'Studio 240' },
  office: { orderId: 'VH7003', productName: 'Backyard Office 120' },
} as const;

export const DELIVERY_DATE = new Date('2027-03-15T12:00:00Z');

export async function seedJourneyData(dataDir: string, documentBaseUrl: string) {
  const database = openDatabase({ dataDir });
  await database.migrate();
  const db = database.db;
  const day = 86_400_000;
  const address = { street: '500 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701' };
  await createOrderAtStages(
    db,
    { ...ANN.studio, email: ANN.email, orderDate: new Date(Date.now() - 2 * day), zipCode: '78701' },
    [{ stage: 'LOCATION_ENABLED' }],
  );
  await createOrderAtStages(
    db,
    {
      ...ANN.cabin,
      email: ANN.email,
      orderDate: new Date(Date.now() - 30 * day),
      zipCode: '78702',
      shippingAddress: address,
      phoneNumber: '5125550143',
      paymentMethod: 'card',
      amount: '7500000',
    },
    [
      {
        stage: 'DOCUMENTS_PENDING',
        stageData: {
          documentStatus: 'ready',
          documentUrl: `${documentBaseUrl}/documents/purchase-agreement`,
        },
      },
      { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 750_000, paymentStatus: 'pending' } },
      { stage: 'PRODUCTION', stageData: { deliveryDate: DELIVERY_DATE.toISOString() } },
    ],
  );
  await createOrderAtStages(
    db,
    { ...BEN.tinyHome, email: BEN.email, orderDate: new Date(Date.now() - 10 * day), zipCode: '78745' },
    [{ stage: 'SITE_PREP' }],
  );
  await createOrderAtStages(
    db,
    { ...BEN.office, email: BEN.email, orderDate: new Date(Date.now() - 5 * day), zipCode: '78704' },
    [{ stage: 'LOCATION_ENABLED' }, { stage: 'DELIVERED' }],
  );
  await createOrderAtStages(db, { ...DANA.studio, email: DANA.email, zipCode: '78701' }, [
    { stage: 'LOCATION_ENABLED' },
  ]);
  await createOrderAtStages(db, { ...ERIC.office, email: ERIC.email, zipCode: '78704' }, [
    { stage: 'LOCATION_ENABLED' },
    { stage: 'DELIVERED' },
  ]);
  await createOrderAtStages(
    db,
    {
      ...CLEO.cabin,
      email: CLEO.email,
      orderDate: new Date(Date.now() - 3 * day),
      zipCode: '78701',
      shippingAddress: address,
      phoneNumber: '5125550177',
      paymentMethod: 'card',
      amount: '6900000',
    },
    [
      { stage: 'LOCATION_ENABLED' },
      {
        stage: 'DOCUMENTS_SIGNING',
        stageData: { documentStatus: 'ready', documentUrl: `${documentBaseUrl}/documents/site-agreement` },
      },
      { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 690_000, paymentStatus: 'processing' } },
    ],
  );
  await createOrderAtStages(
    db,
    {
      ...CLEO.studio,
      email: CLEO.email,
      orderDate: new Date(Date.now() - 90 * day),
      zipCode: '78704',
      shippingAddress: '12 Barton Springs Rd, Austin, TX 78704',
    },
    [{ stage: 'DELIVERED', stageData: { deliveryDate: new Date(Date.now() - 20 * day).toISOString() } }],
  );
  await createOrderAtStages(
    db,
    { ...CLEO.office, email: CLEO.email, orderDate: new Date(Date.now() - 40 * day), zipCode: '78745' },
    [
      { stage: 'PRODUCTION', stageData: { deliveryDate: DELIVERY_DATE.toISOString() } },
      { stage: 'SITE_PREP' },
    ],
  );
  // Each journey area seeds its own rows, so no journey depends on another's changes.
  await seedPayments(db);
  await seedAdminOrders(db);
  await seedCustomers(db);
  await seedSettings(db);
  await seedWebhooks(db);
  await seedLive(db);
  await seedBulk(db);
  await seedInsights(db);
  await seedDelivery(db);
  await seedFinancing(db);
  await seedAutomation(db);
  await seedTracking(db);
  await seedClarity(db);
  await seedConversations(db);
  await seedLanguages(db);
  await seedDetails(db, documentBaseUrl);
  await seedKeyboard(db);
  await database.close();
}
