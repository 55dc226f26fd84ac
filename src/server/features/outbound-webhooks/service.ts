import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { SECRET_CHANGED } from '../../../shared/schemas/audit.js';
import type { OutboundDeliveriesQuery, OutboundDelivery } from '../../../shared/schemas/outbound-webhooks.js';
import type { Db } from '../../db/client.js';
import { outboundWebhookAttempts, outboundWebhooks } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { automationErrors } from './errors.js';
import { ensureSigningSecret, rotateSigningSecret } from './signing.js';

export type AutomationService = ReturnType<typeof createAutomationService>;

export function createAutomationService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(query: OutboundDeliveriesQuery): Promise<{ items: OutboundDelivery[]; total: number }> {
    const where = query.status ? eq(outboundWebhooks.status, query.status) : undefined;
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(outboundWebhooks)
        .where(where)
        .orderBy(desc(outboundWebhooks.createdAt), desc(outboundWebhooks.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(outboundWebhooks).where(where),
    ]);
    const attempts =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(outboundWebhookAttempts)
            .where(
              inArray(
                outboundWebhookAttempts.webhookId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(outboundWebhookAttempts.attemptNumber), asc(outboundWebhookAttempts.id));
    return {
      total: counted?.total ?? 0,
      items: rows.map((row) => ({
        id: row.id,
        messageId: row.messageId,
        eventType: row.eventType,
        url: row.url,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
        lastError: row.lastError,
        payload: row.financingApplicationId === null ? row.payload : withoutApplicant(row.payload),
        attempts: attempts
          .filter((attempt) => attempt.webhookId === row.id)
          .map((attempt) => ({
            attemptNumber: attempt.attemptNumber,
            attemptedAt: attempt.attemptedAt.toISOString(),
            statusCode: attempt.statusCode,
            error: attempt.error,
            durationMs: attempt.durationMs,
          })),
      })),
    };
  }

  /**
   * Queues one more try now for a delivery not yet delivered; a failed one that fails again goes back
   * to failed (one try per retry, decision 86).
   */
  async function retry(id: number, actor: AuditActor) {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(outboundWebhooks)
        .set({ status: 'pending', nextAttemptAt: clock.now() })
        .where(and(eq(outboundWebhooks.id, id), ne(outboundWebhooks.status, 'delivered')))
        .returning({ id: outboundWebhooks.id });
      if (row) {
        await recordAudit(tx, {
          actor,
          action: 'outbound_webhook.retried',
          target: { type: 'outbound_webhook', id },
        });
      }
      return row;
    });
    if (updated) return;
    const [exists] = await db
      .select({ id: outboundWebhooks.id })
      .from(outboundWebhooks)
      .where(eq(outboundWebhooks.id, id));
    if (!exists) throw automationErrors.DELIVERY_NOT_FOUND('Delivery not found');
    throw automationErrors.DELIVERY_ALREADY_DELIVERED('This delivery has already been delivered');
  }

  return {
    list,
    retry,
    signingSecret: () => ensureSigningSecret(db, clock.now()),
    /** A new secret; the log records that it changed, never the secret. */
    rotateSigningSecret: (actor: AuditActor) =>
      db.transaction(async (tx) => {
        const secret = await rotateSigningSecret(tx, clock.now());
        await recordAudit(tx, {
          actor,
          action: 'signing_secret.rotated',
          target: { type: 'settings', id: 'integrations' },
          changes: { automationSigningSecret: SECRET_CHANGED },
        });
        return secret;
      }),
  };
}

/**
 * A financing application's delivery as the Webhooks page shows it: the applicant's personal data is
 * read on the application itself, by staff allowed to, never in the delivery log.
 */
function withoutApplicant(payload: Record<string, unknown>): Record<string, unknown> {
  const data = payload.data as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return payload;
  return { ...payload, data: { ...data, applicant: '[personal data hidden]' } };
}
