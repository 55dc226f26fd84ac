/**
 * One order's own page in the back office (`/admin/orders/:id`, the internal id): the header with the
 * order's actions, its fields and customer, each unit with its stage, delivery date and estimate, and
 * the activity with internal notes. The dialogs are the table's own.
 */

import { ArrowLeft, ChevronsRight, Download, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatCents, paymentMethodLabel } from '../../../shared/format.js';
import { counted } from '../../../shared/plural.js';
import type { AdminOrderRow } from '../../../shared/schemas/admin-orders.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { orderName, unitName } from '../../../shared/unit-name.js';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../lib/api';
import { formatDate, formatDaySpan } from '../../lib/dates';
import { toastSuccess } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { Conversation } from '../conversations/conversation';
import { OrderFinancing } from '../financing/order-financing';
import { formatAddress } from '../orders/order-details';
import { MoneySummary, orderPaymentText, STAFF_MONEY_WORDS } from '../payments/money';
import { useOpenOrder } from '../shortcuts/open-order';
import { Activity } from './activity';
import { orderExportUrl, useAdminOrder, useAdminOrderRow } from './api';
import { download } from './download';
import { Fields } from './fields';
import { type NextStageTarget, nextStageLabel, useMoveToNextStage } from './next-stage';
import { type OrderDialogs, useOrderDialogs } from './order-dialogs';
import { Units } from './order-units';
import { StageBadge } from './stage-badge';

/** Where a customer is found in the back office: the customers list searched for their e-mail. */
export function customerUrl(email: string): string {
  return `/admin/customers?q=${encodeURIComponent(email)}`;
}

export default function AdminOrderPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <OrderNotFound />;
  return <OrderPageFor key={id} id={id} />;
}

function OrderPageFor({ id }: { id: number }) {
  const navigate = useNavigate();
  const row = useAdminOrderRow(id);
  const order = useAdminOrder(id);
  const dialogs = useOrderDialogs(undefined, () => navigate('/admin/orders'));

  if (isApiError(row.error, 404) || isApiError(order.error, 404)) return <OrderNotFound />;
  const failure = row.error ?? order.error;
  if (failure) {
    return (
      <LoadFailed onRetry={() => Promise.all([row.refetch(), order.refetch()])}>
        {errorMessage(failure) ?? 'We could not load the order.'}
      </LoadFailed>
    );
  }
  if (!row.data || !order.data) return <PageSkeleton blocks={3} />;
  return (
    <>
      <OrderPageContent row={row.data} order={order.data} dialogs={dialogs} />
      {dialogs.dialogs}
    </>
  );
}

/**
 * "Move to <next stage>" in one click, with Undo in its toast; the command palette runs the same move on
 * the order open here (src/client/features/shortcuts/).
 */
function NextStageButton({ id, label, status }: NextStageTarget) {
  const move = useMoveToNextStage();
  const [moving, setMoving] = useState(false);
  const next = nextStageLabel(status);
  useOpenOrder({ id, label, status });
  if (next === null) return null;
  return (
    <Button
      disabled={moving}
      onClick={async () => {
        setMoving(true);
        try {
          await move({ id, label, status });
        } finally {
          setMoving(false);
        }
      }}
    >
      <ChevronsRight aria-hidden="true" />
      {next}
    </Button>
  );
}

function BackToOrders() {
  return (
    <Button variant="link" className="h-auto justify-self-start p-0" asChild>
      <Link to="/admin/orders">
        <ArrowLeft aria-hidden="true" />
        All orders
      </Link>
    </Button>
  );
}

function OrderNotFound() {
  return (
    <section className="grid gap-4">
      <BackToOrders />
      <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Order not found</h1>
      <p className="text-muted-foreground">
        There is no order with this number. It may have been deleted; search the orders list for it.
      </p>
    </section>
  );
}

