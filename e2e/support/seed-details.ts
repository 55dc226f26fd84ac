import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

/**
 * The back-office details journey: one customer whose unit is at signing with a document the
 * signing partner no longer has (its address answers 404).
 */
export const DETAILS = {
  email: 'details-dora@example.com',
  password: 'dora-password-1',
  order: { orderId: 'DT-9201', productName: 'Lakeside Studio 220' },
} as const;

export async function seedDetails(db: Db, documentBaseUrl: string) {
  await createOrderAtStages(db, { ...DETAILS.order, email: DETAILS.email }, [
    {
      stage: 'DOCUMENTS_SIGNING',
      stageData: { documentStatus: 'ready', documentUrl: `${documentBaseUrl}/expired/site-agreement` },
    },
  ]);
}
