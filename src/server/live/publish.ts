import type { Executor } from '../db/client.js';
import type { StatusChangeResult } from '../features/orders/status.js';

/**
 * Publishes a status change to every instance's WebSocket clients (DESIGN §9). Called by
 * changeItemStatus inside its transaction. LIVE-UPDATES ISSUE (#7): implement as `pg_notify`, which
 * PostgreSQL delivers only when the transaction commits.
 */
export async function publishStatusChange(_tx: Executor, _result: StatusChangeResult): Promise<void> {}
