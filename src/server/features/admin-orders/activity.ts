import { inArray } from 'drizzle-orm';
import type { ActivityEvent } from '../../../shared/schemas/admin-orders.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { type EventLog, latestEventsOfOrder } from '../orders/index.js';

/** An order has a few dozen events in its life; the feed shows the newest this many. */
export const ACTIVITY_LIMIT = 500;

const PERSON = /^(admin|customer):(\d+)$/;

type Actor = ActivityEvent['actor'];

/** `initiated_by` for staff: the person's e-mail, the API key's name, 'Stripe' or 'System'. */
export function resolveActor(initiatedBy: string, emails: ReadonlyMap<number, string>): Actor {
  const person = PERSON.exec(initiatedBy);
  if (person) {
    const kind = person[1] as 'admin' | 'customer';
    return { kind, label: emails.get(Number(person[2])) ?? 'Deleted user' };
  }
  if (initiatedBy.startsWith('webhook:')) {
    return { kind: 'webhook', label: initiatedBy.slice('webhook:'.length) || 'Webhook' };
  }
  if (initiatedBy === 'stripe') return { kind: 'stripe', label: 'Stripe' };
  if (initiatedBy === 'system') return { kind: 'system', label: 'System' };
  // Not a form this product writes; shown as recorded rather than hidden.
  return { kind: 'system', label: initiatedBy };
}

export function toActivityEvent(event: EventLog, emails: ReadonlyMap<number, string>): ActivityEvent {
  return {
    id: event.id,
    orderItemId: event.orderItemId,
    timestamp: event.timestamp.toISOString(),
    stage: event.stage,
    type: event.type,
    data: event.data,
    actor: resolveActor(event.initiatedBy, emails),
    internal: event.internal,
  };
}

/** The e-mails of the admins and customers named in these events, in one query. */
export async function emailsOf(executor: Executor, events: readonly EventLog[]) {
  const ids = new Set<number>();
  for (const event of events) {
    const person = PERSON.exec(event.initiatedBy);
    if (person) ids.add(Number(person[2]));
  }
  const emails = new Map<number, string>();
  if (ids.size === 0) return emails;
  const rows = await executor
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  for (const row of rows) emails.set(row.id, row.email);
  return emails;
}

/** Every event of the order, internal ones included, newest first. */
export async function orderActivity(executor: Executor, orderId: number): Promise<ActivityEvent[]> {
  const events = await latestEventsOfOrder(executor, orderId, ACTIVITY_LIMIT);
  const emails = await emailsOf(executor, events);
  return events.map((event) => toActivityEvent(event, emails));
}
