import { and, asc, eq, inArray, lte, min } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { outboundWebhookAttempts, outboundWebhooks } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { type QueueBatch, type RetryPolicy, retryDelayMs } from '../notifications/queue.js';
import { ensureSigningSecret } from './signing.js';

const BATCH_SIZE = 20;
/** Kept from a failing receiver's answer, for the attempt log. */
const ERROR_BODY_CHARS = 300;

type Outcome = { ok: boolean; statusCode: number | null; error: string | null; durationMs: number };

/**
 * One pass of the automation webhook sender: claims due deliveries (FOR UPDATE SKIP LOCKED, then a
 * lease so other instances leave them alone while this one sends), posts each one signed the Standard
 * Webhooks way, records the attempt, and either marks it delivered or schedules the next try.
 */
export function createWebhookSender(deps: {
  db: Db;
  clock: Clock;
  policy: RetryPolicy & { timeoutMs: number };
  log: FastifyBaseLogger;
}) {
  const { db, clock, policy, log } = deps;
  const leaseMs = policy.timeoutMs + 30_000;

  async function claim() {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outboundWebhooks)
        .where(and(eq(outboundWebhooks.status, 'pending'), lte(outboundWebhooks.nextAttemptAt, now)))
        .orderBy(asc(outboundWebhooks.nextAttemptAt), asc(outboundWebhooks.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return due;
      await tx
        .update(outboundWebhooks)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            outboundWebhooks.id,
            due.map((row) => row.id),
          ),
        );
      return due;
    });
  }

  async function post(url: string, messageId: string, body: string, secret: string): Promise<Outcome> {
    const sentAt = clock.now();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': `${PRODUCT_NAME}-Webhooks/1.0`,
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      const text = await response.text().catch(() => '');
      const ok = response.status >= 200 && response.status < 300;
      return {
        ok,
        statusCode: response.status,
        error: ok ? null : `HTTP ${response.status}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ''}`,
        durationMs: elapsed(),
      };
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : null;
      const message = timedOut
        ? `No answer within ${policy.timeoutMs} ms`
        : (cause ?? (err instanceof Error ? err.message : String(err)));
      return { ok: false, statusCode: null, error: message, durationMs: elapsed() };
    }
  }

  return async function pass(): Promise<QueueBatch> {
    const claimed = await claim();
    if (claimed.length > 0) {
      const secret = await ensureSigningSecret(db, clock.now());
      for (const row of claimed) {
        const attemptNumber = row.attempts + 1;
        const attemptedAt = clock.now();
        const outcome = await post(row.url, row.messageId, JSON.stringify(row.payload), secret);
        const failed = !outcome.ok && attemptNumber >= policy.maxAttempts;
        if (!outcome.ok) {
          log.warn(
            { webhookId: row.id, attempt: attemptNumber, error: outcome.error, failed },
            'automation webhook delivery failed',
          );
        }
        await db.transaction(async (tx) => {
          await tx.insert(outboundWebhookAttempts).values({
            webhookId: row.id,
            attemptNumber,
            statusCode: outcome.statusCode,
            error: outcome.error,
            durationMs: outcome.durationMs,
            attemptedAt,
          });
          await tx
            .update(outboundWebhooks)
            .set(
              outcome.ok
                ? { status: 'delivered', attempts: attemptNumber, deliveredAt: clock.now(), lastError: null }
                : {
                    status: failed ? 'failed' : 'pending',
                    attempts: attemptNumber,
                    lastError: outcome.error,
                    nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(policy, attemptNumber)),
                  },
            )
            .where(eq(outboundWebhooks.id, row.id));
        });
      }
    }
    const [next] = await db
      .select({ at: min(outboundWebhooks.nextAttemptAt) })
      .from(outboundWebhooks)
      .where(eq(outboundWebhooks.status, 'pending'));
    return { handled: claimed.length, nextDueAt: next?.at ? new Date(next.at) : null };
  };
}
