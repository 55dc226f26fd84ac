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

/**
 * Server → the staff sockets of the instance running a bulk job: how many of its orders are handled.
 * Sent straight from that instance, never through the database (decision 309): on the embedded
 * database the job's transaction holds the only connection until it ends, so a poll of the job
 * waits until then.
 */
export interface LiveBulkJobProgress {
  type: 'bulk_job_progress';
  jobId: number;
  done: number;
  total: number;
}

/** What only staff sockets receive. */
export type LiveStaffMessage = LiveDeliverySlotsChanged | LiveOrdersChanged | LiveBulkJobProgress;

/** Close code of a socket whose session ended (signed out elsewhere, ended from the sessions list). */
export const LIVE_CLOSE_SESSION_ENDED = 4001;
