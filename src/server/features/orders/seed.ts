import type { Stage } from '../../../shared/stages.js';
import type { Db } from '../../db/client.js';
import type { StageData } from '../../db/schema.js';
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
    const items = await tx.query.orderItems.findMany({
      where: (item, { eq }) => eq(item.orderId, created.order.id),
      orderBy: (item, { asc }) => asc(item.itemNumber),
    });
    const reloaded = await tx.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, created.order.id) });
    return { order: reloaded ?? created.order, items };
  });
}
