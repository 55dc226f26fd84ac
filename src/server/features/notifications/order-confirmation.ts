import type { Executor } from '../../db/client.js';

/**
 * Queues the customer's e-mail about an order created or updated for them by an import with
 * sendNotification on. INTEGRATIONS ISSUE (#6): implement (mail_outbox, same sending path as the
 * stage-change mail).
 */
export async function enqueueOrderConfirmation(
  _tx: Executor,
  _order: { orderId: number; created: boolean },
  _now: Date,
): Promise<void> {}
