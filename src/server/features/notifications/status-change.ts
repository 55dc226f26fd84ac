import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { accountLocale, mailStageLabel } from '../../mail/i18n.js';
import { stageChangeMail } from '../../mail/templates.js';
import type { OrderEvent } from '../orders/index.js';
import { enqueueMail } from './outbox.js';

type StatusChanged = Extract<OrderEvent, { type: 'units.status_changed' }>;

/**
 * Queues the owner's e-mail about a stage change, in the change's own transaction (sent after commit
 * by the mail worker). The owner is told of changes made by others, not of the moves they asked for
 * themselves, and only when their e-mail notifications are on.
 */
export async function enqueueStageChangeMail(tx: Executor, event: StatusChanged): Promise<void> {
  const { order, changed, actor, at } = event;
  const to = changed[0]?.to;
  if (!to || !event.notifyCustomer || !order.userId) return;
  if (actor.kind === 'customer' && actor.userId === order.userId) return;
  const [owner] = await tx
    .select({
      email: users.email,
      prefs: users.notificationPrefs,
      locale: users.locale,
      browserLocale: users.browserLocale,
    })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!owner?.prefs.email) return;
  const locale = accountLocale(owner);
  const itemIds = changed.map((unit) => unit.itemId).join(',');
  await enqueueMail(
    tx,
    {
      ...stageChangeMail({
        to: owner.email,
        locale,
        orderId: order.id,
        orderNumber: order.orderId,
        productName: order.productName,
        quantity: order.quantity,
        itemNumbers: changed.map((unit) => unit.itemNumber),
        stageLabel: mailStageLabel(to, locale),
      }),
      kind: 'stage-change',
      dedupeKey: `stage-change:${order.id}:${itemIds}:${to}:${at.toISOString()}`,
    },
    at,
  );
}
