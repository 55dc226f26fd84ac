import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { createEventBus } from '../../lib/event-bus.js';
import { createTestDatabase } from '../../test/database.js';
import type { OrderEvent } from './events.js';
import { createOrderAtStages } from './seed.js';
import type { StatusChange } from './status.js';
import { createOrderWriter } from './writer.js';

let database: Database & { drop(): Promise<void> };
let sequence = 0;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const now = new Date('2026-05-01T10:00:00Z');
const published: OrderEvent[] = [];
const events = createEventBus<OrderEvent>();
events.subscribe('units.status_changed', async (_tx, event) => {
  published.push(event);
});
const writer = createOrderWriter({ events });

async function newOrder(quantity = 3) {
  const { order } = await writer.create(
    database.db,
    { orderId: `VH9${++sequence}`, productName: 'Cabin 400', quantity },
    { kind: 'system' },
  );
  return order;
}

function change(input: StatusChange) {
  return database.db.transaction((tx) => writer.changeStatus(tx, input, now));
}

async function unitStages(orderId: number) {
  const rows = await database.db
    .select({ itemNumber: orderItems.itemNumber, status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.itemNumber);
  return rows.map((row) => row.status);
}

async function statusEvents(orderId: number) {
  return database.db.select().from(eventLogs).where(eq(eventLogs.orderId, orderId)).orderBy(eventLogs.id);
}

describe('the status-change function', () => {
  it('refuses a unit the order does not have, naming it as people do', async () => {
    const order = await newOrder(2);
    await expect(
      change({
        orderId: order.id,
        itemNumbers: [3, 4],
        to: 'PRODUCTION',
        rule: 'set',
        actor: { kind: 'system' },
      }),
    ).rejects.toThrow(`${order.orderId} · Unit 3, ${order.orderId} · Unit 4 do not exist`);
    expect(await unitStages(order.id)).toEqual(['ORDER_PLACED', 'ORDER_PLACED']);
  });

  it('moves one unit, logs who did it, and keeps the order at its least advanced unit', async () => {
    const order = await newOrder(3);
    const result = await change({
      orderId: order.id,
      itemNumbers: [2],
      to: 'PRODUCTION',
      rule: 'set',
      actor: { kind: 'admin', userId: 41 },
    });

    expect(result.changed).toEqual([
      expect.objectContaining({ itemNumber: 2, from: 'ORDER_PLACED', to: 'PRODUCTION' }),
    ]);
    expect(await unitStages(order.id)).toEqual(['ORDER_PLACED', 'PRODUCTION', 'ORDER_PLACED']);
    expect(result.order.status).toBe('ORDER_PLACED');
    const [, event] = await statusEvents(order.id);
    expect(event).toMatchObject({
      type: 'ORDER_ITEM_STATUS_UPDATED',
      stage: 'PRODUCTION',
      initiatedBy: 'admin:41',
      data: { itemNumber: 2, oldStatus: 'ORDER_PLACED', status: 'PRODUCTION' },
    });
  });

  it('answers the order as stored after the change', async () => {
    const order = await newOrder(2);
    const result = await change({
      orderId: order.id,
      to: 'PRODUCTION',
      rule: 'set',
      actor: { kind: 'admin', userId: 41 },
    });

    const [stored] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(result.order).toEqual(stored);
    expect(result.order).toMatchObject({ status: 'PRODUCTION', updatedAt: now });
  });

  it('moves every unit when none is named, with one event per unit', async () => {
    const order = await newOrder(3);
    const result = await change({
      orderId: order.id,
      to: 'SITE_PREP',
      rule: 'set',
      actor: { kind: 'webhook', keyName: 'Automation' },
    });
    expect(result.changed).toHaveLength(3);
    expect(result.order.status).toBe('SITE_PREP');
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe('SITE_PREP');
    const events = (await statusEvents(order.id)).filter((e) => e.type === 'ORDER_ITEM_STATUS_UPDATED');
    expect(events.map((e) => e.initiatedBy)).toEqual([
      'webhook:Automation',
      'webhook:Automation',
      'webhook:Automation',
    ]);
  });

  it('lets the system move units forward only, leaving units already further on where they are', async () => {
    const { order } = await createOrderAtStages(
      database.db,
      { orderId: `VH9${++sequence}`, productName: 'Studio' },
      [{ stage: 'ORDER_PLACED' }, { stage: 'PRODUCTION' }],
    );
    const result = await change({
      orderId: order.id,
      to: 'LOCATION_ENABLED',
      rule: 'forward',
      actor: { kind: 'system' },
    });
    expect(result.changed.map((c) => c.itemNumber)).toEqual([1]);
    expect(await unitStages(order.id)).toEqual(['LOCATION_ENABLED', 'PRODUCTION']);
  });

  it('moves only units in the stages it is limited to', async () => {
    const { order } = await createOrderAtStages(
      database.db,
      { orderId: `VH9${++sequence}`, productName: 'Studio' },
      [{ stage: 'FINANCING_PAYMENT' }, { stage: 'DOCUMENTS_SIGNING' }],
    );
    await change({
      orderId: order.id,
      to: 'SITE_PREP',
      rule: 'forward',
      onlyFrom: ['FINANCING_PAYMENT'],
      actor: { kind: 'stripe' },
    });
    expect(await unitStages(order.id)).toEqual(['SITE_PREP', 'DOCUMENTS_SIGNING']);
  });

  it('refuses a customer any move but their two, and writes nothing', async () => {
    const { order } = await createOrderAtStages(
      database.db,
      { orderId: `VH9${++sequence}`, productName: 'Studio' },
      [{ stage: 'FINANCING_PAYMENT' }],
    );
    const before = await statusEvents(order.id);
    await expect(
      change({
        orderId: order.id,
        to: 'SITE_PREP',
        rule: 'customer',
        actor: { kind: 'customer', userId: 1 },
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await unitStages(order.id)).toEqual(['FINANCING_PAYMENT']);
    expect(await statusEvents(order.id)).toHaveLength(before.length);
  });

  it('merges stage data into the units that move', async () => {
    const { order } = await createOrderAtStages(
      database.db,
      { orderId: `VH9${++sequence}`, productName: 'Studio' },
      [
        {
          stage: 'DOCUMENTS_PENDING',
          stageData: { documentStatus: 'ready', documentUrl: 'https://sign.example/1' },
        },
      ],
    );
    await change({
      orderId: order.id,
      to: 'DOCUMENTS_SIGNING',
      rule: 'set',
      actor: { kind: 'system' },
      stageData: { signingStartedAt: 'now' },
    });
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item?.currentStageData).toEqual({
      documentStatus: 'ready',
      documentUrl: 'https://sign.example/1',
      signingStartedAt: 'now',
    });
    expect(item?.statusChangedAt.toISOString()).toBe(now.toISOString());
  });

  it('answers 404 for a unit the order does not have, changing none of the others', async () => {
    const order = await newOrder(2);
    await expect(
      change({
        orderId: order.id,
        itemNumbers: [1, 5],
        to: 'PRODUCTION',
        rule: 'set',
        actor: { kind: 'system' },
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await unitStages(order.id)).toEqual(['ORDER_PLACED', 'ORDER_PLACED']);
  });

  it('rolls the units back when the transaction around it fails', async () => {
    const order = await newOrder(1);
    await expect(
      database.db.transaction(async (tx) => {
        await writer.changeStatus(
          tx,
          { orderId: order.id, to: 'DELIVERED', rule: 'set', actor: { kind: 'system' } },
          now,
        );
        throw new Error('the caller failed after the change');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await unitStages(order.id)).toEqual(['ORDER_PLACED']);
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe('ORDER_PLACED');
    expect((await statusEvents(order.id)).filter((e) => e.type === 'ORDER_ITEM_STATUS_UPDATED')).toHaveLength(
      0,
    );
  });

  it('publishes one units.status_changed per change, and nothing when nothing moves', async () => {
    const order = await newOrder(3);
    published.length = 0;
    await change({
      orderId: order.id,
      itemNumbers: [1, 3],
      to: 'PRODUCTION',
      rule: 'set',
      actor: { kind: 'admin', userId: 7 },
    });
    await change({
      orderId: order.id,
      itemNumbers: [1],
      to: 'PRODUCTION',
      rule: 'set',
      actor: { kind: 'system' },
    });
    expect(published).toHaveLength(1);
    const [event] = published;
    expect(event).toMatchObject({
      type: 'units.status_changed',
      order: { id: order.id, status: 'ORDER_PLACED' },
      actor: { kind: 'admin', userId: 7 },
      notifyCustomer: true,
      at: now,
    });
    expect(
      event?.type === 'units.status_changed' &&
        event.changed.map((unit) => [unit.itemNumber, unit.from, unit.to]),
    ).toEqual([
      [1, 'ORDER_PLACED', 'PRODUCTION'],
      [3, 'ORDER_PLACED', 'PRODUCTION'],
    ]);
  });

  it('rolls back with the change when a listener fails', async () => {
    const failing = createEventBus<OrderEvent>();
    failing.subscribe('units.status_changed', async () => {
      throw new Error('listener failed');
    });
    const order = await newOrder(1);
    await expect(
      database.db.transaction((tx) =>
        createOrderWriter({ events: failing }).changeStatus(
          tx,
          { orderId: order.id, to: 'PRODUCTION', rule: 'set', actor: { kind: 'system' } },
          now,
        ),
      ),
    ).rejects.toThrow('listener failed');
    expect(await unitStages(order.id)).toEqual(['ORDER_PLACED']);
  });
});
