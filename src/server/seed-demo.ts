import 'dotenv/config';
import { ADMIN_STAGES, type Stage } from '../shared/stages.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { settings, users } from './db/schema.js';
import { ensureFirstAdmin } from './features/auth/first-admin.js';
import { createOrder } from './features/orders/create.js';
import { hashPassword } from './lib/crypto.js';

const DEMO_PASSWORD = 'demo-password';
const CUSTOMERS = [
  { email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Martin', phoneNumber: '5125550143' },
  { email: 'noah@example.com', firstName: 'Noah', lastName: 'Garcia', phoneNumber: '7375550178' },
  { email: 'emma@example.com', firstName: 'Emma', lastName: 'Chen', phoneNumber: '5125550199' },
];
const PRODUCTS = ['Studio 240', 'Cabin 400', 'Backyard Office 120', 'Tiny Home 320'];
const ZIP_CODES = ['78701', '78702', '78704', '78745'];

/** Demo customers, orders in every stage (one of them with units in different stages), service areas. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const password = await hashPassword(DEMO_PASSWORD);

  await database.db.transaction(async (tx) => {
    for (const customer of CUSTOMERS) {
      await tx
        .insert(users)
        .values({ ...customer, password, verified: true })
        .onConflictDoNothing({ target: users.email });
    }
    const stagesToSeed: Array<Stage | Stage[]> = [
      ...ADMIN_STAGES,
      'DOCUMENTS_PENDING',
      ['LOCATION_ENABLED', 'DOCUMENTS_SIGNING', 'PRODUCTION'],
    ];
    let number = 1000;
    for (const [index, status] of stagesToSeed.entries()) {
      const customer = CUSTOMERS[index % CUSTOMERS.length];
      const quantity = Array.isArray(status) ? status.length : 1 + (index % 2);
      const zipCode = ZIP_CODES[index % ZIP_CODES.length] ?? null;
      await tx
        .insert(settings)
        .values({ key: 'enabledZipCodes', category: 'serviceareas', value: ZIP_CODES })
        .onConflictDoNothing({ target: settings.key });
      const orderId = `VH${++number}`;
      const existing = await tx.query.orders.findFirst({ where: (o, { eq }) => eq(o.orderId, orderId) });
      if (existing) continue;
      await createOrder(tx, {
        orderId,
        productName: PRODUCTS[index % PRODUCTS.length] ?? 'Studio 240',
        quantity,
        email: index === stagesToSeed.length - 2 ? null : customer?.email,
        orderDate: new Date(Date.now() - (stagesToSeed.length - index) * 7 * 86_400_000),
        status,
        zipCode,
        amount: String(45_000 + index * 2_500),
        shippingAddress: {
          street: `${100 + index} Congress Ave`,
          city: 'Austin',
          state: 'TX',
          zipCode: zipCode ?? '',
        },
        initiatedBy: 'system',
      });
    }
  });
  await database.close();
  console.log(
    `Demo data ready: customers ${CUSTOMERS.map((c) => c.email).join(', ')} (password ${DEMO_PASSWORD}).`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
