import { eq } from 'drizzle-orm';
import { STAGE_LABELS } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { stageChangeMail } from '../../mail/templates.js';
import { enqueueOutboundWebhook } from '../automation/outbound.js';
import { type Actor, initiatedBy, type StatusChangeResult } from '../orders/status.js';
import { enqueueMail } from './outbox.js';

export interface StatusChangeNotice extends StatusChangeResult {
  actor: Actor;
  /** False: no e-mail to the owner (import with sendNotification off). */
  notifyCustomer: boolean;
}

/**
 * Queues what a stage change tells the outside world, in the change's own transaction: the owner's
 * e-mail (mail_outbox) and the outbound automation webhook (outbound_webhooks). Both are sent after
 * commit by the queue workers; a rolled-back change sends nothing.
 */
export async function enqueueStatusChangeNotices(
  tx: Executor,
  notice: StatusChangeNotice,
  now: Date,
): Promise<void> {
  const { order, changed } = notice;
  if (changed.length === 0) return;
  const to = changed[0]?.to ?? order.status;
  const owner = order.userId
    ? (
        await tx
          .select({ id: users.id, email: users.email, prefs: users.notificationPrefs })
          .from(users)
          .where(eq(users.id, order.userId))
      )[0]
    : undefined;

  const froms = new Set(changed.map((unit) => unit.from));
  await enqueueOutboundWebhook(
    tx,
    'order.status_changed',
    {
      orderId: order.id,
      orderNumber: order.orderId,
      productName: order.productName,
      status: to,
      statusLabel: STAGE_LABELS[to],
      previousStatus: froms.size === 1 ? (changed[0]?.from ?? null) : null,
      orderStatus: order.status,
      items: changed.map((unit) => ({
        itemId: unit.itemId,
        itemNumber: unit.itemNumber,
        from: unit.from,
        to: unit.to,
      })),
      customerEmail: owner?.email ?? null,
      initiatedBy: initiatedBy(notice.actor),
      occurredAt: now.toISOString(),
    },
    now,
  );

  // The owner is told of changes made by others: not when they asked for the move themselves.
  const byOwner = notice.actor.kind === 'customer' && notice.actor.userId === order.userId;
  if (!notice.notifyCustomer || !owner || byOwner || !owner.prefs.email) return;
  const itemIds = changed.map((unit) => unit.itemId).join(',');
  await enqueueMail(
    tx,
    {
      ...stageChangeMail({
        to: owner.email,
        orderId: order.id,
        orderNumber: order.orderId,
        productName: order.productName,
        quantity: order.quantity,
        itemNumbers: changed.map((unit) => unit.itemNumber),
        stageLabel: STAGE_LABELS[to],
      }),
      kind: 'stage-change',
      dedupeKey: `stage-change:${order.id}:${itemIds}:${to}:${now.toISOString()}`,
    },
    now,
  );
}
