/**
 * View Details: the order's fields, its units with their stages, and the activity feed — who did what
 * and when, for every event of the order — with internal notes only staff ever see (activity.tsx).
 */

import { formatCents, paymentMethodLabel } from '../../../shared/format.js';
import { orderName, unitName } from '../../../shared/unit-name.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDaySpan } from '../../lib/dates';
import { DeliveryEstimateNote } from '../forecast/delivery-estimate';
import { formatAddress } from '../orders/order-details';
import { orderPaymentText, STAFF_MONEY_WORDS } from '../payments/money';
import { Activity } from './activity';
import { useAdminOrder } from './api';
import { Fields } from './fields';
import { focusOnClose } from './focus';
import { customerLabel } from './format';
import { StageBadge } from './stage-badge';
import { TrackingLinkField } from './tracking-link-field';

export interface DetailsTarget {
  id: number;
  /** Known from the row that opened the dialog; the order routes do not carry the e-mail. */
  customerEmail?: string | null;
}

interface DetailsDialogProps {
  target: DetailsTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: HTMLElement | null;
}

export function OrderDetailsDialog({ target, open, onOpenChange, returnFocus = null }: DetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={focusOnClose(returnFocus)}>
        {target && <OrderDetails target={target} />}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetails({ target }: { target: DetailsTarget }) {
  const order = useAdminOrder(target.id);
  const data = order.data;
  const label = data ? orderName(data.orderId) : '';
  return (
    <>
      <DialogHeader>
        <DialogTitle>Order details</DialogTitle>
        <DialogDescription>{data ? `${label} · ${data.productName}` : 'Loading the order'}</DialogDescription>
      </DialogHeader>
      {order.isPending && <Spinner className="mx-auto size-8 text-primary" />}
      {order.isError && (
        <p className="text-destructive text-sm">{errorMessage(order.error) ?? 'An error occurred'}</p>
      )}
      {data && (
        <div className="grid gap-6">
          <Fields
            fields={[
              ['Order ID', label],
              ['Customer', target.customerEmail === undefined ? '' : customerLabel(target.customerEmail)],
              ['Product', data.productName],
              ['Quantity', String(data.quantity)],
              ['Order Date', formatDate(data.orderDate)],
              ['Status', <StageBadge key="status" stage={data.status} />],
              ['Order value', formatCents(data.money.orderValue)],
              ['Payment', orderPaymentText(data.money, STAFF_MONEY_WORDS, 'en')],
              ['Payment Method', paymentMethodLabel(data.paymentMethod)],
              ['Transaction ID', data.transactionId],
              ['Delivery days (units)', formatDaySpan(data.items.map((item) => item.deliveryDate))],
              ['ZIP Code', data.zipCode],
              [
                'Address',
                formatAddress(data.shippingAddress) && (
                  <span className="whitespace-pre-line">{formatAddress(data.shippingAddress)}</span>
                ),
              ],
            ]}
          />
          {data.trackingToken && <TrackingLinkField orderId={data.id} token={data.trackingToken} />}
          <section className="grid gap-2" aria-labelledby={`units-${data.id}`}>
            <h3 id={`units-${data.id}`} className="font-semibold text-sm">
              Units
            </h3>
            <ul className="grid divide-y rounded-lg border">
              {data.items.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                >
                  <span className="grid">
                    <span className="font-medium">{unitName(data.orderId, item.itemNumber)}</span>
                    {item.estimate && <DeliveryEstimateNote estimate={item.estimate} compact />}
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <StageBadge stage={item.status} />
                    <span className="text-muted-foreground text-xs">
                      since {formatDate(item.statusChangedAt)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <Activity orderId={data.id} />
        </div>
      )}
    </>
  );
}
