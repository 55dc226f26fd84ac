import { and, asc, eq, inArray, lte, min } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { mailOutbox, outboundWebhooks } from '../db/schema.js';

/** The durable queues: each row is pending until sent, with the time of its next attempt. */
export type OutboxTable = typeof mailOutbox | typeof outboundWebhooks;

const BATCH_SIZE = 20;

/**
 * Claims up to 20 due rows: FOR UPDATE SKIP LOCKED, then a lease (the next attempt moved `leaseMs`
 * ahead) so other senders leave them alone while this one works; a sender that dies mid-send frees
 * its rows when the lease ends.
 */
export async function claimDue<T extends OutboxTable>(
  db: Db,
  table: T,
  now: Date,
  leaseMs: number,
): Promise<T['$inferSelect'][]> {
  const queue = table as OutboxTable;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(queue)
      .where(and(eq(queue.status, 'pending'), lte(queue.nextAttemptAt, now)))
      .orderBy(asc(queue.nextAttemptAt), asc(queue.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(queue)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          queue.id,
          due.map((row) => row.id),
        ),
      );
    return due as T['$inferSelect'][];
  });
}

/** When the next pending row falls due, if any. */
export async function nextDueAt(db: Db, table: OutboxTable): Promise<Date | null> {
  const [next] = await db
    .select({ at: min(table.nextAttemptAt) })
    .from(table)
    .where(eq(table.status, 'pending'));
  return next?.at ? new Date(next.at) : null;
}
