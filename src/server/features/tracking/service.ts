import type { TrackedOrder, TrackingLink } from '../../../shared/schemas/tracking.js';
import { trackingPath } from '../../../shared/schemas/tracking.js';
import { customerStageLabel } from '../../../shared/stages.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import {
  type DeliveryEstimator,
  findTrackedOrder,
  type OrderChangeDeps,
  trackedUnitsOfOrder,
} from '../orders/index.js';
import { trackingErrors } from './errors.js';

const NOT_FOUND = 'This tracking link does not exist or was replaced';

/**
 * The public tracking link of an order. The lookup selects only the columns the answer may carry, so
 * nothing personal (customer, address, phone, amount, payment, stage data) is ever read for it.
 */
export function createTrackingService({
  db,
  clock,
  orders: writer,
  estimator,
}: OrderChangeDeps & { estimator: DeliveryEstimator }) {
  return {
    async track(token: string): Promise<TrackedOrder> {
      const order = await findTrackedOrder(db, token);
      if (!order) throw trackingErrors.TRACKING_LINK_NOT_FOUND(NOT_FOUND);
      const units = await trackedUnitsOfOrder(db, order.id);
      const estimates = await estimator(units.map((unit) => ({ ...unit, productName: order.productName })));
      return {
        orderId: order.orderId,
        productName: order.productName,
        units: units.map((unit) => ({
          itemNumber: unit.itemNumber,
          status: unit.status,
          label: customerStageLabel(unit.status),
          estimate: estimates.get(unit.id) ?? null,
          deliveryDate: unit.deliveryDate?.toISOString() ?? null,
        })),
        deliveryDate: order.deliveryDate?.toISOString() ?? null,
      };
    },

    /** A new link for the order; whoever holds the old one gets 404 from now on. Logged for staff. */
    async replaceLink(orderId: number, actor: AuditActor): Promise<TrackingLink> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        await writer.lock(tx, orderId);
        const token = await writer.replaceTrackingToken(tx, orderId, now);
        await writer.addNote(
          tx,
          orderId,
          'Tracking link replaced; the previous link no longer works.',
          { kind: 'admin', userId: actor.id },
          now,
        );
        // The order only: the token is the secret a new link carries.
        await recordAudit(tx, {
          actor,
          action: 'order.tracking_link_replaced',
          target: { type: 'order', id: orderId },
        });
        return { token, path: trackingPath(token) };
      });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
