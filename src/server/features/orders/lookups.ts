// The reads other capabilities make of orders and units, one function each, so that only this module
// knows the orders tables (decision 230). Each keeps the statement its caller used to write itself;
// none throws: what a missing row means is the caller's to say.
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { arrayParam, rowsOf } from '../../db/array-param.js';
import type { Db, Executor } from '../../db/client.js';
import { type Order, type OrderItem, orderItems, orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { orderValueCentsSql, paidCentsSql } from './money-sql.js';

/** The order's row. */
export async function findOrder(executor: Executor, orderId: number): Promise<Order | undefined> {
  const [order] = await executor.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order;
}

/** The order with this business id (e.g. 'VH1042'). */
export async function findOrderByNumber(executor: Executor, orderNumber: string): Promise<Order | undefined> {
  const [order] = await executor.select().from(orders).where(eq(orders.orderId, orderNumber)).limit(1);
  return order;
}

/**
 * The internal ids of the orders with these business ids, by business id (a batch of the import: one
 * statement, the ids as one array parameter).
 */
export async function orderIdsByNumber(
  executor: Executor,
  orderNumbers: string[],
): Promise<Map<string, number>> {
  return new Map(
    rowsOf<{ id: number; order_id: string }>(
      await executor.execute(
        sql`select id, order_id from orders where order_id = any(${arrayParam(orderNumbers, 'text[]')})`,
      ),
    ).map((row) => [row.order_id, Number(row.id)]),
  );
}

/**
 * The units of the orders with these business ids, each with its order's id and customer, in one
 * statement (the demo seed attaches messages, payments and bookings to a history it just wrote).
 */
export async function unitsByOrderNumber(executor: Executor, orderNumbers: readonly string[]) {
  return rowsOf<{
    order_number: string;
    order_id: number;
    user_id: number | null;
    item_number: number;
    item_id: number;
  }>(
    await executor.execute(sql`
      select o.order_id as order_number, o.id as order_id, o.user_id, i.item_number, i.id as item_id
      from orders o join order_items i on i.order_id = o.id
      where o.order_id = any(${arrayParam(orderNumbers, 'text[]')})`),
  ).map((row) => ({
    orderNumber: row.order_number,
    orderId: Number(row.order_id),
    userId: row.user_id === null ? null : Number(row.user_id),
    itemNumber: Number(row.item_number),
    itemId: Number(row.item_id),
  }));
}

/** The internal id of the order named by its internal id (a number) or its business id (text). */
export async function findOrderId(executor: Executor, ref: string | number): Promise<number | undefined> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(typeof ref === 'number' ? eq(orders.id, ref) : eq(orders.orderId, ref))
    .limit(1);
  return row?.id;
}

/**
 * Locks the order's row for the rest of the transaction without reading it, so a capability's own
 * rows about the order (messages, files, documents) change one transaction at a time. False when
 * there is no such order.
 */
export async function lockOrderRow(tx: Executor, orderId: number): Promise<boolean> {
  const locked = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  return locked.length > 0;
}

/** The customer's own order, locked for the rest of the transaction; undefined for anyone else's. */
export async function lockCustomerOrder(
  tx: Executor,
  userId: number,
  orderId: number,
): Promise<Order | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  return order;
}

/** The id of the customer's latest order (by order date), locked for the rest of the transaction. */
export async function lockLatestOrderOfCustomer(tx: Executor, userId: number): Promise<number | undefined> {
  const [latest] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(1)
    .for('update');
  return latest?.id;
}

/** The order's units by item number. */
export async function unitsOfOrder(executor: Executor, orderId: number): Promise<OrderItem[]> {
  return executor
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.itemNumber));
}

/** One unit's row. */
export async function findUnit(executor: Executor, itemId: number): Promise<OrderItem | undefined> {
  const [item] = await executor.select().from(orderItems).where(eq(orderItems.id, itemId));
  return item;
}

/** The unit's id and its order's id. */
export async function findUnitOrderId(executor: Executor, itemId: number) {
  const [item] = await executor
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, itemId))
    .limit(1);
  return item;
}

