import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { createEventBus } from '../../lib/event-bus.js';
import { createTestDatabase } from '../../test/database.js';
import type { OrderEvent } from './events.js';
import { createOrderWriter } from './writer.js';

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const published: OrderEvent[] = [];
const events = createEventBus<OrderEvent>();
events.subscribe('order.created', async (_tx, event) => {
  published.push(event);
});
const writer = createOrderWriter({ events });
const system = { kind: 'system' } as const;
const createOrder = (db: Database['db'], input: Parameters<typeof writer.create>[1]) =>
  writer.create(db, input, system);

describe('creating an order', () => {
  it('makes one unit per quantity, numbered from 1', async () => {
    const { order, items } = await createOrder(database.db, {
      orderId: 'VH2001',
      productName: 'Cabin',
      quantity: 3,
    });
    expect(items.map((i) => i.itemNumber)).toEqual([1, 2, 3]);
    expect(order.userId).toBeNull();
    const stored = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(stored).toHaveLength(3);
  });

  it('takes the least advanced unit as the order status', async () => {
    const { order } = await createOrder(database.db, {
      orderId: 'VH2002',
      productName: 'Studio',
      quantity: 2,
      status: ['PRODUCTION', 'LOCATION_ENABLED'],
    });
    expect(order.status).toBe('LOCATION_ENABLED');
  });

  it('links the customer by e-mail, creating a pending account once', async () => {
    const first = await createOrder(database.db, {
      orderId: 'VH2003',
      productName: 'Studio',
      email: 'New.Buyer@Example.com',
    });
    const second = await createOrder(database.db, {
      orderId: 'VH2004',
      productName: 'Cabin',
      email: 'new.buyer@example.com',
    });
    expect(first.order.userId).not.toBeNull();
    expect(second.order.userId).toBe(first.order.userId);
    const [account] = await database.db.select().from(users).where(eq(users.email, 'new.buyer@example.com'));
    expect(account).toMatchObject({ role: 'USER', password: null });
  });

  it('refuses a duplicate business order id', async () => {
    await expect(createOrder(database.db, { orderId: 'VH2001', productName: 'Again' })).rejects.toThrow();
  });

  it('creates a batch in one statement, as a single create would', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    published.length = 0;
    const ids = await writer.createMany(
      database.db,
      [
        {
          orderId: 'VH2101',
          productName: 'Cabin',
          quantity: 2,
          status: ['PRODUCTION', 'ORDER_PLACED'],
          email: ' Batch.Buyer@Example.com',
          itemStageData: { note: 'a "quoted" \\ value' },
        },
        { orderId: 'VH2102', productName: 'Studio', email: 'batch.buyer@example.com' },
      ],
      { kind: 'admin', userId: 7 },
      now,
    );
    expect([...ids.keys()]).toEqual(['VH2101', 'VH2102']);
    expect(published).toEqual([
      {
        type: 'order.created',
        orderId: ids.get('VH2101'),
        orderNumber: 'VH2101',
        actor: { kind: 'admin', userId: 7 },
        way: 'admin',
        at: now,
      },
      {
        type: 'order.created',
        orderId: ids.get('VH2102'),
        orderNumber: 'VH2102',
        actor: { kind: 'admin', userId: 7 },
        way: 'admin',
        at: now,
      },
    ]);
    const created = await database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids.values()]));
    const [first, second] = ['VH2101', 'VH2102'].map((id) => created.find((o) => o.orderId === id));
    expect(first).toMatchObject({ status: 'ORDER_PLACED', quantity: 2, createdAt: now, orderDate: now });
    expect(first?.userId).not.toBeNull();
    expect(second?.userId).toBe(first?.userId);
    const units = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, first?.id ?? 0))
      .orderBy(orderItems.itemNumber);
    expect(units.map((u) => [u.itemNumber, u.status, u.currentStageData])).toEqual([
      [1, 'PRODUCTION', { note: 'a "quoted" \\ value' }],
      [2, 'ORDER_PLACED', { note: 'a "quoted" \\ value' }],
    ]);
    const events = await database.db
      .select()
      .from(eventLogs)
      .where(inArray(eventLogs.orderId, [...ids.values()]));
    expect(events.map((e) => [e.type, e.stage, e.data, e.initiatedBy, e.timestamp]).sort()).toEqual([
      ['ORDER_CREATED', 'ORDER_PLACED', { orderId: 'VH2101', quantity: 2 }, 'admin:7', now],
      ['ORDER_CREATED', 'ORDER_PLACED', { orderId: 'VH2102', quantity: 1 }, 'admin:7', now],
    ]);
  });
});
