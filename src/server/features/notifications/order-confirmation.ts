import { trackingPath } from '../../../shared/schemas/tracking.js';
import type { Executor } from '../../db/client.js';
import { mailStageLabel, recipientLocale } from '../../mail/i18n.js';
import { orderConfirmationMail } from '../../mail/templates.js';
import { findOrderForConfirmation } from '../orders/index.js';
import { enqueueMail } from './outbox.js';

/**
 * Queues the customer's e-mail about an order created or updated for them by an import with
 * sendNotification on, through the same queue as the stage-change mail, with the order's tracking
 * link. It goes to the e-mail the order came with (the customer it is linked to, often one with no
 * password yet); an order with no e-mail has no one to mail, and one whose customer turned e-mail
 * notifications off gets nothing.
 */
export async function enqueueOrderConfirmation(
  tx: Executor,
  order: { orderId: number; created: boolean },
  now: Date,
): Promise<void> {
  const row = await findOrderForConfirmation(tx, order.orderId);
  if (!row?.prefs.email) return;
  const locale = await recipientLocale(tx, row.email);
  await enqueueMail(
    tx,
    {
      ...orderConfirmationMail({
        to: row.email,
        locale,
        orderId: row.id,
        orderNumber: row.orderNumber,
        productName: row.productName,
        quantity: row.quantity,
        stageLabel: mailStageLabel(row.status, locale),
        created: order.created,
        trackingPath: trackingPath(row.trackingToken),
      }),
      kind: 'order-confirmation',
      dedupeKey: `order-confirmation:${row.id}:${now.toISOString()}`,
    },
    now,
  );
}
