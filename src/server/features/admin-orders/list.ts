import { count, eq, getTableName, sql } from 'drizzle-orm';
import type {
  AdminOrderFilters,
  AdminOrderRow,
  AdminOrdersPage,
  AdminOrdersQuery,
} from '../../../shared/schemas/admin-orders.js';
import type { Executor } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { type CountCache, snapshotXmax, snapshotXmin } from './count-cache.js';
import { filterStages, orderFilterWhere, orderSort } from './filters.js';

/**
 * The customer's e-mail, null for a guest. A subquery rather than a join: on ten rows it is ten index
 * lookups either way, and PGlite runs it in two thirds of the join's time.
 */
const customerEmail = sql<
  string | null
>`(select u.${sql.identifier(users.email.name)} from ${users} u where u.${sql.identifier(users.id.name)} = ${sql.identifier(getTableName(orders))}.${sql.identifier(orders.userId.name)})`.as(
  'customer_email',
);

/**
 * The customer's first and last name as one, null for a guest or a customer who gave neither. The same
 * kind of subquery as the e-mail.
 */
const customerName = sql<
  string | null
>`(select nullif(concat_ws(' ', nullif(trim(u.${sql.identifier(users.firstName.name)}), ''), nullif(trim(u.${sql.identifier(users.lastName.name)}), '')), '') from ${users} u where u.${sql.identifier(users.id.name)} = ${sql.identifier(getTableName(orders))}.${sql.identifier(orders.userId.name)})`.as(
  'customer_name',
);

/** The columns of one row of the orders table, the dashboard's recent orders and the export. */
export const adminOrderColumns = {
  id: orders.id,
  orderId: orders.orderId,
  userId: orders.userId,
  customerEmail,
  customerName,
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
 * every matching order, each with its snapshot's horizon for the count cache. Exposed as query
 * builders so the benchmark's bare reference server runs exactly the same SQL (`.toSQL()`).
 */
export function adminOrderListQueries(executor: Executor, query: AdminOrdersQuery) {
  const where = orderFilterWhere(query);
  const page = executor
    .select({ ...adminOrderColumns, horizon: snapshotXmax.as('horizon') })
    .from(orders)
    .where(where)
    .orderBy(...orderSort(query.sort, query.q))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = executor
    .select({ total: count().as('total'), xmin: snapshotXmin.as('xmin'), xmax: snapshotXmax.as('xmax') })
    .from(orders)
    .where(where);
  return { page, total };
}

export type AdminOrderRecord = Omit<
  Awaited<ReturnType<typeof adminOrderListQueries>['page']>[number],
  'horizon'
>;

export function toAdminOrderRow({
  horizon: _horizon,
  ...row
}: AdminOrderRecord & { horizon?: string }): AdminOrderRow {
  return {
    ...row,
    orderDate: row.orderDate.toISOString(),
    deliveryDate: row.deliveryDate ? row.deliveryDate.toISOString() : null,
  };
}

/**
 * The cache key of a filter: the same orders match the same key, whatever the page or sort, and
 * whatever the order or spelling (an alias, a repeat) of the stages.
 */
export function filterKey(query: AdminOrderFilters): string {
  const { status, dateFrom, dateTo, payment, registration, product, q, ids } = query;
  const stages = filterStages(status);
  return JSON.stringify([stages, dateFrom, dateTo, payment, registration, product, q, ids ?? null]);
}

/**
 * One page and the total. With a count cache holding this filter, the page runs alone and the count
 * only when the page's snapshot shows the database has changed; otherwise both run together.
 */
export async function listAdminOrders(
  executor: Executor,
  query: AdminOrdersQuery,
  counts: CountCache | null,
): Promise<AdminOrdersPage> {
  const { page, total } = adminOrderListQueries(executor, query);
  const key = filterKey(query);
  const countNow = async () => {
    const [counted] = await total;
    if (!counted) return 0;
    counts?.remember(key, counted);
    return counted.total;
  };
  let rows: Awaited<typeof page>;
  let matching: number;
  if (counts?.has(key)) {
    rows = await page;
    matching = counts.get(key, rows[0]?.horizon) ?? (await countNow());
  } else {
    [rows, matching] = await Promise.all([page, countNow()]);
  }
  return { items: rows.map(toAdminOrderRow), total: matching };
}

/** One order as a row of the table: what the order page shows beside the order's own fields. */
export async function adminOrderRow(executor: Executor, id: number): Promise<AdminOrderRow> {
  const [row] = await executor.select(adminOrderColumns).from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  return toAdminOrderRow(row);
}
