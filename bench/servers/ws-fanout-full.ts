/**
 * The product's whole stack for the WebSocket fan-out benchmark: buildApp with a silent logger on an
 * in-memory PGlite, or on the PostgreSQL database BENCH_DATABASE_URL names; one customer with one
 * order, and the sessions the harness names (BENCH_ADMIN_TOKEN, BENCH_CUSTOMER_TOKEN). A status change
 * goes through the real admin route, changeItemStatus, NOTIFY, the listener and the hub.
 *
 * The idle sockets of the "among 10 000" figure belong to BENCH_IDLE_CUSTOMERS other customers, whose
 * session tokens are idleSessionToken(BENCH_CUSTOMER_TOKEN, i).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';
import { hashToken } from '../../src/server/lib/crypto.js';
import { idleSessionToken } from '../lib/idle-fleet-process.js';
import { announceListening } from '../lib/server-process.js';

const adminToken = process.env.BENCH_ADMIN_TOKEN;
const customerToken = process.env.BENCH_CUSTOMER_TOKEN;
if (!adminToken || !customerToken) throw new Error('BENCH_ADMIN_TOKEN and BENCH_CUSTOMER_TOKEN are required');

const databaseUrl = process.env.BENCH_DATABASE_URL;
const idleCustomers = Number(process.env.BENCH_IDLE_CUSTOMERS ?? 0);

const database = databaseUrl
  ? openDatabase({ url: databaseUrl, poolSize: 10 })
  : openDatabase({ dataDir: null });
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
const idle =
  idleCustomers === 0
    ? []
    : await db
        .insert(users)
        .values(
          Array.from({ length: idleCustomers }, (_, i) => ({
            email: `bench-idle-${i}@example.com`,
            role: 'USER' as const,
            verified: true,
          })),
        )
        .returning({ id: users.id });
if (idle.length > 0) {
  await db.insert(sessions).values(
    idle.map((user, i) => ({
      tokenHash: hashToken(idleSessionToken(customerToken, i)),
      userId: user.id,
      createdAt: now,
      expiresAt,
    })),
  );
}
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
