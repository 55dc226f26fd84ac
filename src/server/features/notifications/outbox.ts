import { and, asc, eq, inArray, lte, min } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { resolvePublicUrl } from '../../mail/templates.js';
import { type QueueBatch, type RetryPolicy, retryDelayMs } from './queue.js';

export type MailKind =
  | 'stage-change'
  | 'admin-new-order'
  | 'admin-payment'
  | 'admin-document-signing'
  | 'order-confirmation';

/**
 * Queues one mail in the caller's transaction: sent once the transaction commits, never if it rolls
 * back. A second mail with the same dedupe key is ignored.
 */
export async function enqueueMail(
  tx: Executor,
  mail: MailMessage & { kind: MailKind; dedupeKey: string },
  now: Date,
): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      dedupeKey: mail.dedupeKey,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

const BATCH_SIZE = 20;
/** A claimed mail is hidden from other senders this long; a sender that dies mid-send frees it then. */
const MAIL_LEASE_MS = 5 * 60_000;

/** One pass of the mail sender: claims due mails (SKIP LOCKED), sends each, records the outcome. */
export function createMailSender(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  policy: RetryPolicy;
  log: FastifyBaseLogger;
}) {
  const { db, clock, mailer, policy, log } = deps;

  async function claim() {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return due;
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        );
      return due;
    });
  }

  return async function pass(): Promise<QueueBatch> {
    const claimed = await claim();
    for (const row of claimed) {
      const attempts = row.attempts + 1;
      try {
        await mailer.send({
          to: row.to,
          subject: resolvePublicUrl(row.subject, deps.publicUrl, false),
          text: resolvePublicUrl(row.text, deps.publicUrl, false),
          html: resolvePublicUrl(row.html ?? '', deps.publicUrl, true),
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', attempts, sentAt: clock.now(), lastError: null })
          .where(eq(mailOutbox.id, row.id));
      } catch (err) {
        const failed = attempts >= policy.maxAttempts;
        const message = err instanceof Error ? err.message : String(err);
        log.warn({ err, mailId: row.id, attempts, failed }, 'sending a notification e-mail failed');
        await db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            lastError: message.slice(0, 1000),
            nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(policy, attempts)),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    const [next] = await db
      .select({ at: min(mailOutbox.nextAttemptAt) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    return { handled: claimed.length, nextDueAt: next?.at ? new Date(next.at) : null };
  };
}