/** The unit, its order and the owner's e-mail, when `userId` owns the order. */
export async function findCustomerUnitWithEmail(executor: Executor, userId: number, itemId: number) {
  const [row] = await executor
    .select({ item: orderItems, order: orders, email: users.email })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

/** The unit's place and stage with its order's id, number and product, when `userId` owns the order. */
export async function findCustomerUnitSummary(executor: Executor, userId: number, itemId: number) {
  const [row] = await executor
    .select({
      itemId: orderItems.id,
      itemNumber: orderItems.itemNumber,
      status: orderItems.status,
      statusChangedAt: orderItems.statusChangedAt,
      orderId: orders.id,
      orderNumber: orders.orderId,
      productName: orders.productName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}

/**
 * What the public tracking link may show of the order with this token: only these columns are read,
 * so nothing personal ever is.
 */
export async function findTrackedOrder(executor: Executor, token: string) {
  const [order] = await executor
    .select({
      id: orders.id,
      orderId: orders.orderId,
      productName: orders.productName,
      deliveryDate: orders.deliveryDate,
    })
    .from(orders)
    .where(eq(orders.trackingToken, token))
    .limit(1);
  return order;
}

/** What the public tracking link may show of the order's units, by item number. */
export async function trackedUnitsOfOrder(executor: Executor, orderId: number) {
  return executor
    .select({
      id: orderItems.id,
      itemNumber: orderItems.itemNumber,
      status: orderItems.status,
      statusChangedAt: orderItems.statusChangedAt,
      deliveryDate: orderItems.deliveryDate,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.itemNumber));
}

/** The order's number, product and quantity with its customer's e-mail (null for a guest). */
export async function findOrderForStaffNotice(executor: Executor, orderId: number) {
  const [order] = await executor
    .select({
      orderNumber: orders.orderId,
      productName: orders.productName,
      quantity: orders.quantity,
      customerEmail: users.email,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return order;
}

/** What the order confirmation says, with the customer's address and mail choices; none for a guest. */
export async function findOrderForConfirmation(executor: Executor, orderId: number) {
  const [row] = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderId,
      productName: orders.productName,
      quantity: orders.quantity,
      status: orders.status,
      trackingToken: orders.trackingToken,
      email: users.email,
      prefs: users.notificationPrefs,
      hasPassword: sql<boolean>`${users.password} is not null`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The number, product and customer of each of these orders (a page of another capability's list). */
export async function orderSummaries(executor: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return executor
    .select({
      id: orders.id,
      orderNumber: orders.orderId,
      productName: orders.productName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, [...orderIds]));
}

/** The ids of the customer's orders. */
export async function orderIdsOfCustomer(executor: Executor, userId: number): Promise<number[]> {
  const rows = await executor.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  return rows.map((row) => row.id);
}

/** The customer's orders, newest first, as the User Management dialog lists them. */
export async function ordersOfCustomer(executor: Executor, userId: number) {
  return executor
    .select({
      id: orders.id,
      orderId: orders.orderId,
      productName: orders.productName,
      status: orders.status,
      orderDate: orders.orderDate,
      amount: orders.amount,
      orderValue: orderValueCentsSql(),
      paid: paidCentsSql(),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.id));
}

/** How many orders the customer has. */
export async function countOrdersOfCustomer(executor: Executor, userId: number): Promise<number> {
  const [linked] = await executor.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return linked?.n ?? 0;
}

/**
 * Each customer's order count, what they have paid (`totalSpent`) and the value of their orders
 * (`orderValue`), in cents, as a lateral subquery on `userId`, the customers list's column of the
 * user's id: joined, it is one statement for the page.
 */
export function customerOrderTotals(db: Db, userId: AnyPgColumn) {
  return db
    .select({
      orders: sql<number>`count(*)::int`.as('order_count'),
      totalSpent: sql<string>`coalesce(sum(${paidCentsSql()}), 0)`.as('total_spent'),
      orderValue: sql<string>`coalesce(sum(${orderValueCentsSql()}), 0)`.as('order_value'),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .as('totals');
}

/**
 * The ids of the orders still at ORDER_PLACED whose ZIP code is one of `codes` (or one of them with a
 * suffix, `12345-6789`), optionally only among `onlyOrderIds`, by id.
 */
export async function placedOrderIdsInZipCodes(
  executor: Executor,
  codes: readonly string[],
  onlyOrderIds?: readonly number[],
): Promise<number[]> {
  const affected = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'ORDER_PLACED'),
        onlyOrderIds ? inArray(orders.id, [...onlyOrderIds]) : undefined,
        or(
          inArray(orders.zipCode, [...codes]),
          inArray(
            sql`left(${orders.zipCode}, 6)`,
            codes.map((code) => `${code}-`),
          ),
        ),
      ),
    )
    .orderBy(orders.id);
  return affected.map((row) => row.id);
}

/** The business ids ('VH1042') of these orders, by internal id; a deleted order is simply absent. */
export async function orderNumbersByIds(executor: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, orderId: orders.orderId })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.orderId]));
}
