import { sql } from 'drizzle-orm';
import type { LiveStaffMessage } from '../../shared/live.js';
import type { Stage } from '../../shared/stages.js';
import type { Executor } from '../db/client.js';
import { type BusMessage, LIVE_CHANNEL } from './messages.js';

async function notify(executor: Executor, message: BusMessage): Promise<void> {
  await executor.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Units of one order that moved to `status`, and the order's owner at the time. */
export interface LiveStatusChange {
  orderId: number;
  ownerId: number | null;
  status: Stage;
  itemNumbers: readonly number[];
}

/**
 * Publishes a status change to every instance's WebSocket clients. Called inside the change's
 * transaction: `pg_notify` is delivered only when that transaction commits (PostgreSQL and PGlite
 * alike), and never when it rolls back.
 */
export async function publishStatusChange(tx: Executor, change: LiveStatusChange): Promise<void> {
  const [only, ...more] = change.itemNumbers;
  if (only === undefined) return;
  await notify(tx, {
    kind: 'status',
    orderId: change.orderId,
    ownerId: change.ownerId,
    status: change.status,
    ...(more.length === 0 && { itemNumber: only }),
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

/** A message for every administrator's sockets; inside a transaction it is sent at commit. */
export async function publishToStaff(executor: Executor, message: LiveStaffMessage): Promise<void> {
  await notify(executor, { kind: 'staff', message });
}

/**
 * A message was written in an order's conversation: its customer's and the staff's sockets are told,
 * at commit when called inside the message's transaction.
 */
export async function publishMessageCreated(
  executor: Executor,
  message: { orderId: number; ownerId: number | null },
): Promise<void> {
  await notify(executor, { kind: 'message', orderId: message.orderId, ownerId: message.ownerId });
}
