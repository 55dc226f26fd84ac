/**
 * The orders table's Payment column and the phone cards' payment line: where the order's deposits
 * stand ('Deposit due $5,000.00', 'Part paid', 'Paid'), then what backs it up (how it was paid, what is
 * paid and due, the order's value). From the order's money, as the customer's screens show it.
 */
import { formatCents } from '../../../shared/format.js';
import type { OrderMoney } from '../../../shared/schemas/money.js';
import { Badge } from '../../components/ui/badge';
import { orderPaymentText, STAFF_MONEY_WORDS } from '../payments/money';

const dollars = (cents: number, money: OrderMoney) => formatCents(cents, 'en', money.currency);

/** The line under the state: the methods of a paid order, paid and due when part paid, else the value. */
export function paymentDetail(money: OrderMoney): string {
  if (money.state === 'paid') {
    const methods = new Set(
      money.units.flatMap((unit) => (unit.method ? [STAFF_MONEY_WORDS.method(unit.method)] : [])),
    );
    return [dollars(money.paid, money), ...methods].filter(Boolean).join(' · ');
  }
  if (money.state === 'part_paid')
    return `${dollars(money.paid, money)} paid · ${dollars(money.due, money)} due`;
  return money.orderValue === null ? '' : `Order value ${dollars(money.orderValue, money)}`;
}

export function PaymentSummary({ money }: { money: OrderMoney }) {
  const state = orderPaymentText(money, STAFF_MONEY_WORDS, 'en');
  const detail = paymentDetail(money);
  return (
    <div className="grid min-w-0 justify-items-start gap-0.5">
      <Badge
        variant={money.state === 'paid' ? 'success' : 'outline'}
        className="min-w-0 max-w-full px-2"
        title={state}
      >
        {/* The badge is a flex box, which cuts its own text without an ellipsis: its child ends in one. */}
        <span className="truncate">{state}</span>
      </Badge>
      {detail && (
        <span className="max-w-full truncate text-muted-foreground text-xs tabular-nums" title={detail}>
          {detail}
        </span>
      )}
    </div>
  );
}
