import { formatCents } from '../../../shared/format.js';
import type { UserDetail } from '../../../shared/schemas/customers.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { orderName } from '../../../shared/unit-name.js';
import { formatDate } from '../../lib/dates';

/** User Management's list of the user's orders: id, product, what is paid of the order's value, status and date. */
export function UserOrders({ orders }: { orders: UserDetail['orders'] }) {
  return (
    <section aria-labelledby="user-orders-heading" className="grid gap-2">
      <h3 id="user-orders-heading" className="font-semibold text-sm">
        Orders
      </h3>
      {orders.length === 0 ? (
        <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
          No orders found for this user.
        </p>
      ) : (
        <ul className="grid max-h-60 gap-2 overflow-y-auto">
          {orders.map((order) => (
            <li
              key={order.id}
              className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
            >
              <span className="min-w-0 font-medium">
                {orderName(order.orderId)}
                <span className="block truncate font-normal text-muted-foreground">{order.productName}</span>
              </span>
              <span className="text-right tabular-nums">
                <span className="font-medium">{formatCents(order.paid)} paid</span>
                <span className="block text-muted-foreground text-xs">
                  Order value {formatCents(order.orderValue) || '—'}
                </span>
              </span>
              <span className="text-xs">
                <span className="sr-only">Status: </span>
                {STAGE_LABELS[order.status]}
              </span>
              <span className="text-right text-muted-foreground text-xs">{formatDate(order.orderDate)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
