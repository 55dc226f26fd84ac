import { asc, eq } from 'drizzle-orm';
import type { Stage } from '../../shared/stages.js';
import { eventLogs, orderItems, orders } from '../db/schema/orders.js';
import { webhookEvents } from '../db/schema.js';
import { createOrderAtStages, type SeedUnit } from '../features/orders/index.js';
import type { TestApp, TestClient } from './app.js';

let next = 1;

/** A new order with one unit per stage, linked to the customer with this e-mail (when given). */
export async function seedOrder(
  t: TestApp,
  stages: Stage[] | SeedUnit[],
  options: { email?: string; zipCode?: string | null; prefix?: string } = {},
) {
  const units = stages.map((s) => (typeof s === 'string' ? { stage: s } : s));
  const created = await createOrderAtStages(
    t.database.db,
    {
      orderId: `${options.prefix ?? 'WH'}-${process.pid}-${next++}`,
      productName: 'Studio 240',
      email: options.email,
      zipCode: options.zipCode ?? null,
    },
    units,
  );
  return created.order;
}

export async function unitsOf(t: TestApp, orderId: number) {
  return t.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.itemNumber));
}

export async function orderRow(t: TestApp, orderId: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} is gone`);
  return row;
}

export async function statusEvents(t: TestApp, orderId: number) {
  return t.database.db
    .select()
    .from(eventLogs)
    .where(eq(eventLogs.orderId, orderId))
    .then((rows) => rows.filter((r) => r.type === 'ORDER_ITEM_STATUS_UPDATED'));
}

export async function logRows(t: TestApp) {
  return t.database.db.select().from(webhookEvents).orderBy(asc(webhookEvents.id));
}

/** Posts a webhook as an external system does: JSON body, bearer key. */
export function sendWebhook(
  client: TestClient,
  path: string,
  json: unknown,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  return client.request('POST', `/api/webhooks/${path}`, { json, headers });
}
