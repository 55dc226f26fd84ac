import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { financingApplications, users } from '../../db/schema.js';
import { publishStatusChange } from '../../live/publish.js';
import { enqueueFinancingMail } from '../notifications/index.js';
import type { Order, OrderItem } from '../orders/index.js';
import { lockApplicationsOfUnits } from './applications.js';

/**
 * A provider's decision, heard through the payment webhook (`paymentType: finance`), in its
 * transaction: the units' submitted applications become approved or declined and their customers are
 * mailed. An approval moves the unit as a paid deposit does (the webhook's own change, which also
 * tells the customer's open page); a declined unit stays at the payment stage, so its page is told
 * here with the unit's unchanged stage. A unit without a submitted application is left alone.
 */
export async function recordFinancingDecision(
  tx: Executor,
  input: { order: Order; units: readonly OrderItem[]; approved: boolean; now: Date },
): Promise<number> {
  const { order, units, approved, now } = input;
  const open = await lockApplicationsOfUnits(
    tx,
    units.map((unit) => unit.id),
    ['submitted'],
  );
  if (open.length === 0) return 0;
  const state = approved ? 'approved' : 'declined';
  await tx
    .update(financingApplications)
    .set({ state, decidedAt: now, updatedAt: now })
    .where(
      inArray(
        financingApplications.id,
        open.map((row) => row.id),
      ),
    );
  const owners = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(open.map((row) => row.userId))]));
  for (const row of open) {
    const owner = owners.find((user) => user.id === row.userId);
    if (!owner) continue;
    await enqueueFinancingMail(
      tx,
      {
        to: owner.email,
        applicationId: row.id,
        orderId: order.id,
        orderNumber: order.orderId,
        itemNumber: row.itemNumber,
        productName: order.productName,
        provider: row.provider ?? '',
        state,
      },
      now,
    );
  }
  if (!approved) {
    const status = units.find((unit) => unit.id === open[0]?.orderItemId)?.status ?? order.status;
    await publishStatusChange(tx, {
      orderId: order.id,
      ownerId: order.userId,
      status,
      itemNumbers: open.map((row) => row.itemNumber),
    });
  }
  return open.length;
}
