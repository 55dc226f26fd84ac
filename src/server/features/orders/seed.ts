import { asc, eq, sql } from 'drizzle-orm';
import { leastAdvanced, type Stage } from '../../../shared/stages.js';
import { arrayParam } from '../../db/array-param.js';
import type { Db, Executor } from '../../db/client.js';
import { orderItems, orders, type StageData } from '../../db/schema/orders.js';
import { createEventBus } from '../../lib/event-bus.js';
import type { NewOrder } from './create.js';
import type { OrderEvent } from './events.js';
import { createOrderWriter } from './writer.js';

export interface SeedUnit {
  stage: Stage;
  stageData?: StageData;
}

/** A seeded history is not news: it is published to no listener (no live message, mail or webhook). */
const quietWriter = createOrderWriter({ events: createEventBus<OrderEvent>() });

/**
 * An order whose units have walked to their stages through the status-change function, as they would
 * in real life: each unit gets its status events and its stage data. Used by the demo seed and tests.
 */
/** A new order as the system would create it, published to no listener (demo data and tests). */
export function seedOrder(db: Db, order: NewOrder, now?: Date) {
  return quietWriter.create(db, order, { kind: 'system' }, now);
}

export async function createOrderAtStages(
  db: Db,
  order: Omit<NewOrder, 'status' | 'quantity'>,
  units: SeedUnit[],
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const created = await quietWriter.create(tx, { ...order, quantity: units.length }, { kind: 'system' });
    for (const [index, unit] of units.entries()) {
      // A new unit is already at ORDER_PLACED; stage data needs a stage to arrive with.
      if (unit.stage === 'ORDER_PLACED') continue;
      await quietWriter.changeStatus(
        tx,
        {
          orderId: created.order.id,
          itemNumbers: [index + 1],
          to: unit.stage,
          rule: 'set',
          actor: { kind: 'system' },
          stageData: unit.stageData,
          notifyCustomer: false,
        },
        now,
      );
    }
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, created.order.id))
      .orderBy(asc(orderItems.itemNumber));
    const [reloaded] = await tx.select().from(orders).where(eq(orders.id, created.order.id));
    return { order: reloaded ?? created.order, items };
  });
}

/**
 * Units given their delivery day as booking one gives it (noon UTC of the day, the order's date the
 * earliest of its units'), in the caller's transaction and published to no listener: the demo seed's
 * booked units.
 */
export async function seedUnitDeliveryDates(
  tx: Executor,
  units: ReadonlyArray<{ orderId: number; itemId: number; day: string; at: Date }>,
) {
  for (const unit of units) {
    await quietWriter.setUnitDetails(
      tx,
      unit.orderId,
      [unit.itemId],
      { deliveryDate: new Date(`${unit.day}T12:00:00Z`) },
      unit.at,
    );
  }
}

/** An order of the past: placed on its order date, each unit's status changes in time order. */
export interface HistoricalOrder {
  order: Omit<NewOrder, 'status' | 'quantity' | 'orderDate'> & { orderDate: Date };
  /** Per unit, its status changes after the order was placed, oldest first. */
  units: ReadonlyArray<ReadonlyArray<{ stage: Stage; at: Date }>>;
}

/**
 * Writes a past: orders created on their order dates whose units walked through their stages at the
 * given moments, each change with its status event, as the status function records them. Set-based
 * (a few statements for hundreds of orders) and published to no listener: a seeded history is not
 * news. For the demo and the tests of what is computed from history.
 */
