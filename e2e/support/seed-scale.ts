import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { createOrderAtStages, seedBulkOrders } from '../../src/server/features/orders/index.js';
import { hashPassword } from '../../src/server/lib/crypto.js';
import type { Stage } from '../../src/shared/stages.js';

/**
 * The back office at scale (e2e/back-office-at-scale.spec.ts), on a data folder of its own so no
 * other journey's lists or counts see these orders: 100 000 orders, set-based (seedBulkOrders spreads
 * them evenly over the ten stages), the newest of them an imported order with a long ID, and a member
 * of operations staff who watches the list while an admin moves 30 000 of them.
 */
export const SCALE = {
  total: 100_000,
  /** Three stages of 10 000 orders each, chosen through the Stage chip and moved in one job. */
  stages: ['LOCATION_ENABLED', 'DOCUMENTS_SIGNING', 'FINANCING_PAYMENT'] as const satisfies readonly Stage[],
  matching: 30_000,
  longId: { orderId: 'SCALE-2026-EXPORT-000123456', productName: 'Scale Long Id' },
  operations: { email: 'scale-ops@example.com', password: 'scale-ops-password-1' },
} as const;

export async function seedScale(dataDir: string) {
  const database = openDatabase({ dataDir });
  await database.migrate();
  const db = database.db;
  // 99 999 generated orders leave ORDER_PLACED one short of 10 000; the long-ID order, delivered, makes
  // the 100 000 and stays out of the three stages, which hold 10 000 each.
  await seedBulkOrders(db, SCALE.total - 1);
  await createOrderAtStages(db, { ...SCALE.longId, email: 'scale-long-id@example.com' }, [
    { stage: 'DELIVERED' },
  ]);
  // The generated customers asked for no e-mail or text: a job over 30 000 orders would otherwise
  // queue about 24 000 stage-change mails, whose sending (server and mail catcher alike) only costs the
  // journey time. Those mails are the server suites' and the bulk-status benchmark's to check.
  await db.execute(
    sql`update users set notification_prefs = '{"email": false, "sms": false}'::jsonb where email like 'bulk-%'`,
  );
  await db.insert(users).values({
    email: SCALE.operations.email,
    password: await hashPassword(SCALE.operations.password),
    role: 'OPERATIONS',
    verified: true,
  });
  await database.close();
}
