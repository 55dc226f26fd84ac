import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { StatusChangeResult } from '../features/orders/status.js';
import { type BusMessage, LIVE_CHANNEL } from './messages.js';

async function notify(executor: Executor, message: BusMessage): Promise<void> {
  await executor.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Publishes a status change to every instance's WebSocket clients. Called by changeItemStatus inside
 * its transaction: `pg_notify` is delivered only when that transaction commits (PostgreSQL and PGlite
 * alike), and never when it rolls back.
 */
export async function publishStatusChange(tx: Executor, result: StatusChangeResult): Promise<void> {
  const [first] = result.changed;
  if (!first) return;
  await notify(tx, {
    kind: 'status',
    orderId: result.order.id,
    ownerId: result.order.userId,
    status: first.to,
    ...(result.changed.length === 1 && { itemNumber: first.itemNumber }),
  });
}

/**
 * This user's sessions or role changed (sign-out, password change or reset, role change, deletion):
 * every instance closes the user's sockets whose session no longer exists and downgrades the rest to
 * what the role allows. Inside a transaction it takes effect at commit, like the change itself.
 */
export async function publishAccountChanged(executor: Executor, userId: number): Promise<void> {
  await notify(executor, { kind: 'account', userId });
}
