import type { Stage } from '../../../shared/stages.js';
import type { Db } from '../../db/client.js';
import type { StageData } from '../../db/schema.js';
import { createOrder, type NewOrder } from './create.js';
import { changeItemStatus } from './status.js';

export interface SeedUnit {
  stage: Stage;
  stageData?: StageData;
}

/**
 * An order whose units have walked to their stages through the status-change function, as they would
 * in real life: each unit gets its status events and its stage data. Used by the demo seed and tests.
 */
export async function createOrderAtStages(
  db: Db,
  order: Omit<NewOrder, 'status' | 'quantity' | 'initiatedBy'>,
  units: SeedUnit[],
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const created = await createOrder(tx, { ...order, quantity: units.length, initiatedBy: 'system' });
    for (const [index, unit] of units.entries()) {
      // A new unit is already at ORDER_PLACED; stage data needs a stage to arrive with.
      if (unit.stage === 'ORDER_PLACED') continue;
      await changeItemStatus(
        tx,
        {
          orderId: created.order.id,
          itemNumbers: [index + 1],
          to: unit.stage,
          rule: 'set',
          actor: { kind: 'system' },
          stageData: unit.stageData,
          // A seeded history is not news: the owner gets no stage-change mail for it.
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
