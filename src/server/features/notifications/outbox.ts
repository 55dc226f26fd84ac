import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { resolvePublicUrl } from '../../mail/templates.js';
import { claimDue, nextDueAt } from '../../outbox/claim.js';
import { type QueueBatch, type RetryPolicy, retryDelayMs } from '../../outbox/queue.js';

export type MailKind =
  | 'stage-change'
  | 'admin-new-order'
  | 'admin-payment'
  | 'admin-document-signing'
  | 'order-confirmation'
  | 'delivery-booking'
  | 'financing'
  | 'message-to-customer'
  | 'message-to-staff';

/**
 * Queues one mail in the caller's transaction: sent once the transaction commits, never if it rolls
 * back. A second mail with the same dedupe key is ignored.
 */
export async function enqueueMail(
  tx: Executor,
  mail: MailMessage & { kind: MailKind; dedupeKey: string },
  now: Date,
  /** A later time holds the mail back until then (it may be withdrawn meanwhile). */
  sendAt: Date = now,
): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? null,
      dedupeKey: mail.dedupeKey,
      nextAttemptAt: sendAt,
      createdAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

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

  return async function pass(): Promise<QueueBatch> {
    const claimed = await claimDue(db, mailOutbox, clock.now(), MAIL_LEASE_MS);
    for (const row of claimed) {
      const attempts = row.attempts + 1;
      try {
        await mailer.send({
          to: row.to,
          subject: resolvePublicUrl(row.subject, deps.publicUrl, false),
          text: resolvePublicUrl(row.text, deps.publicUrl, false),
          html: resolvePublicUrl(row.html ?? '', deps.publicUrl, true),
          ...(row.attachments && { attachments: row.attachments }),
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
    return { handled: claimed.length, nextDueAt: await nextDueAt(db, mailOutbox) };
  };
}
