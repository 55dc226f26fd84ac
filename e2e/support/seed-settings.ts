import type { Db } from '../../src/server/db/client.js';
import { settings } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The service-area journeys' orders, in ZIP codes no other journey uses (99xxx). 99003 is enabled
 * already and VH9903 waits in it at Order Placed, as an order would that arrived after its code was
 * enabled: only a revalidation moves it.
 */
export const SERVICE_AREA_ORDERS = {
  /** Both units move when 99001 is added. */
  twoPlaced: { orderId: 'VH9901', productName: 'Studio 240', zipCode: '99001' },
  /** Unit 1 moves when 99002 is added; unit 2, further along, stays in production. */
  mixed: { orderId: 'VH9902', productName: 'Cabin 400', zipCode: '99002' },
  /** Moved only by 'Revalidate All Orders'. */
  waiting: { orderId: 'VH9903', productName: 'Backyard Office 120', zipCode: '99003' },
} as const;

export const SEEDED_ZIP_CODES = ['99003'];

export async function seedSettings(db: Db) {
  const { twoPlaced, mixed, waiting } = SERVICE_AREA_ORDERS;
  await createOrderAtStages(db, twoPlaced, [{ stage: 'ORDER_PLACED' }, { stage: 'ORDER_PLACED' }]);
  await createOrderAtStages(db, mixed, [{ stage: 'ORDER_PLACED' }, { stage: 'PRODUCTION' }]);
  await createOrderAtStages(db, waiting, [{ stage: 'ORDER_PLACED' }]);
  await db
    .insert(settings)
    .values({ key: 'enabledZipCodes', category: 'serviceareas', value: SEEDED_ZIP_CODES });
}
