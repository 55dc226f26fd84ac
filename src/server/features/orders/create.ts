import { eq } from 'drizzle-orm';
import { leastAdvanced, type Stage } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import {
  eventLogs,
  orderItems,
  orders,
  type ShippingAddress,
  type StageData,
  users,
} from '../../db/schema.js';

export interface NewOrder {
  orderId: string;
  productName: string;
  quantity?: number;
  /** Links the order to the customer with this e-mail, creating a PENDING account when none exists. */
  email?: string | null;
  orderDate?: Date;
  /** One stage for every unit, or one stage per unit (length = quantity). */
  status?: Stage | Stage[];
  zipCode?: string | null;
  phoneNumber?: string | null;
  shippingAddress?: ShippingAddress | null;
  amount?: string | null;
  paymentMethod?: string | null;
  transactionId?: string | null;
  itemStageData?: StageData;
  initiatedBy: string;
}

/** Finds the customer with this e-mail or creates one with no password (a PENDING account). */
export async function findOrCreateCustomer(executor: Executor, email: string): Promise<number> {
  const normalised = email.trim().toLowerCase();
  const [created] = await executor
    .insert(users)
    .values({ email: normalised })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return created.id;
  const [existing] = await executor.select({ id: users.id }).from(users).where(eq(users.email, normalised));
  if (!existing) throw new Error(`customer ${normalised} vanished while being linked`);
  return existing.id;
}

/**
 * Creates an order with one unit per quantity, in the caller's transaction. The order's status is the
 * least advanced of its units, as everywhere else.
 */
export async function createOrder(executor: Executor, input: NewOrder) {
  const quantity = input.quantity ?? 1;
  const { status = 'ORDER_PLACED' } = input;
  const stages: Stage[] = Array.isArray(status) ? status : Array.from({ length: quantity }, () => status);
  if (stages.length !== quantity) throw new Error('one stage per unit is needed');
  const userId = input.email ? await findOrCreateCustomer(executor, input.email) : null;
  const [order] = await executor
    .insert(orders)
    .values({
      orderId: input.orderId,
      productName: input.productName,
      quantity,
      userId,
      orderDate: input.orderDate,
      status: leastAdvanced(stages),
      zipCode: input.zipCode,
      phoneNumber: input.phoneNumber,
      shippingAddress: input.shippingAddress,
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      transactionId: input.transactionId,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  const items = await executor
    .insert(orderItems)
    .values(
      stages.map((status, index) => ({
        orderId: order.id,
        itemNumber: index + 1,
        status,
        currentStageData: input.itemStageData ?? {},
      })),
    )
    .returning();
  await executor.insert(eventLogs).values({
    orderId: order.id,
    type: 'ORDER_CREATED',
    stage: order.status,
    data: { orderId: order.orderId, quantity },
    initiatedBy: input.initiatedBy,
  });
  return { order, items };
}
