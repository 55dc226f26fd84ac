import type { Stage } from './stages.js';

/** The live connection's path. */
export const LIVE_PATH = '/ws';

/** Server → browser: a unit or units of an order moved; `itemNumber` when one unit did. */
export interface LiveStatusUpdate {
  type: 'status_update';
  /** The order's internal id, as in the URL paths. */
  orderId: number;
  status: Stage;
  itemNumber?: number;
}

/** Server → the order's customer and staff: a message was written in the order's conversation. */
export interface LiveMessageCreated {
  type: 'message_created';
  /** The order's internal id, as in the URL paths. */
  orderId: number;
}

/** Browser → server after opening; accepted, never trusted: identity comes from the session cookie. */
export interface LiveAuthenticate {
  type: 'authenticate';
  userId: number;
  isAdmin: boolean;
}

/**
 * Server → staff browsers: bookings or published delivery days changed on these days (`YYYY-MM-DD`);
 * the delivery-days page fetches again.
 */
export interface LiveDeliverySlotsChanged {
  type: 'delivery_slots_changed';
  dates: string[];
}

/**
 * Server → staff browsers: a bulk job changed or deleted `count` orders at once (decision 285); the
 * orders list and the dashboard fetch again. One message per job rather than one per order.
 */
export interface LiveOrdersChanged {
  type: 'orders_changed';
  count: number;
}

/** What only staff sockets receive. */
export type LiveStaffMessage = LiveDeliverySlotsChanged | LiveOrdersChanged;

/** Close code of a socket whose session ended (signed out elsewhere, ended from the sessions list). */
export const LIVE_CLOSE_SESSION_ENDED = 4001;
