import { createHash } from 'node:crypto';
import { fillPlaceholders, sql } from 'drizzle-orm';
import type {
  AdminOrderDetails,
  AdminOrderFilters,
  AdminOrderRow,
  AdminOrdersPage,
  AdminOrdersQuery,
} from '../../../shared/schemas/admin-orders.js';
import { type MoneyUnit, orderMoney } from '../../../shared/schemas/money.js';
import type { Db, Executor } from '../../db/client.js';
import {
  type Bind,
  findStaffOrderRow,
  orderFilterWhere,
  orderSort,
  staffOrderListQueries,
  unitsOfOrder,
} from '../orders/index.js';
import { type CountCache, snapshotXmax, snapshotXmin } from './count-cache.js';
import { adminOrdersErrors } from './errors.js';

/**
 * What one page of `GET /api/admin/orders` binds (filter values, search, limit, offset, by name) and its
 * shape: which of them are present, and what is written into the SQL itself (the payment and
 * registration filters, the sort). Two queries of one shape run the same statements with different
 * values; the count's shape leaves out the sort and paging.
 */
function listShape(query: AdminOrdersQuery) {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const where = orderFilterWhere(query, bind);
  const countKey = JSON.stringify([query.payment, query.registration, Object.keys(values)]);
  const sort = orderSort(query.sort, query.q, bind);
  const limit = bind('limit', query.pageSize);
  const offset = bind('offset', (query.page - 1) * query.pageSize);
  const key = JSON.stringify([countKey, query.sort, Object.keys(values)]);
  return { key, countKey, values, where, sort, limit, offset };
}

type ListShape = ReturnType<typeof listShape>;

/**
 * The two statements of a shape: the page itself and the count of every matching order, each with its
 * snapshot's horizon for the count cache.
 */
function listQueries(db: Db, shape: ListShape) {
  return staffOrderListQueries(db, shape, { xmin: snapshotXmin, xmax: snapshotXmax });
}

/**
 * Named after the shape: the same shape gets the same name and text on every connection, and a name
 * stays within PostgreSQL's 63 characters.
 */
function statementNames({ key, countKey }: ListShape) {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 20);
  return { page: `admin_orders_page_${hash(key)}`, total: `admin_orders_count_${hash(countKey)}` };
}

/**
 * The page's two statements as the database receives them (name, text, values): the benchmark's bare
 * reference sends exactly these.
 */
export function adminOrderListStatements(db: Db, query: AdminOrdersQuery) {
  const shape = listShape(query);
  const queries = listQueries(db, shape);
  const names = statementNames(shape);
  const statement = (part: 'page' | 'total') => {
    const { sql: text, params } = queries[part].toSQL();
    return { name: names[part], text, values: fillPlaceholders(params, shape.values) };
  };
  return { page: statement('page'), total: statement('total') };
}

export type AdminOrderRecord = Omit<
  Awaited<ReturnType<ReturnType<typeof listQueries>['page']['execute']>>[number],
  'horizon'
>;

export function toAdminOrderRow({
  horizon: _horizon,
  unitPayments,
  ...row
}: AdminOrderRecord & { horizon?: string }): AdminOrderRow {
  return {
    ...row,
    orderDate: row.orderDate.toISOString(),
    deliveryDate: row.deliveryDate ? row.deliveryDate.toISOString() : null,
    money: orderMoney(row, unitPayments),
  };
}

/**
 * The cache key of a filter: the same orders match the same key, whatever the page or sort. The query
 * schema has already read the stages in stage order, each once, aliases as their stages.
 */
export function filterKey(query: AdminOrderFilters): string {
  const { status, dateFrom, dateTo, payment, registration, product, q, ids } = query;
  return JSON.stringify([status ?? [], dateFrom, dateTo, payment, registration, product, q, ids ?? null]);
}

/**
 * A row of the page as the driver answers it: columns under their names in the database, times as the
 * text PostgreSQL sent.
 */