export async function seedOrderHistory(db: Db, history: readonly HistoricalOrder[]) {
  if (history.length === 0) return { orders: 0, units: 0 };
  return db.transaction(async (tx) => {
    const ids = await quietWriter.createMany(
      tx,
      history.map(({ order, units }) => ({ ...order, quantity: units.length })),
      { kind: 'system' },
    );
    const orderIdOf = (orderNumber: string) => {
      const id = ids.get(orderNumber);
      if (id === undefined) throw new Error(`order ${orderNumber} was not created`);
      return id;
    };
    const created = history.map(({ order }) => ({ id: orderIdOf(order.orderId), at: order.orderDate }));
    // The rows say they were created on the order date, as they would have been.
    await tx.execute(sql`
      with dates as (
        select * from unnest(${arrayParam(
          created.map((row) => row.id),
          'int[]',
        )}, ${arrayParam(
          created.map((row) => row.at.toISOString()),
          'timestamptz[]',
        )}) as t(id, at)
      ),
      stamped_orders as (
        update orders o set created_at = d.at, updated_at = d.at from dates d where o.id = d.id
      ),
      stamped_units as (
        update order_items i set created_at = d.at, updated_at = d.at, status_changed_at = d.at
        from dates d where i.order_id = d.id
      )
      update event_logs e set timestamp = d.at from dates d
      where e.order_id = d.id and e.type = 'ORDER_CREATED'`);

    const steps = history.flatMap(({ order, units }) =>
      units.flatMap((unitSteps, index) =>
        unitSteps.map((step, position) => ({
          orderId: orderIdOf(order.orderId),
          itemNumber: index + 1,
          from: position === 0 ? 'ORDER_PLACED' : (unitSteps[position - 1]?.stage as Stage),
          to: step.stage,
          at: step.at.toISOString(),
        })),
      ),
    );
    if (steps.length > 0) {
      const column = (pick: (step: (typeof steps)[number]) => string | number, type: string) =>
        arrayParam(steps.map(pick), type);
      await tx.execute(sql`
        with steps as (
          select * from unnest(
            ${column((s) => s.orderId, 'int[]')}, ${column((s) => s.itemNumber, 'int[]')},
            ${column((s) => s.from, 'text[]')}, ${column((s) => s.to, 'text[]')},
            ${column((s) => s.at, 'timestamptz[]')}
          ) as t(order_id, item_number, old_status, status, at)
        )
        insert into event_logs (order_id, order_item_id, timestamp, stage, type, data, initiated_by)
        select s.order_id, i.id, s.at, s.status, 'ORDER_ITEM_STATUS_UPDATED',
          jsonb_build_object('type', 'ORDER_ITEM_STATUS_UPDATED', 'itemNumber', s.item_number,
            'orderItemId', i.id, 'oldStatus', s.old_status, 'status', s.status),
          'system'
        from steps s join order_items i on i.order_id = s.order_id and i.item_number = s.item_number
        order by s.at`);
    }

    // Each unit ends at its last stage; each order at the least advanced of its units.
    const units = history.flatMap(({ order, units }) =>
      units.map((unitSteps, index) => ({
        orderId: orderIdOf(order.orderId),
        itemNumber: index + 1,
        last: unitSteps.at(-1),
      })),
    );
    const moved = units.filter((unit) => unit.last !== undefined);
    if (moved.length > 0) {
      await tx.execute(sql`
        update order_items i set status = t.status, status_changed_at = t.at, updated_at = t.at
        from unnest(
          ${arrayParam(
            moved.map((u) => u.orderId),
            'int[]',
          )}, ${arrayParam(
            moved.map((u) => u.itemNumber),
            'int[]',
          )},
          ${arrayParam(
            moved.map((u) => u.last?.stage ?? 'ORDER_PLACED'),
            'text[]',
          )}, ${arrayParam(
            moved.map((u) => u.last?.at.toISOString() ?? null),
            'timestamptz[]',
          )}
        ) as t(order_id, item_number, status, at)
        where i.order_id = t.order_id and i.item_number = t.item_number`);
    }
    const orderStatuses = history.map(({ order, units }) => ({
      id: orderIdOf(order.orderId),
      status: leastAdvanced(units.map((unitSteps) => unitSteps.at(-1)?.stage ?? 'ORDER_PLACED')),
      at: new Date(
        Math.max(order.orderDate.getTime(), ...units.map((s) => s.at(-1)?.at.getTime() ?? 0)),
      ).toISOString(),
    }));
    await tx.execute(sql`
      update orders o set status = t.status, updated_at = t.at
      from unnest(
        ${arrayParam(
          orderStatuses.map((o) => o.id),
          'int[]',
        )}, ${arrayParam(
          orderStatuses.map((o) => o.status),
          'text[]',
        )}, ${arrayParam(
          orderStatuses.map((o) => o.at),
          'timestamptz[]',
        )}
      ) as t(id, status, at)
      where o.id = t.id`);
    return { orders: history.length, units: units.length };
  });
}
