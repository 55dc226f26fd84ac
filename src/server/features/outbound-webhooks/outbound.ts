import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { STAGE_LABELS } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { outboundWebhooks, users } from '../../db/schema.js';
import { initiatedBy, type OrderEvent } from '../orders/index.js';
import { readSettingsIn } from '../settings/index.js';
import type { SigningKey } from './signing.js';

type StatusChanged = Extract<OrderEvent, { type: 'units.status_changed' }>;

export type OutboundEventType = 'order.status_changed';

/** A Standard Webhooks message id: unique per event, the same on every retry of it. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * Queues an event for the automation webhook URL (Settings → Integrations) in the caller's
 * transaction; nothing when no URL is set, in which case `data` is never built. The body follows the
 * Standard Webhooks shape `{type, timestamp, data}`; the URL is fixed when queued, so a later change of
 * URL does not redirect events already queued.
 */
export async function enqueueOutboundWebhook(
  tx: Executor,
  type: OutboundEventType,
  buildData: () => Promise<Record<string, unknown>>,
  now: Date,
): Promise<void> {
  const { zapierWebhookUrl } = await readSettingsIn(tx, 'integrations');
  if (!zapierWebhookUrl) return;
  await queueSignedDelivery(tx, { type, url: zapierWebhookUrl, data: await buildData(), now });
}

/**
 * Queues one signed delivery in the caller's transaction, sent by the webhook sender with its retries:
 * the automation webhooks above, and a financing application to its provider (decision 271), which is
 * signed with the financing secret and goes when its application does.
 */
export async function queueSignedDelivery(
  tx: Executor,
  delivery: {
    type: string;
    url: string;
    data: Record<string, unknown>;
    now: Date;
    signingKey?: SigningKey;
    financingApplicationId?: number;
  },
): Promise<{ messageId: string }> {
  const { type, now } = delivery;
  const messageId = newMessageId();
  await tx.insert(outboundWebhooks).values({
    messageId,
    eventType: type,
    url: delivery.url,
    payload: { type, timestamp: now.toISOString(), data: delivery.data },
    nextAttemptAt: now,
    createdAt: now,
    signingKey: delivery.signingKey ?? 'automationSigningSecret',
    financingApplicationId: delivery.financingApplicationId ?? null,
  });
  return { messageId };
}

/** The automation service hears of every stage change: `order.status_changed`, queued in the change's transaction. */
export async function enqueueStatusChangedWebhook(tx: Executor, event: StatusChanged): Promise<void> {
  const { order, changed, at } = event;
  const [first] = changed;
  if (!first) return;
  const froms = new Set(changed.map((unit) => unit.from));
  await enqueueOutboundWebhook(
    tx,
    'order.status_changed',
    async () => {
      const [owner] = order.userId
        ? await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
        : [];
      return {
        orderId: order.id,
        orderNumber: order.orderId,
        productName: order.productName,
        status: first.to,
        statusLabel: STAGE_LABELS[first.to],
        previousStatus: froms.size === 1 ? first.from : null,
        orderStatus: order.status,
        items: changed.map((unit) => ({
          itemId: unit.itemId,
          itemNumber: unit.itemNumber,
          from: unit.from,
          to: unit.to,
        })),
        customerEmail: owner?.email ?? null,
        initiatedBy: initiatedBy(event.actor),
        occurredAt: at.toISOString(),
      };
    },
    at,
  );
}

type BulkStatusChanged = Extract<OrderEvent, { type: 'units.bulk_status_changed' }>;

/** Deliveries per multi-row insert. */
const WEBHOOKS_PER_INSERT = 1000;

/**
 * `order.status_changed` for every order of a bulk stage change (a bulk job): the same body per order
 * as `enqueueStatusChangedWebhook` queues, the settings and owners read once and the rows written in a
 * few multi-row inserts. Nothing when no URL is set.
 */
export async function enqueueStatusChangedWebhooks(tx: Executor, event: BulkStatusChanged): Promise<void> {
  const { zapierWebhookUrl } = await readSettingsIn(tx, 'integrations');
  if (!zapierWebhookUrl) return;
  const { at, to } = event;
  const ownerIds = [
    ...new Set(event.orders.flatMap((order) => (order.userId === null ? [] : [order.userId]))),
  ];
  const emails = new Map(
    ownerIds.length === 0
      ? []
      : (
          await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ownerIds))
        ).map((owner) => [owner.id, owner.email]),
  );
  const occurredAt = at.toISOString();
  const by = initiatedBy(event.actor);
  const rows = event.orders.map((order) => {
    const froms = new Set(order.changed.map((unit) => unit.from));
    const first = order.changed[0];
    const data = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      productName: order.productName,
      status: to,
      statusLabel: STAGE_LABELS[to],
      previousStatus: froms.size === 1 && first ? first.from : null,
      orderStatus: order.status,
      items: order.changed.map((unit) => ({
        itemId: unit.itemId,
        itemNumber: unit.itemNumber,
        from: unit.from,
        to: unit.to,
      })),
      customerEmail: order.userId === null ? null : (emails.get(order.userId) ?? null),
      initiatedBy: by,
      occurredAt,
    };
    return {
      messageId: newMessageId(),
      eventType: 'order.status_changed' as const,
      url: zapierWebhookUrl,
      payload: { type: 'order.status_changed', timestamp: occurredAt, data },
      nextAttemptAt: at,
      createdAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += WEBHOOKS_PER_INSERT) {
    await tx.insert(outboundWebhooks).values(rows.slice(i, i + WEBHOOKS_PER_INSERT));
  }
}
