import type { Db } from '../../src/server/db/client.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';

const DAY = 86_400_000;

/**
 * Orders the back-office keyboard and table journeys read and move (back-office-keyboard.spec.ts).
 * Their products hold 'AOK', which no other journey searches for.
 */
export const KEYBOARD_ORDERS = {
  search: 'AOK',
  /** Found by its ID in the command palette and moved on by keyboard alone, then moved back. */
  moved: { orderId: 'VH1071735', productName: 'AOK Keyboard Cabin', stage: 'SITE_PREP' },
  /** An ID far longer than the 'VH' ones: the column must show it whole at 1280 px. */
  longId: { orderId: 'AOK-2026-EXPORT-000123456', productName: 'AOK Long Id', stage: 'ORDER_PLACED' },
  /** One order at each of these stages, for the three-stage filter through the chips. */
  staged: [
    { orderId: 'VH7901', productName: 'AOK Staged One', stage: 'FINANCING_PAYMENT' },
    { orderId: 'VH7902', productName: 'AOK Staged Two', stage: 'PRODUCTION' },
    { orderId: 'VH7903', productName: 'AOK Staged Three', stage: 'DELIVERED' },
    { orderId: 'VH7904', productName: 'AOK Staged Four', stage: 'DOCUMENTS_SIGNING' },
  ],
} as const;

export async function seedKeyboard(db: Db) {
  const now = Date.now();
  const K = KEYBOARD_ORDERS;
  const all = [K.moved, K.longId, ...K.staged];
  for (const [index, { stage, ...order }] of all.entries()) {
    await createOrderAtStages(db, { ...order, orderDate: new Date(now - (120 + index) * DAY) }, [{ stage }]);
  }
}
