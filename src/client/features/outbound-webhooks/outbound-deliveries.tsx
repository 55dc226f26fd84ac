/**
 * The automation webhook deliveries (docs/api.md, 'Outbound webhooks'): every event sent to the
 * automation URL, its status, each attempt (time, answer, error, duration) and a Retry for those not
 * delivered.
 */
import { ChevronRight, RefreshCw, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { counted } from '../../../shared/plural.js';
import {
  OUTBOUND_STATUSES,
  type OutboundDelivery,
  type OutboundStatus,
} from '../../../shared/schemas/outbound-webhooks.js';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useOutboundDeliveries, useRetryDelivery } from './api';

export const OUTBOUND_PAGE_SIZE = 20;

const STATUS_LABELS: Record<OutboundStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const STATUS_VARIANTS = { pending: 'secondary', delivered: 'success', failed: 'destructive' } as const;
const ALL = 'all';
const FILTER_CHOICES = [
  { value: ALL, label: 'All statuses' },
  ...OUTBOUND_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export function OutboundDeliveries() {
  const [status, setStatus] = useState<OutboundStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const deliveries = useOutboundDeliveries({ page, pageSize: OUTBOUND_PAGE_SIZE, status });

  function refresh() {
    deliveries.refetch().then((result) => {
      if (result.isSuccess) toastSuccess('Deliveries refreshed');
    });
  }

  return (
    <section aria-labelledby="outbound-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="outbound-heading" className="font-semibold text-lg">
            Outbound deliveries
          </h2>
          <p className="text-muted-foreground text-sm">
            Every stage change is sent to the automation webhook URL set in Settings → Integrations, signed
            with its signing secret. Failed tries are repeated with growing waits.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-44">
            <SelectField
              label="Status"
              value={status ?? ALL}
              choices={FILTER_CHOICES}
              onChange={(value) => {
                setStatus(value === ALL ? undefined : (value as OutboundStatus));
                setPage(1);
              }}
            />
          </div>
          <Button type="button" variant="outline" onClick={refresh} loading={deliveries.isFetching}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        </div>
      </div>

      {deliveries.isError && !deliveries.data ? (
        <Alert variant="destructive">
          <div className="grid gap-2">
            <p>{errorMessage(deliveries.error) ?? 'The deliveries could not be loaded.'}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => deliveries.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : !deliveries.data ? (
        <PageSpinner />
      ) : deliveries.data.items.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground text-sm">
          {status ? `No ${STATUS_LABELS[status].toLowerCase()} deliveries.` : 'No outbound deliveries yet.'}
        </p>
      ) : (
        <>
          <ul className="grid gap-3">
            {deliveries.data.items.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={OUTBOUND_PAGE_SIZE}
            total={deliveries.data.total}
            noun={{ one: 'delivery', other: 'deliveries' }}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}

function DeliveryItem({ delivery }: { delivery: OutboundDelivery }) {
  const retry = useRetryDelivery();
  const data = (delivery.payload.data ?? {}) as { orderNumber?: string; statusLabel?: string };
  const last = delivery.attempts.at(-1);
  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <Badge variant={STATUS_VARIANTS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
            <span>
              {data.orderNumber ? `Order ${data.orderNumber}` : delivery.eventType}
              {data.statusLabel ? ` → ${data.statusLabel}` : ''}
            </span>
          </p>
          <p className="text-muted-foreground text-xs">
            <span className="font-mono">{delivery.eventType}</span> · {formatDateTime(delivery.createdAt)} ·{' '}
            {counted(delivery.attempts.length, 'attempt', 'attempts')}
            {delivery.status === 'pending' && delivery.attempts.length > 0
              ? ` · next try ${formatDateTime(delivery.nextAttemptAt)}`
              : ''}
          </p>
          <p className="wrap-anywhere font-mono text-muted-foreground text-xs">{delivery.url}</p>
          {delivery.status !== 'delivered' && last?.error && (
            <p className="wrap-anywhere text-destructive text-sm">{last.error}</p>
          )}
        </div>
        {delivery.status !== 'delivered' && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(delivery.id, {
                onSuccess: () => toastSuccess('Delivery queued'),
                onError: (error) => toastError('Failed to retry delivery', error, GENERIC_ERROR),
              })
            }
          >
            <RotateCw aria-hidden="true" />
            Retry
            <span className="sr-only"> delivery {delivery.messageId}</span>
          </Button>
        )}
      </div>
      {delivery.attempts.length > 0 && (
        <details className="group rounded-md border">
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 font-medium text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
            Attempts
          </summary>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>#</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Status code</TableHead>
                <TableHead>Duration</TableHead>
                <TableHead>Error</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {delivery.attempts.map((attempt) => (
                <TableRow key={attempt.attemptNumber}>
                  <TableCell>{attempt.attemptNumber}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(attempt.attemptedAt)}</TableCell>
                  <TableCell>{attempt.statusCode ?? 'No answer'}</TableCell>
                  <TableCell className="whitespace-nowrap">{attempt.durationMs} ms</TableCell>
                  <TableCell className="wrap-anywhere min-w-48">{attempt.error ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      )}
    </li>
  );
}
