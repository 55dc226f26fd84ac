import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { outboundWebhooks } from '../../db/schema.js';
import { readSettingsIn } from '../notifications/settings.js';

export type OutboundEventType = 'order.status_changed';

/** A Standard Webhooks message id: unique per event, the same on every retry of it. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * Queues an event for the automation webhook URL (Settings → Integrations) in the caller's
 * transaction; nothing when no URL is set. The body follows the Standard Webhooks shape
 * `{type, timestamp, data}`; the URL is fixed when queued, so a later change of URL does not redirect
 * events already queued.
 */
export async function enqueueOutboundWebhook(
  tx: Executor,
  type: OutboundEventType,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const { zapierWebhookUrl } = await readSettingsIn(tx, 'integrations');
  if (!zapierWebhookUrl) return;
  await tx.insert(outboundWebhooks).values({
    messageId: newMessageId(),
    eventType: type,
    url: zapierWebhookUrl,
    payload: { type, timestamp: now.toISOString(), data },
    nextAttemptAt: now,
    createdAt: now,
  });
}
