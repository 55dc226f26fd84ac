import type { NotificationSettings } from '../../../shared/schemas/settings.js';
import { trackingPath } from '../../../shared/schemas/tracking.js';
import type { Executor } from '../../db/client.js';
import { mailStageLabel, recipientLocale } from '../../mail/i18n.js';
import { orderConfirmationMail } from '../../mail/templates.js';
import { findOrderForConfirmation, type OrderEvent, type OrderWay } from '../orders/index.js';
import { readSettingsIn } from '../settings/index.js';
import { enqueueMail } from './outbox.js';

/**
 * Queues the customer's e-mail about an order created for them (or updated by an import with
 * sendNotification on), through the same queue as the stage-change mail, with the order's tracking
 * link, in the customer's language. It goes to the e-mail the order came with (the customer it is
 * linked to, often one with no password yet, whom it tells how to set one up); an order with no e-mail
 * has no one to mail, and one whose customer turned e-mail notifications off gets nothing.
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
        hasPassword: row.hasPassword,
      }),
      kind: 'order-confirmation',
      dedupeKey: `order-confirmation:${row.id}:${now.toISOString()}`,
    },
    now,
  );
}

/**
 * The Notifications setting that switches each way's confirmations; the import answers to its own
 * sendNotification switch (it confirms what it touched itself) and seeded orders are never confirmed.
 */
const SETTING: Partial<Record<OrderWay, keyof NotificationSettings>> = {
  webhook: 'confirmWebhookOrders',
  admin: 'confirmAdminOrders',
};

/** Listener of `order.created`: every new order with an e-mail is confirmed, unless its way is off. */
export async function confirmNewOrder(
  tx: Executor,
  event: Extract<OrderEvent, { type: 'order.created' }>,
): Promise<void> {
  const setting = SETTING[event.way];
  if (!setting) return;
  const preferences = await readSettingsIn(tx, 'notifications');
  if (!preferences[setting]) return;
  await enqueueOrderConfirmation(tx, { orderId: event.orderId, created: true }, event.at);
}
