import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { plural } from '../../../shared/plural.js';
import { isCustomerMove, leastAdvanced, type Stage, stageIndex } from '../../../shared/stages.js';
import { unitName } from '../../../shared/unit-name.js';
import type { Executor } from '../../db/client.js';
import { eventLogs, type Order, orderItems, orders, type StageData } from '../../db/schema/orders.js';
import { ordersErrors } from './errors.js';
import { type Actor, initiatedBy, type OrderEvents, type UnitChange } from './events.js';

/**
 * How the target stage is checked against each unit's current one:
 * - `set`: any stage (admins, the order-status webhook);
 * - `forward`: only units behind the target move, the rest stay where they are (system moves);
 * - `customer`: only the moves in CUSTOMER_MOVES; anything else is refused with 403.
 */
export type StatusRule = 'set' | 'forward' | 'customer';

export interface StatusChange {
  /** The order's internal id. */
  orderId: number;
  /** The units to move, by item number; every unit of the order when omitted. */
  itemNumbers?: readonly number[];
  to: Stage;
  rule: StatusRule;
  actor: Actor;
  /** Only units now in one of these stages move; the others are left as they are. */
  onlyFrom?: readonly Stage[];
  /** Merged into the stage data of each unit that moves. */
  stageData?: StageData;
  /** False: the owner gets no stage-change e-mail (an import with sendNotification off). Default true. */
  notifyCustomer?: boolean;
  /**
   * True: a unit moved to an earlier stage is recorded as a correction (`correction: true` in its
   * event), which both histories show (a partner's allowed move back, decision 267).
   */
  markCorrections?: boolean;
}

export interface StatusChangeResult {
  order: Order;
  changed: UnitChange[];
}

/** Locks the order row for the rest of the transaction, so concurrent changes to one order queue up. */
export async function lockOrder(tx: Executor, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw ordersErrors.ORDER_NOT_FOUND('Order not found');
  return order;
}

function movesUnit(rule: StatusRule, from: Stage, to: Stage): boolean {
  if (from === to) return false;
  if (rule === 'forward') return stageIndex(from) < stageIndex(to);
  if (rule === 'customer' && !isCustomerMove(from, to))
    throw ordersErrors.STATUS_CHANGE_NOT_ALLOWED('This change is not allowed');
  return true;
}

/**
 * The one way a unit's status changes, whoever asks: checks the rule, writes the units, one event row
 * per unit and the order's derived status, then publishes `units.status_changed`, all in the caller's
 * transaction.
 */
export async function changeItemStatus(
  events: OrderEvents,
  tx: Executor,
  change: StatusChange,
  now: Date,
): Promise<StatusChangeResult> {
  const order = await lockOrder(tx, change.orderId);
  const units = await tx
    .select({ id: orderItems.id, itemNumber: orderItems.itemNumber, status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.itemNumber));

  const wanted = change.itemNumbers ? new Set(change.itemNumbers) : null;
  if (wanted) {
    const missing = [...wanted].filter((n) => !units.some((u) => u.itemNumber === n));
    if (missing.length > 0)
      throw ordersErrors.ORDER_ITEM_NOT_FOUND(
        `${missing.map((n) => unitName(order.orderId, n)).join(', ')} ${plural(missing.length, 'does', 'do')} not exist`,
      );
  }

  const moving = units.filter(
    (unit) =>
      (!wanted || wanted.has(unit.itemNumber)) &&
      (!change.onlyFrom || change.onlyFrom.includes(unit.status)) &&
      movesUnit(change.rule, unit.status, change.to),
  );
  if (moving.length === 0) return { order, changed: [] };

  await tx
    .update(orderItems)
    .set({
      status: change.to,
      statusChangedAt: now,
      updatedAt: now,
      ...(change.stageData && {
        currentStageData: sql`${orderItems.currentStageData} || ${JSON.stringify(change.stageData)}::jsonb`,
      }),
    })
    .where(
      and(
        eq(orderItems.orderId, order.id),
        inArray(
          orderItems.id,
          moving.map((unit) => unit.id),
        ),
      ),
    );

  const by = initiatedBy(change.actor);
  const changed = moving.map((unit) => ({
    itemId: unit.id,
    itemNumber: unit.itemNumber,
    from: unit.status,
    to: change.to,
  }));
  await tx.insert(eventLogs).values(
    changed.map((unit) => ({
      orderId: order.id,
      orderItemId: unit.itemId,
      timestamp: now,
      stage: unit.to,
      type: 'ORDER_ITEM_STATUS_UPDATED',
      data: {
        type: 'ORDER_ITEM_STATUS_UPDATED',
        itemNumber: unit.itemNumber,
        orderItemId: unit.itemId,
        oldStatus: unit.from,
        status: unit.to,
        ...(change.markCorrections && stageIndex(unit.to) < stageIndex(unit.from) && { correction: true }),
      },
      initiatedBy: by,
    })),
  );

  const movedIds = new Set(moving.map((unit) => unit.id));
  const orderStatus = leastAdvanced(units.map((unit) => (movedIds.has(unit.id) ? change.to : unit.status)));
  await tx.update(orders).set({ status: orderStatus, updatedAt: now }).where(eq(orders.id, order.id));
  // The row is locked since lockOrder and these are the only columns written, so the updated order is
  // known without reading it back: `returning` every column cost a status change about 0.3 ms.
  const result = { order: { ...order, status: orderStatus, updatedAt: now }, changed };
  await events.publish(tx, {
    type: 'units.status_changed',
    ...result,
    actor: change.actor,
    notifyCustomer: change.notifyCustomer ?? true,
    at: now,
  });
  return result;
}
