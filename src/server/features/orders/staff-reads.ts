// The back office's and the forecast's reads of orders, units and their log: the statements those
// capabilities used to build themselves, unchanged (the list and the dashboard are benchmarked), so
// that only this module knows the orders tables (decision 230).
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { MoneyUnit } from '../../../shared/schemas/money.js';
import type { Db, Executor } from '../../db/client.js';
import { type EventLog, eventLogs, orderItems, orders, stageCounts } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';

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

/**
 * The order's units as the money reads them (`orderMoney` in src/shared/schemas/money.ts): item
 * number, stage and the payment fields of the stage data, by item number. One subquery per row on the
 * units' (order_id, item_number) index: a page of 100 orders reads a few hundred index entries.
 */
const unitPayments = sql<MoneyUnit[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'itemNumber', i.${sql.identifier(orderItems.itemNumber.name)},
    'status', i.${sql.identifier(orderItems.status.name)},
    'stageData', jsonb_strip_nulls(jsonb_build_object(${sql.raw(
      ['paymentStatus', 'paymentAmount', 'amount', 'paymentMethod', 'paymentType', 'paidAt']
        .map((key) => `'${key}', i.current_stage_data -> '${key}'`)
        .join(', '),
    )}))) order by i.${sql.identifier(orderItems.itemNumber.name)}), '[]'::jsonb)
  from ${orderItems} i where i.${sql.identifier(orderItems.orderId.name)} = ${sql.identifier(getTableName(orders))}.${sql.identifier(orders.id.name)})`.as(
  'unit_payments',
);

/** The columns of one row of the back office's orders table, the dashboard's recent orders. */
export const staffOrderColumns = {
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
  unitPayments,
};

/** What a page of the back office's list needs besides the filter: the sort, the paging, the horizons. */
export interface StaffOrderListShape {
  where: SQL | undefined;
  sort: SQL[];
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/**
 * The two statements of a page of the back office's list: the page itself and the count of every
 * matching order, each with its snapshot's horizon (`horizon`, `xmin`, `xmax`: the caller's count
 * cache decides what they are).
 */
export function staffOrderListQueries(
  db: Db,
  { where, sort, limit, offset }: StaffOrderListShape,
  snapshot: { xmin: SQL<string>; xmax: SQL<string> },
) {
  const page = db
    .select({ ...staffOrderColumns, horizon: snapshot.xmax.as('horizon') })
    .from(orders)
    .where(where)
    .orderBy(...sort)
    .limit(limit)
    .offset(offset);
  const total = db
    .select({ total: count().as('total'), xmin: snapshot.xmin.as('xmin'), xmax: snapshot.xmax.as('xmax') })
    .from(orders)
    .where(where);
  return { page, total };
}

/** One order as a row of the back office's table. */
export async function findStaffOrderRow(executor: Executor, orderId: number) {
  const [row] = await executor.select(staffOrderColumns).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The ids among these that are orders. */
export async function existingOrderIds(executor: Executor, orderIds: number[]): Promise<number[]> {
  const found = await executor.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderIds));
  return found.map((row) => row.id);
}

/** The id of the order's unit with this item number. */
export async function findUnitId(executor: Executor, orderId: number, itemNumber: number) {
  const [unit] = await executor
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.itemNumber, itemNumber)));
  return unit?.id;
}

/** The order's events, internal ones included, newest first, at most `limit`. */
export async function latestEventsOfOrder(
  executor: Executor,
  orderId: number,
  limit: number,
): Promise<EventLog[]> {
  return executor
    .select()
    .from(eventLogs)
    .where(eq(eventLogs.orderId, orderId))
    .orderBy(desc(eventLogs.timestamp), desc(eventLogs.id))
    .limit(limit);
}

/**
 * The dashboard's four small queries: orders per status, the latest orders, units per stage and the
 * undelivered units waiting longest in their stage.
 */
/** Rows of stage_counts beyond which the dashboard folds them into one per kind and stage. */
const STAGE_COUNT_ROWS_KEPT = 500;

/**
 * The dashboard's figures: orders and units per stage from the counts the database keeps
 * (stage_counts, decision 287) rather than counting 100 000 rows on every visit, the latest orders and
 * the units waiting longest (each a few index entries).
 */
export async function dashboardFigures(executor: Executor, recentCount: number, waitingCount: number) {
  const [counts, recent, waiting] = await Promise.all(dashboardQueries(executor, recentCount, waitingCount));
  if (counts.reduce((sum, row) => sum + row.rows, 0) > STAGE_COUNT_ROWS_KEPT) await foldStageCounts(executor);
  const orderCounts = counts.filter((row) => row.kind === 'order');
  const unitCounts = counts.filter((row) => row.kind === 'unit');
  return { orderCounts, recent, unitCounts, waiting };
}

/**
 * The dashboard's three statements (counts per stage, latest orders, units waiting longest), run
 * together; the benchmark's bare reference sends the very same SQL.
 */
export function dashboardQueries(executor: Executor, recentCount: number, waitingCount: number) {
  return [
    executor
      .select({
        kind: stageCounts.kind,
        status: stageCounts.stage,
        count: sql<number>`sum(${stageCounts.delta})::int`.mapWith(Number),
        rows: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(stageCounts)
      .groupBy(stageCounts.kind, stageCounts.stage),
    executor
      .select(staffOrderColumns)
      .from(orders)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(recentCount),
    executor
      .select({
        itemId: orderItems.id,
        orderId: orderItems.orderId,
        orderRef: orders.orderId,
        itemNumber: orderItems.itemNumber,
        status: orderItems.status,
        since: orderItems.statusChangedAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(ne(orderItems.status, 'DELIVERED'))
      .orderBy(asc(orderItems.statusChangedAt), asc(orderItems.id))
      .limit(waitingCount),
  ] as const;
}

/**
 * Replaces the rows of stage_counts by one per kind and stage, in one statement. Writers only insert,
 * so they never wait for it; a second fold at the same time waits for the first's rows, finds them
 * gone and does not see the first's new rows, so the sums stay right.
 */
export async function foldStageCounts(executor: Executor): Promise<void> {
  await executor.execute(sql`
    with gone as (delete from ${stageCounts} returning kind, stage, delta)
    insert into ${stageCounts} (kind, stage, delta)
    select kind, stage, sum(delta) from gone group by kind, stage having sum(delta) <> 0`);
}

/**
 * The units delivered since `since` that have a recorded status change (a unit of a bulk load says
 * nothing about the stages), the latest `limit`, newest first, with their order's product.
 */
export async function deliveredUnitsSince(db: Db, since: Date, limit: number) {
  return db
    .select({
      id: orderItems.id,
      createdAt: orderItems.createdAt,
      deliveredAt: orderItems.statusChangedAt,
      product: orders.productName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.status, 'DELIVERED'),
        gte(orderItems.statusChangedAt, since),
        sql`exists (select 1 from ${eventLogs} e where e.order_item_id = ${orderItems.id}
            and e.type = 'ORDER_ITEM_STATUS_UPDATED')`,
      ),
    )
    .orderBy(sql`${orderItems.statusChangedAt} desc`)
    .limit(limit);
}

/** The status changes of these units, oldest first. */
export async function statusChangesOfUnits(db: Db, unitIds: number[]) {
  return db
    .select({ itemId: eventLogs.orderItemId, stage: eventLogs.stage, at: eventLogs.timestamp })
    .from(eventLogs)
    .where(and(eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED'), inArray(eventLogs.orderItemId, unitIds)))
    .orderBy(asc(eventLogs.timestamp), asc(eventLogs.id));
}

/**
 * A query (for a `with` clause) of the units not yet delivered: id, item_number, status,
 * status_changed_at, their order's id (order_id), number (order_number) and product (product_name),
 * and the month (UTC) they reached their stage.
 */
export function undeliveredUnitsQuery(): SQL {
  return sql`select i.id, i.item_number, i.status, i.status_changed_at, o.id as order_id,
              o.order_id as order_number, o.product_name,
              extract(month from i.status_changed_at at time zone 'UTC')::int as month
            from ${orderItems} i join ${orders} o on o.id = i.order_id
            where i.status <> 'DELIVERED'`;
}
