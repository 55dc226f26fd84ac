import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { unitName } from '../../../shared/unit-name.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/dates';
import { useCan } from '../auth/permissions';
import { AttachDocumentButton, UnitDocuments } from '../conversations/unit-documents';
import { DeliveryEstimateNote } from '../forecast/delivery-estimate';
import type { OrderDialogs } from './order-dialogs';
import { StageBadge } from './stage-badge';

/** The order page's units: each with its stage, delivery date, estimate, documents and actions. */
export function Units({ order, label, dialogs }: { order: OrderDto; label: string; dialogs: OrderDialogs }) {
  const headingId = useId();
  const can = useCan();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>Units</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y rounded-lg border" aria-labelledby={headingId}>
          {order.items.map((item) => (
            <li
              key={item.id}
              className="grid gap-2 px-3 py-3 text-sm sm:flex sm:items-start sm:justify-between"
            >
              <div className="grid min-w-0 gap-1">
                <span className="font-medium">{unitName(order.orderId, item.itemNumber)}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <StageBadge stage={item.status} />
                  <span className="text-muted-foreground text-xs">
                    since {formatDate(item.statusChangedAt)}
                  </span>
                </span>
                <span className="text-muted-foreground text-xs">
                  {item.deliveryDate
                    ? `Delivery booked for ${formatDate(item.deliveryDate)}`
                    : 'Delivery day: not booked'}
                </span>
                {item.estimate && <DeliveryEstimateNote estimate={item.estimate} />}
                <UnitDocuments itemId={item.id} />
              </div>
              <div className="flex flex-wrap gap-2 justify-self-start sm:justify-end">
                {can('orders.status') && (
                  <AttachDocumentButton
                    orderId={order.id}
                    itemId={item.id}
                    unitName={unitName(order.orderId, item.itemNumber)}
                  />
                )}
                {can('orders.status') && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    aria-label={`Update Status of ${unitName(order.orderId, item.itemNumber)}`}
                    onClick={(event) =>
                      dialogs.showStatus(
                        {
                          kind: 'order',
                          id: order.id,
                          label,
                          productName: order.productName,
                          quantity: order.quantity,
                          status: item.status,
                          itemNumber: item.itemNumber,
                        },
                        event.currentTarget,
                      )
                    }
                  >
                    <RefreshCw aria-hidden="true" />
                    Update Status
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
