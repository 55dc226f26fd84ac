import 'dotenv/config';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirError } from './db/data-dir-lock.js';
import { orders } from './db/schema/orders.js';
import { settings, users } from './db/schema.js';
import { seedDemoPast } from './demo-past.js';
import { announceFirstAdmin, ensureFirstAdmin } from './features/auth/index.js';
import { createOrderAtStages, type SeedUnit, seedBulkOrders } from './features/orders/index.js';
import { hashPassword } from './lib/crypto.js';

const DEMO_PASSWORD = 'demo-password';
const CUSTOMERS = [
  { email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Martin', phoneNumber: '5125550143' },
  { email: 'noah@example.com', firstName: 'Noah', lastName: 'Garcia', phoneNumber: '7375550178' },
  { email: 'emma@example.com', firstName: 'Emma', lastName: 'Chen', phoneNumber: '5125550199' },
];
const PRODUCTS = ['Studio 240', 'Cabin 400', 'Backyard Office 120', 'Tiny Home 320'];
const ZIP_CODES = ['78701', '78702', '78704', '78745'];
const DAY = 86_400_000;

const documentReady = { documentStatus: 'ready', documentUrl: 'https://example.com/' };
const deposit = { paymentAmount: 500_000, paymentStatus: 'pending' };
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Every stage at least once, some orders with units in different stages, one guest order. */
const ORDERS: Array<{ customer: number | null; units: SeedUnit[] }> = [
  { customer: 0, units: [{ stage: 'LOCATION_ENABLED' }] },
  {
    customer: 0,
    units: [
      { stage: 'DOCUMENTS_PENDING', stageData: documentReady },
      { stage: 'FINANCING_PAYMENT', stageData: deposit },
      { stage: 'PRODUCTION', stageData: { deliveryDate: inDays(60) } },
    ],
  },
  { customer: 0, units: [{ stage: 'DELIVERED' }] },
  { customer: 1, units: [{ stage: 'ORDER_PLACED' }] },
  {
    customer: 1,
    units: [{ stage: 'DOCUMENTS_PENDING' }, { stage: 'DOCUMENTS_SIGNING', stageData: documentReady }],
  },
  { customer: 1, units: [{ stage: 'SITE_PREP' }] },
  { customer: 2, units: [{ stage: 'FINANCING_PAYMENT', stageData: { ...deposit, paymentStatus: 'paid' } }] },
  { customer: 2, units: [{ stage: 'DELIVERY_DATE_CONFIRMED', stageData: { deliveryDate: inDays(21) } }] },
  { customer: 2, units: [{ stage: 'FINAL_DOCUMENTS' }, { stage: 'DELIVERED' }] },
  { customer: null, units: [{ stage: 'ORDER_PLACED' }, { stage: 'LOCATION_ENABLED' }] },
];

/** Demo customers, orders in every stage (some with units in different stages), service areas. */
async function main() {
  const bulk = bulkOrderCount(process.env.SEED_ORDERS);
  const config = loadConfig();
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  announceFirstAdmin(
    await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword }),
    config.publicUrl,
  );
  const password = await hashPassword(DEMO_PASSWORD);
  const db = database.db;

  for (const customer of CUSTOMERS) {
    await db
      .insert(users)
      .values({ ...customer, password, verified: true })
      .onConflictDoNothing({ target: users.email });
  }
  await db
    .insert(settings)
    .values({ key: 'enabledZipCodes', category: 'serviceareas', value: ZIP_CODES })
    .onConflictDoNothing({ target: settings.key });

  for (const [index, { customer, units }] of ORDERS.entries()) {
    const orderId = `VH${1001 + index}`;
    const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, orderId));
    if (existing) continue;
    const zipCode = ZIP_CODES[index % ZIP_CODES.length] ?? '78701';
    await createOrderAtStages(
      db,
      {
        orderId,
        productName: PRODUCTS[index % PRODUCTS.length] ?? 'Studio 240',
        email: customer === null ? null : CUSTOMERS[customer]?.email,
        orderDate: new Date(Date.now() - (ORDERS.length - index) * 7 * DAY),
        zipCode,
        amount: String(4_500_000 + index * 250_000),
        paymentMethod: index % 2 === 0 ? 'card' : 'us_bank_account',
        phoneNumber: customer === null ? null : (CUSTOMERS[customer]?.phoneNumber ?? null),
        shippingAddress: { street: `${100 + index} Congress Ave`, city: 'Austin', state: 'TX', zipCode },
      },
      units,
    );
  }
  // Two years of delivered units, so the delivery estimates rest on history from the first start, and
  // the conversations, deposits and delivery days around them, so the Insights charts have figures.
  const past = await seedDemoPast(db);
  if (past) {
    console.log(
      `Added a delivery history of ${past.orders} orders with ${past.units} units, ${past.messages} messages, ${past.payments} deposit payments and ${past.deliveryDays} delivery days with ${past.bookings} bookings.`,
    );
  }
  if (bulk > 0) {
    const added = await seedBulkOrders(db, bulk);
    console.log(
      `Added ${added.orders} orders with ${added.units} units for ${added.customers} new customers.`,
    );
  }
  await database.close();
  console.log(
    `Demo data ready: customers ${CUSTOMERS.map((c) => c.email).join(', ')} (password ${DEMO_PASSWORD}).`,
  );
}

/** `SEED_ORDERS=100000 npm run seed:demo` adds that many orders (load checks of the back office). */
function bulkOrderCount(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
    throw new Error(`SEED_ORDERS must be a whole number from 0 to 1000000, not "${value}"`);
  }
  return count;
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirError ? err.message : err);
  process.exit(1);
});
