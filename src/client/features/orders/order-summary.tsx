/**
 * The top of the order page: when it was ordered, then its money (the order's value, what is paid and
 * still due, each unit's deposit), as the back office's order page shows it. A customer waiting for an
 * expensive unit looks for these first.
 */
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { useNames } from '../../lib/names';
import { useFormat } from '../../lib/use-format';
import { MoneySummary, useMoneyWords } from '../payments/money';

export function OrderSummary({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const names = useNames();
  const words = useMoneyWords();
  return (
    <section aria-label={t('summary.label')} className="grid gap-3 rounded-xl border bg-card p-4 text-sm">
      <p>
        <span className="text-muted-foreground">{t('summary.orderedOn')}</span>{' '}
        <span className="font-medium">{format.date(order.orderDate) || t('summary.notAvailable')}</span>
      </p>
      <MoneySummary
        money={order.money}
        words={words}
        locale={format.locale}
        unitName={(itemNumber) => names.unit(order.orderId, itemNumber)}
      />
    </section>
  );
}
