/**
 * The top of the order page: what the order costs, the deposit asked of each unit and whether it is
 * paid, and when it was ordered. A customer waiting for an expensive unit looks for these first.
 */
import { formatCents } from '../../../shared/format.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { formatDate } from '../../lib/dates';
import { PaymentStatusPill } from '../payments/status-pill';
import type { OrderUnit } from './item-status';
import { unitDeposit } from './payment-status';

export function OrderSummary({ order, units }: { order: OrderDto; units: readonly OrderUnit[] }) {
  const total = formatCents(order.amount);
  const deposits = units.flatMap((unit) => unitDeposit(unit, order.amount) ?? []);
  const multi = units.length > 1;
  return (
    <section aria-label="Order summary">
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 rounded-xl border bg-card p-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Ordered on</dt>
        <dd className="text-right font-medium sm:text-left">
          {formatDate(order.orderDate) || 'Not available'}
        </dd>
        <dt className="text-muted-foreground">Order total</dt>
        <dd className="text-right font-semibold sm:text-left">{total || 'Not available yet'}</dd>
        {deposits.length === 0 ? (
          <>
            <dt className="text-muted-foreground">Deposit</dt>
            <dd className="text-right sm:text-left">Asked for at the Payment step</dd>
          </>
        ) : (
          deposits.map((deposit) => (
            <div key={deposit.itemNumber} className="contents">
              <dt className="text-muted-foreground">Deposit{multi && ` · Item ${deposit.itemNumber}`}</dt>
              <dd className="flex flex-wrap items-center justify-end gap-2 sm:justify-start">
                <span className="font-semibold">{deposit.amount || 'Not available'}</span>
                <PaymentStatusPill label={deposit.status.label} tone={deposit.status.tone} />
              </dd>
            </div>
          ))
        )}
      </dl>
    </section>
  );
}
