import type { Stage } from './stages.js';

/** The live connection's path (customer spec §4). */
export const LIVE_PATH = '/ws';

/** Server → browser (DESIGN §9): a unit or units of an order moved; `itemNumber` when one unit did. */
export interface LiveStatusUpdate {
  type: 'status_update';
  /** The order's internal id, as in the URL paths. */
  orderId: number;
  status: Stage;
  itemNumber?: number;
}

/** Browser → server after opening (customer spec §4); accepted, never trusted (DESIGN §8). */
export interface LiveAuthenticate {
  type: 'authenticate';
  userId: number;
  isAdmin: boolean;
}