function OrderPageContent({
  row,
  order,
  dialogs,
}: {
  row: AdminOrderRow;
  order: OrderDto;
  dialogs: OrderDialogs;
}) {
  const label = orderName(order.orderId);
  const can = useCan();
  const statusTarget = {
    kind: 'order' as const,
    id: order.id,
    label,
    productName: order.productName,
    quantity: order.quantity,
  };
  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <div className="grid gap-3">
        <BackToOrders />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="flex flex-wrap items-center gap-3 font-semibold text-2xl tracking-tight sm:text-3xl">
              Order {label}
              <StageBadge stage={order.status} />
            </h1>
            <p className="text-muted-foreground text-sm">
              {order.productName} · {counted(order.quantity, 'unit', 'units')} · placed{' '}
              {formatDate(order.orderDate)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {can('orders.status') && <NextStageButton id={order.id} label={label} status={order.status} />}
            {can('orders.status') && (
              <Button
                variant="outline"
                onClick={(event) =>
                  dialogs.showStatus({ ...statusTarget, status: order.status }, event.currentTarget)
                }
              >
                <RefreshCw aria-hidden="true" />
                Change Status
              </Button>
            )}
            {can('orders.export') && (
              <Button
                variant="outline"
                onClick={() => {
                  download(orderExportUrl(order.id));
                  toastSuccess('Order exported');
                }}
              >
                <Download aria-hidden="true" />
                Export
              </Button>
            )}
            {can('orders.delete') && (
              <Button
                variant="destructive"
                onClick={(event) =>
                  dialogs.showDelete(
                    { id: order.id, label, productName: order.productName, quantity: order.quantity },
                    event.currentTarget,
                  )
                }
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            )}
          </div>
        </div>
      </div>

      {/*
        Two columns from lg: units and activity on the left, customer and details beside them. On a
        phone the customer and details come before the activity, which can run long.
      */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <div className="lg:col-start-1">
          <Units order={order} label={label} dialogs={dialogs} />
        </div>
        <div className="grid content-start gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 [&>*]:min-w-0">
          <Card>
            <CardHeader>
              <CardTitle>Customer</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1 text-sm">
              {row.customerEmail === null ? (
                <p className="text-muted-foreground italic">Guest — no customer account</p>
              ) : (
                <>
                  {row.customerName && <p className="font-medium">{row.customerName}</p>}
                  <Link
                    to={customerUrl(row.customerEmail)}
                    className="break-all text-primary underline-offset-4 hover:underline"
                  >
                    {row.customerEmail}
                  </Link>
                </>
              )}
            </CardContent>
          </Card>
          <OrderFinancing orderId={order.id} orderNumber={order.orderId} />
          <Card role="region" aria-label="Payment">
            <CardHeader>
              <CardTitle>Payment</CardTitle>
              <p className="text-muted-foreground text-sm">
                {orderPaymentText(order.money, STAFF_MONEY_WORDS, 'en')}
              </p>
            </CardHeader>
            <CardContent>
              <MoneySummary
                money={order.money}
                words={STAFF_MONEY_WORDS}
                locale="en"
                unitName={(itemNumber) => unitName(order.orderId, itemNumber)}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <Fields
                fields={[
                  ['Order ID', label],
                  ['Product', order.productName],
                  ['Quantity', String(order.quantity)],
                  ['Order Date', formatDate(order.orderDate)],
                  ['Order value', formatCents(order.money.orderValue)],
                  ['Payment Method', paymentMethodLabel(order.paymentMethod)],
                  ['Transaction ID', order.transactionId],
                  ['Delivery days (units)', formatDaySpan(order.items.map((item) => item.deliveryDate))],
                  ['ZIP Code', order.zipCode],
                  ['Phone', order.phoneNumber],
                  [
                    'Address',
                    formatAddress(order.shippingAddress) && (
                      <span className="whitespace-pre-line">{formatAddress(order.shippingAddress)}</span>
                    ),
                  ],
                ]}
              />
            </CardContent>
          </Card>
          <Card id="conversation" className="scroll-mt-20">
            <CardContent className="pt-6">
              <Conversation
                side="staff"
                orderId={order.id}
                canWrite={can('orders.messages')}
                title="Conversation with the customer"
                emptyText="The customer has not written yet. A message here is sent to them."
              />
            </CardContent>
          </Card>
        </div>
        <Card className="lg:col-start-1">
          <CardContent className="pt-6">
            <Activity orderId={order.id} as="h2" />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
