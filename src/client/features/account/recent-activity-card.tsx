/** The Recent Activity card of My Account: the three newest orders. */
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { orderName } from '../../../shared/unit-name.js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { useStageText } from '../../lib/stage-text';
import { useFormat } from '../../lib/use-format';
import { orderUnits } from '../orders/item-status';

export const RECENT_ACTIVITY_COUNT = 3;

export function RecentActivityCard({ orders, className }: { orders: OrderDto[]; className?: string }) {
  const { t } = useTranslation('account');
  const stages = useStageText();
  const format = useFormat();
  const recent = orders.slice(0, RECENT_ACTIVITY_COUNT);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>{t('activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="text-muted-foreground">{t('activity.empty')}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {recent.map((order) => (
              <li
                key={order.id}
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="grid min-w-0 gap-0.5">
                  <Link
                    to={`/orders/${order.id}`}
                    className="w-fit rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {t('activity.order', { orderId: orderName(order.orderId) })}
                  </Link>
                  <p className="break-words text-muted-foreground text-sm">
                    {order.productName}
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">{t('activity.ordered')}</span>
                    {format.date(order.orderDate)}
                  </p>
                </div>
                <Badge variant="secondary" className="w-fit">
                  {stages.order(orderUnits(order).map((unit) => unit.status)).label}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {recent.length > 0 && (
        <CardFooter>
          <Button asChild variant="outline">
            <Link to="/orders">
              {t('activity.viewAll')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
