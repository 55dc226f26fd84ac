import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { outboundWebhookAttempts, outboundWebhooks } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { postToTarget, type Resolver, statusSummary } from '../../lib/outbound-target.js';
import { claimDue, nextDueAt } from '../../outbox/claim.js';
import { type QueueBatch, type RetryPolicy, retryDelayMs } from '../../outbox/queue.js';
import { ensureSigningSecret, isSigningKey, type SigningKey } from './signing.js';

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
  /** Receivers on loopback or private addresses are allowed (ALLOW_PRIVATE_WEBHOOK_TARGETS=1). */
  allowPrivate: boolean;
  /** Name resolution for the connection (tests give one that answers what they need). */
  resolve?: Resolver;
}) {
  const { db, clock, policy, log, allowPrivate, resolve } = deps;
  const leaseMs = policy.timeoutMs + 30_000;

  async function post(url: string, messageId: string, body: string, secret: string): Promise<Outcome> {
    const sentAt = clock.now();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const status = await postToTarget(url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': `${PRODUCT_NAME}-Webhooks/1.0`,
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
        },
        body,
        timeoutMs: policy.timeoutMs,
        allowPrivate,
        resolve,
      });
      const ok = status >= 200 && status < 300;
      return { ok, statusCode: status, error: ok ? null : statusSummary(status), durationMs: elapsed() };
    } catch (err) {
      return {
        ok: false,
        statusCode: null,
        error: failureReason(err, policy.timeoutMs),
        durationMs: elapsed(),
      };
    }
  }

  return async function pass(): Promise<QueueBatch> {
    const claimed = await claimDue(db, outboundWebhooks, clock.now(), leaseMs);
    if (claimed.length > 0) {
      // Each row is signed with the secret its kind of delivery uses (decision 271), read once a pass.
      const secrets = new Map<SigningKey, Promise<string>>();
      const secretOf = (key: string) => {
        const name: SigningKey = isSigningKey(key) ? key : 'automationSigningSecret';
        let secret = secrets.get(name);
        if (!secret) {
          secret = ensureSigningSecret(db, clock.now(), name);
          secrets.set(name, secret);
        }
        return secret;
      };
      for (const row of claimed) {
        const secret = await secretOf(row.signingKey);
        const attemptNumber = row.attempts + 1;
        const attemptedAt = clock.now();
        const outcome = await post(row.url, row.messageId, JSON.stringify(row.payload), secret);
        const failed = !outcome.ok && attemptNumber >= policy.maxAttempts;
        if (!outcome.ok) {
          log.warn(
            { webhookId: row.id, attempt: attemptNumber, error: outcome.error, failed },
            row.financingApplicationId === null
              ? 'automation webhook delivery failed'
              : 'financing application delivery failed',
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
    return { handled: claimed.length, nextDueAt: await nextDueAt(db, outboundWebhooks) };
  };
}

/** A short reason for the attempt log: what went wrong, never what the receiver answered. */
function failureReason(err: unknown, timeoutMs: number): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause : null;
  if (err.name === 'TimeoutError' || cause?.name === 'TimeoutError')
    return `No answer within ${timeoutMs} ms`;
  return err.message;
}
