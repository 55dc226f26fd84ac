import { eq } from 'drizzle-orm';
import { customerStageLabel } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { orderConfirmationMail } from '../../mail/templates.js';
import { enqueueMail } from './outbox.js';

/**
 * Queues the customer's e-mail about an order created or updated for them by an import with
 * sendNotification on, through the same queue as the stage-change mail. Nothing for a guest order or
 * a customer who turned e-mail notifications off.
 */
export async function enqueueOrderConfirmation(
  tx: Executor,
  order: { orderId: number; created: boolean },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderId,
      productName: orders.productName,
      quantity: orders.quantity,
      status: orders.status,
      email: users.email,
      prefs: users.notificationPrefs,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, order.orderId));
  if (!row?.prefs.email) return;
  await enqueueMail(
    tx,
    {
      ...orderConfirmationMail({
        to: row.email,
        orderId: row.id,
        orderNumber: row.orderNumber,
        productName: row.productName,
        quantity: row.quantity,
        stageLabel: customerStageLabel(row.status),
        created: order.created,
      }),
      kind: 'order-confirmation',
      dedupeKey: `order-confirmation:${row.id}:${now.toISOString()}`,
    },
    now,
  );
}
