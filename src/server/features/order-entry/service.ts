import { sql } from 'drizzle-orm';
import type { CreateOrderPayload } from '../../../shared/schemas/webhook-payloads.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { findOrder, findOrderByNumber, type OrderWriter } from '../orders/index.js';
import type { ServiceAreaService } from '../service-areas/index.js';
import { orderEntryErrors } from './errors.js';

export type OrderEntryService = ReturnType<typeof createOrderEntryService>;

/**
 * One order created by a member of staff, in one transaction: the order and its units through the one
 * writer (which links or creates the customer by e-mail and publishes `order.created` with the way
 * `admin`, so the confirmation follows confirmAdminOrders), then the move to Location Enabled when
 * its ZIP code is enabled, as for every new order.
 */
export function createOrderEntryService({
  db,
  clock,
  orders,
  serviceAreas,
}: {
  db: Db;
  clock: Clock;
  orders: OrderWriter;
  serviceAreas: Pick<ServiceAreaService, 'unlockOrders'>;
}) {
  return {
    async create(input: CreateOrderPayload, by: { id: number }) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        // The same lock the orders webhook takes, so the two ways in cannot both create one orderId.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-order:${input.orderId}`}))`);
        if (await findOrderByNumber(tx, input.orderId)) {
          throw orderEntryErrors.ORDER_ALREADY_EXISTS(`Order ${input.orderId} already exists`, {
            fields: { orderId: 'An order with this ID already exists' },
          });
        }
        const { order } = await orders.create(
          tx,
          {
            orderId: input.orderId,
            productName: input.productName,
            quantity: input.quantity,
            email: input.email,
            orderDate: input.orderDate ? new Date(input.orderDate) : now,
            zipCode: input.zipCode,
            phoneNumber: input.phoneNumber,
            amount: input.amount === undefined ? null : String(input.amount),
            paymentMethod: input.paymentMethod,
            transactionId: input.transactionId,
          },
          { kind: 'admin', userId: by.id },
          now,
        );
        await serviceAreas.unlockOrders(tx, [order.id]);
        const current = (await findOrder(tx, order.id)) ?? order;
        return {
          message: 'Order created',
          order: {
            id: current.id,
            orderId: current.orderId,
            status: current.status,
            userId: current.userId,
            quantity: current.quantity,
          },
        };
      });
    },
  };
}
