import { count, eq } from 'drizzle-orm';
import type { AdminOrderRow, AdminOrdersQuery } from '../../../shared/schemas/admin-orders.js';
import type { Executor } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { orderFilterWhere, orderSort } from './filters.js';

/** The columns of one row of the orders table, the dashboard's recent orders and the export. */
export const adminOrderColumns = {
  id: orders.id,
  orderId: orders.orderId,
  userId: orders.userId,
  customerEmail: users.email,
  productName: orders.productName,
  quantity: orders.quantity,
  orderDate: orders.orderDate,
  status: orders.status,
  amount: orders.amount,
  paymentMethod: orders.paymentMethod,
  transactionId: orders.transactionId,
  deliveryDate: orders.deliveryDate,
  zipCode: orders.zipCode,
};

/**
 * The two statements behind one page of `GET /api/admin/orders`: the page itself and the count of
 * every matching order. Exposed as query builders so the benchmark's bare reference server runs
 * exactly the same SQL (`.toSQL()`).
 */
export function adminOrderListQueries(executor: Executor, query: AdminOrdersQuery) {
  const where = orderFilterWhere(query);
  const page = executor
    .select(adminOrderColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...orderSort(query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = executor.select({ total: count() }).from(orders).where(where);
  return { page, total };
}

export type AdminOrderRecord = Awaited<ReturnType<typeof adminOrderListQueries>['page']>[number];

export function toAdminOrderRow(row: AdminOrderRecord): AdminOrderRow {
  return {
    ...row,
    orderDate: row.orderDate.toISOString(),
    deliveryDate: row.deliveryDate ? row.deliveryDate.toISOString() : null,
  };
}
