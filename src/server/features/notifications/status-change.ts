import type { Executor } from '../../db/client.js';
import type { Actor, StatusChangeResult } from '../orders/status.js';

export interface StatusChangeNotice extends StatusChangeResult {
  actor: Actor;
  /** False: no e-mail to the owner (import with sendNotification off). */
  notifyCustomer: boolean;
}

/**
 * Queues what a stage change tells the outside world, in the change's own transaction: the owner's
 * e-mail (mail_outbox) and the outbound automation webhook (outbound_webhooks). INTEGRATIONS ISSUE
 * (#6): implement.
 */
export async function enqueueStatusChangeNotices(
  _tx: Executor,
  _notice: StatusChangeNotice,
  _now: Date,
): Promise<void> {}
