import { can, isStaffRole, type Permission } from '../../../shared/permissions.js';
import type { Executor } from '../../db/client.js';
import type { SessionUser } from '../auth/index.js';
import { findOrder, type Order } from '../orders/index.js';
import { conversationsErrors } from './errors.js';

/** Who is at an order's conversation: its customer, or a staff member. */
export interface Reader {
  kind: 'customer' | 'staff';
  order: Order;
}

/** What a staff member needs for each use; a customer needs to own the order. */
const STAFF_NEEDS: Record<'read' | 'upload', readonly Permission[]> = {
  read: ['orders.read'],
  // Files go into messages (orders.messages) or onto units (orders.status).
  upload: ['orders.messages', 'orders.status'],
};

/**
 * The order, when this user may use it so: its customer, or staff with one of the permissions. Someone
 * else's order answers exactly like a missing one; a staff role without the permission gets 403.
 */
export async function readerOf(
  executor: Executor,
  user: SessionUser,
  orderId: number,
  use: 'read' | 'upload',
  missing = 'Order not found',
): Promise<Reader> {
  const staff = isStaffRole(user.role);
  if (staff && !STAFF_NEEDS[use].some((permission) => can(user.role, permission))) {
    throw conversationsErrors.PERMISSION_DENIED('Your role does not allow this');
  }
  const order = await findOrder(executor, orderId);
  if (!order || (!staff && order.userId !== user.id)) throw conversationsErrors.ORDER_NOT_FOUND(missing);
  return { kind: staff ? 'staff' : 'customer', order };
}
