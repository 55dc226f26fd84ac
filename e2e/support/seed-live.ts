import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/** The live-updates journey: one customer, one order of two units that an admin moves. */
export const LIVE = {
  email: 'live-lia@example.com',
  password: 'lia-password-1',
  order: { orderId: 'VH7101', productName: 'Live Cabin 400' },
} as const;

export async function seedLive(db: Db) {
  await createOrderAtStages(db, { ...LIVE.order, email: LIVE.email }, [
    { stage: 'SITE_PREP' },
    { stage: 'SITE_PREP' },
  ]);
}