interface PageRow {
  id: number;
  order_id: string;
  user_id: number | null;
  customer_email: string | null;
  customer_name: string | null;
  product_name: string;
  quantity: number;
  order_date: string;
  status: AdminOrderRow['status'];
  amount: string | null;
  payment_method: string | null;
  transaction_id: string | null;
  delivery_date: string | null;
  zip_code: string | null;
  unit_payments: MoneyUnit[];
  horizon: string;
}

const isoTime = (text: string) => new Date(text).toISOString();

function pageRowToAdminOrderRow(row: PageRow): AdminOrderRow {
  return {
    id: row.id,
    orderId: row.order_id,
    userId: row.user_id,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    productName: row.product_name,
    quantity: row.quantity,
    orderDate: isoTime(row.order_date),
    status: row.status,
    amount: row.amount,
    paymentMethod: row.payment_method,
    transactionId: row.transaction_id,
    deliveryDate: row.delivery_date === null ? null : isoTime(row.delivery_date),
    zipCode: row.zip_code,
    money: orderMoney(
      { amount: row.amount, transactionId: row.transaction_id, paymentMethod: row.payment_method },
      row.unit_payments,
    ),
  };
}

/**
 * The rows of a prepared statement as the driver answers them, which both drivers' prepared statements
 * offer (`all`) beside `execute`. The page is read this way and mapped field by field: drizzle's generic
 * row mapping cost more than the rest of the request on a 100-row page.
 */
function driverRows<Row>(prepared: object): (values: Record<string, unknown>) => Promise<Row[]> {
  const all = (prepared as { all?: (values: Record<string, unknown>) => Promise<Row[]> }).all;
  if (typeof all !== 'function') throw new Error('this database driver cannot answer raw rows');
  return (values) => all.call(prepared, values);
}

/** Shapes whose statements are kept; staff use a few dozen, the oldest unused go first beyond this. */
const MAX_SHAPES = 200;

/**
 * The list of the orders table. Building a page's SQL took more of the request's time than running it,
 * so the statements are built once per shape, with the values as parameters, and sent as named
 * statements that the database parses once per connection.
 */
export function createAdminOrderList(db: Db, counts: CountCache | null) {
  const statements = new Map<string, ReturnType<typeof prepare>>();
  function prepare(shape: ListShape) {
    const { page, total } = listQueries(db, shape);
    const names = statementNames(shape);
    return { page: driverRows<PageRow>(page.prepare(names.page)), total: total.prepare(names.total) };
  }
  function prepared(shape: ListShape) {
    let found = statements.get(shape.key);
    if (found) {
      // Map keeps insertion order: moved to the end, it is the last to go.
      statements.delete(shape.key);
    } else {
      found = prepare(shape);
      if (statements.size >= MAX_SHAPES) statements.delete(statements.keys().next().value as string);
    }
    statements.set(shape.key, found);
    return found;
  }

  /**
   * One page and the total. With a count cache holding this filter, the page runs alone and the count
   * only when the page's snapshot shows the database has changed; otherwise both run together.
   */
  return async function list(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
    const shape = listShape(query);
    const { page, total } = prepared(shape);
    const key = counts ? filterKey(query) : '';
    const countNow = async () => {
      const [counted] = await total.execute(shape.values);
      if (!counted) return 0;
      counts?.remember(key, counted);
      return counted.total;
    };
    let rows: PageRow[];
    let matching: number;
    if (counts?.has(key)) {
      rows = await page(shape.values);
      matching = counts.get(key, rows[0]?.horizon) ?? (await countNow());
    } else {
      [rows, matching] = await Promise.all([page(shape.values), countNow()]);
    }
    return { items: rows.map(pageRowToAdminOrderRow), total: matching };
  };
}

/** One order as a row of the table: what the order page shows beside the order's own fields. */
export async function adminOrderRow(executor: Executor, id: number): Promise<AdminOrderDetails> {
  const row = await findStaffOrderRow(executor, id);
  if (!row) throw adminOrdersErrors.ORDER_NOT_FOUND('Order not found');
  const units = await unitsOfOrder(executor, id);
  return {
    ...toAdminOrderRow(row),
    units: units.map((unit) => ({
      itemNumber: unit.itemNumber,
      status: unit.status,
      deliveryDate: unit.deliveryDate?.toISOString() ?? null,
    })),
  };
}
