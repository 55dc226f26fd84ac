/**
 * The product's whole stack for the WebSocket fan-out benchmark: buildApp on an in-memory PGlite with
 * a silent logger, one customer with one order, and the sessions the harness names (BENCH_ADMIN_TOKEN,
 * BENCH_CUSTOMER_TOKEN). A status change goes through the real admin route, changeItemStatus, NOTIFY,
 * the listener and the hub.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';
import { hashToken } from '../../src/server/lib/crypto.js';
import { announceListening } from '../lib/server-process.js';

const adminToken = process.env.BENCH_ADMIN_TOKEN;
const customerToken = process.env.BENCH_CUSTOMER_TOKEN;
if (!adminToken || !customerToken) throw new Error('BENCH_ADMIN_TOKEN and BENCH_CUSTOMER_TOKEN are required');

const database = openDatabase({ dataDir: null });
await database.migrate();
const db = database.db;
const [admin, customer] = await db
  .insert(users)
  .values([
    { email: 'bench-admin@example.com', role: 'ADMIN', verified: true },
    { email: 'bench-customer@example.com', role: 'USER', verified: true },
  ])
  .returning({ id: users.id });
const now = new Date();
const expiresAt = new Date(now.getTime() + 86_400_000);
await db.insert(sessions).values([
  { tokenHash: hashToken(adminToken), userId: admin!.id, createdAt: now, expiresAt },
  { tokenHash: hashToken(customerToken), userId: customer!.id, createdAt: now, expiresAt },
]);
await createOrderAtStages(
  db,
  { orderId: 'VH9901', productName: 'Bench Cabin', email: 'bench-customer@example.com' },
  [{ stage: 'SITE_PREP' }],
);

const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: null });
await app.listen({ port: 0, host: '127.0.0.1' });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

announceListening((app.server.address() as AddressInfo).port);
