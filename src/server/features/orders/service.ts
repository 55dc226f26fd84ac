import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import { isStaffRole } from '../../../shared/permissions.js';
import type { UnitDocumentDto } from '../../../shared/schemas/conversations.js';
import type { DeliveryEstimate } from '../../../shared/schemas/forecast.js';
import { isDocumentReady } from '../../../shared/schemas/orders.js';
import type { Stage } from '../../../shared/stages.js';
import type { Db, Executor } from '../../db/client.js';
import { eventLogs, type Order, type OrderItem, orderItems, orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { ordersErrors } from './errors.js';
import type { OrderWriter } from './writer.js';

/**
 * Who is reading: a customer sees only their own orders, any staff role every order (decision 19).
 * Only what the reads need, so any signed-in user fits and the orders module depends on no session code.
 */
export interface Viewer {
  id: number;
  role: Role;
}

export const DOCUMENT_NOT_READY = 'The documents may still be in preparation. Please check back later.';

function visibleTo(viewer: Viewer) {
  return isStaffRole(viewer.role) ? undefined : eq(orders.userId, viewer.id);
}

async function itemsOf(executor: Executor, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
  const byOrder = new Map<number, OrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await executor
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.itemNumber));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * The delivery window of each unit not yet delivered, by unit id; given where the app is composed by
 * the capability that estimates deliveries (the orders module knows none of its listeners).
 */
export type DeliveryEstimator = (
  units: readonly { id: number; status: Stage; statusChangedAt: Date; productName: string }[],
) => Promise<ReadonlyMap<number, DeliveryEstimate>>;

/** A unit as the order routes answer it: with its delivery window while it is on its way. */
export type EstimatedItem = OrderItem & { estimate?: DeliveryEstimate };

export function createOrderService({
  db,
  clock,
  writer,
  estimator,
  unitDocuments,
}: {
  db: Db;
  clock: Clock;
  writer: OrderWriter;
  estimator?: DeliveryEstimator;
  /** The files staff attached to a unit, listed in its details; given where the app is composed. */
  unitDocuments?: (itemId: number) => Promise<UnitDocumentDto[]>;
}) {
  /** The units of these orders with their estimates, in one pass over all of them. */
  async function withEstimates<T extends { order: Order; items: OrderItem[] }>(
    list: T[],
  ): Promise<(T & { items: EstimatedItem[] })[]> {
    if (!estimator) return list;
    const estimates = await estimator(
      list.flatMap(({ order, items }) => items.map((item) => ({ ...item, productName: order.productName }))),
    );
    return list.map((entry) => ({
      ...entry,
      items: entry.items.map((item) => {
        const estimate = estimates.get(item.id);
        return estimate ? { ...item, estimate } : item;
      }),
    }));
  }

  async function findVisibleOrder(viewer: Viewer, orderId: number, executor: Executor = db): Promise<Order> {
    const [order] = await executor
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), visibleTo(viewer)))
      .limit(1);
    // Someone else's order answers exactly like a missing one.
    if (!order) throw ordersErrors.ORDER_NOT_FOUND('Order not found');
    return order;
  }

  /** The unit and its order, when the caller owns the order (customer actions: admins are not owners). */
  async function findOwnedItem(userId: number, itemId: number, executor: Executor = db) {
    const [row] = await executor
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)))
      .limit(1);
    if (!row) throw ordersErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
    return row;
  }

  return {
    /** The customer's orders, newest first, each with its units. */
    async listForCustomer(userId: number) {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.orderDate), desc(orders.id));
      const items = await itemsOf(
        db,
        rows.map((o) => o.id),
      );
      return withEstimates(rows.map((order) => ({ order, items: items.get(order.id) ?? [] })));
    },

    async get(viewer: Viewer, orderId: number) {
      const order = await findVisibleOrder(viewer, orderId);
      const items = await itemsOf(db, [order.id]);
      const [found] = await withEstimates([{ order, items: items.get(order.id) ?? [] }]);
      return found ?? { order, items: [] };
    },

    async items(viewer: Viewer, orderId: number): Promise<EstimatedItem[]> {
      const order = await findVisibleOrder(viewer, orderId);
      const [found] = await withEstimates([
        { order, items: (await itemsOf(db, [order.id])).get(order.id) ?? [] },
      ]);
      return found?.items ?? [];
    },

    /** The order's events, oldest first; internal ones (admin notes, webhook logs) never appear here. */
    async events(viewer: Viewer, orderId: number) {
      const order = await findVisibleOrder(viewer, orderId);
      return db
        .select()
        .from(eventLogs)
        .where(and(eq(eventLogs.orderId, order.id), eq(eventLogs.internal, false)))
        .orderBy(asc(eventLogs.timestamp), asc(eventLogs.id));
    },

    async itemDetails(viewer: Viewer, itemId: number) {
      const [row] = await db
        .select({ item: orderItems, order: orders })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.id, itemId), visibleTo(viewer)))
        .limit(1);
      if (!row) throw ordersErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
      const [user] = row.order.userId
        ? await db
            .select({
              id: users.id,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
              phoneNumber: users.phoneNumber,
            })
            .from(users)
            .where(eq(users.id, row.order.userId))
        : [];
      const documents = unitDocuments ? await unitDocuments(row.item.id) : [];
      return { ...row, user: user ?? null, documents };
    },

    /**
     * The customer opens a ready document: DOCUMENTS_PENDING → DOCUMENTS_SIGNING. Asking again once
     * signing has started changes nothing; any other move is refused.
     */
    async startSigning(userId: number, itemId: number, requested: string): Promise<OrderItem> {
      return db.transaction(async (tx) => {
        const { order } = await findOwnedItem(userId, itemId, tx);
        // Read the unit again under the order's lock, so two tabs cannot both pass the checks.
        await writer.lock(tx, order.id);
        const { item } = await findOwnedItem(userId, itemId, tx);
        if (requested !== 'DOCUMENTS_SIGNING')
          throw ordersErrors.STATUS_CHANGE_NOT_ALLOWED('Customers cannot make this change');
        if (item.status === 'DOCUMENTS_SIGNING') return item;
        if (item.status !== 'DOCUMENTS_PENDING')
          throw ordersErrors.STATUS_CHANGE_NOT_ALLOWED('Customers cannot make this change');
        if (!isDocumentReady(item.currentStageData))
          throw ordersErrors.DOCUMENT_NOT_READY(DOCUMENT_NOT_READY);
        const now = clock.now();
        await writer.changeStatus(
          tx,
          {
            orderId: order.id,
            itemNumbers: [item.itemNumber],
            to: 'DOCUMENTS_SIGNING',
            rule: 'customer',
            actor: { kind: 'customer', userId },
            stageData: { signingStartedAt: now.toISOString() },
          },
          now,
        );
        const [updated] = await tx.select().from(orderItems).where(eq(orderItems.id, item.id));
        if (!updated) throw ordersErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
        return updated;
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
