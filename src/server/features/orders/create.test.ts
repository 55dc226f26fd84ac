import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { orderItems, users } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { createOrder } from './create.js';

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('creating an order', () => {
  it('makes one unit per quantity, numbered from 1', async () => {
    const { order, items } = await createOrder(database.db, {
      orderId: 'VH2001',
      productName: 'Cabin',
      quantity: 3,
      initiatedBy: 'system',
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
      initiatedBy: 'system',
    });
    expect(order.status).toBe('LOCATION_ENABLED');
  });

  it('links the customer by e-mail, creating a pending account once', async () => {
    const first = await createOrder(database.db, {
      orderId: 'VH2003',
      productName: 'Studio',
      email: 'New.Buyer@Example.com',
      initiatedBy: 'system',
    });
    const second = await createOrder(database.db, {
      orderId: 'VH2004',
      productName: 'Cabin',
      email: 'new.buyer@example.com',
      initiatedBy: 'system',
    });
    expect(first.order.userId).not.toBeNull();
    expect(second.order.userId).toBe(first.order.userId);
    const [account] = await database.db.select().from(users).where(eq(users.email, 'new.buyer@example.com'));
    expect(account).toMatchObject({ role: 'USER', password: null });
  });

  it('refuses a duplicate business order id', async () => {
    await expect(
      createOrder(database.db, { orderId: 'VH2001', productName: 'Again', initiatedBy: 'system' }),
    ).rejects.toThrow();
  });
});
