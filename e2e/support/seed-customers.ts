import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';
import { hashPassword } from '../../src/server/lib/crypto.js';

/**
 * Customers the admin customers and users journeys read and change. Every address starts with 'cust-',
 * so a search for it shows these and nothing another journey seeds or changes.
 */
export const CUSTOMERS = {
  prefix: 'cust-',
  /** Two orders (ids 'CUST-…', like the addresses); looked at and refused deletion, never changed. */
  withOrders: {
    email: 'cust-orders@example.com',
    firstName: 'Olive',
    lastName: 'Orders',
    orders: [
      { orderId: 'CUST-101', productName: 'Studio 240', amount: '7500000', stage: 'DOCUMENTS_SIGNING' },
      { orderId: 'CUST-102', productName: 'Cabin 400', amount: '1250', stage: 'FINANCING_PAYMENT' },
    ],
  },
  /** No orders; looked at, never changed. */
  noOrders: { email: 'cust-empty@example.com' },
  /** Has a password; an admin sends a reset and the customer completes it. */
  reset: { email: 'cust-reset@example.com', password: 'reset-password-1', newPassword: 'reset-password-2' },
  /** Gets a new e-mail address. */
  change: { email: 'cust-change@example.com', newEmail: 'cust-changed@example.com' },
  /** Deleted. */
  remove: { email: 'cust-delete@example.com' },
  /** Enough customers for a second page of the search. */
  pagedCount: 12,
} as const;

export const pagedEmail = (n: number) => `cust-page-${String(n).padStart(2, '0')}@example.com`;

export async function seedCustomers(db: Db) {
  const { withOrders } = CUSTOMERS;
  const day = 86_400_000;
  for (const [index, order] of withOrders.orders.entries()) {
    await createOrderAtStages(
      db,
      {
        orderId: order.orderId,
        productName: order.productName,
        email: withOrders.email,
        amount: order.amount,
        orderDate: new Date(Date.now() - (index + 1) * 7 * day),
      },
      [{ stage: order.stage }],
    );
  }
  await db.insert(users).values([
    { email: CUSTOMERS.noOrders.email },
    {
      email: CUSTOMERS.reset.email,
      password: await hashPassword(CUSTOMERS.reset.password),
      verified: true,
    },
    { email: CUSTOMERS.change.email },
    { email: CUSTOMERS.remove.email },
    ...Array.from({ length: CUSTOMERS.pagedCount }, (_, i) => ({ email: pagedEmail(i + 1) })),
  ]);
  await db
    .update(users)
    .set({ firstName: withOrders.firstName, lastName: withOrders.lastName })
    .where(eq(users.email, withOrders.email));
}
