/**
 * The top of the order page: what the order costs, the deposit asked of each unit and whether it is
 * paid, and when it was ordered. A customer waiting for an expensive unit looks for these first.
 */
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { useNames } from '../../lib/names';
import { useFormat } from '../../lib/use-format';
import { PaymentStatusPill } from '../payments/status-pill';
import type { OrderUnit } from './item-status';
import { paymentStatusText, unitDeposit } from './payment-status';

export function OrderSummary({ order, units }: { order: OrderDto; units: readonly OrderUnit[] }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const names = useNames();
  const total = format.money(order.amount);
  const deposits = units.flatMap((unit) => unitDeposit(unit, order.amount, format.locale) ?? []);
  const multi = units.length > 1;
  return (
    <section aria-label={t('summary.label')}>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 rounded-xl border bg-card p-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('summary.orderedOn')}</dt>
        <dd className="text-right font-medium sm:text-left">
          {format.date(order.orderDate) || t('summary.notAvailable')}
        </dd>
        <dt className="text-muted-foreground">{t('summary.orderTotal')}</dt>
        <dd className="text-right font-semibold sm:text-left">{total || t('summary.notAvailableYet')}</dd>
        {deposits.length === 0 ? (
          <>
            <dt className="text-muted-foreground">{t('summary.deposit')}</dt>
            <dd className="text-right sm:text-left">{t('summary.depositAsked')}</dd>
          </>
        ) : (
          deposits.map((deposit) => (
            <div key={deposit.itemNumber} className="contents">
              <dt className="text-muted-foreground">
                {multi
                  ? t('summary.depositOfItem', { unit: names.unit(order.orderId, deposit.itemNumber) })
                  : t('summary.deposit')}
              </dt>
              <dd className="flex flex-wrap items-center justify-end gap-2 sm:justify-start">
                <span className="font-semibold">{deposit.amount || t('summary.notAvailable')}</span>
                <PaymentStatusPill label={paymentStatusText(t, deposit.status)} tone={deposit.status.tone} />
              </dd>
            </div>
          ))
        )}
      </dl>
    </section>
  );
}
