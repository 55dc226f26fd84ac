/** The Recent Activity card of My Account: the three newest orders. */
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { customerOrderStage } from '../../../shared/stages.js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/dates';
import { orderUnits } from '../orders/item-status';

export const RECENT_ACTIVITY_COUNT = 3;

export function RecentActivityCard({ orders, className }: { orders: OrderDto[]; className?: string }) {
  const recent = orders.slice(0, RECENT_ACTIVITY_COUNT);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="text-muted-foreground">No activity to display yet.</p>
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
                    Order #{order.orderId}
                  </Link>
                  <p className="break-words text-muted-foreground text-sm">
                    {order.productName}
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, ordered </span>
                    {formatDate(order.orderDate)}
                  </p>
                </div>
                <Badge variant="secondary" className="w-fit">
                  {customerOrderStage(orderUnits(order).map((unit) => unit.status)).label}
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
              View All Activity
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
