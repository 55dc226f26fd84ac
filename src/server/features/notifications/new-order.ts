import type { Executor } from '../../db/client.js';
import type { OrderEvent } from '../orders/index.js';
import { enqueueAdminNotice } from './admin-notices.js';

/**
 * Admins are alerted to orders that arrive from outside (an inbound webhook), not to those staff
 * create or import themselves.
 */
export async function enqueueNewOrderAlert(
  tx: Executor,
  event: Extract<OrderEvent, { type: 'order.created' }>,
): Promise<void> {
  if (event.actor.kind !== 'webhook') return;
  await enqueueAdminNotice(tx, { kind: 'new-order', orderId: event.orderId }, event.at);
}
