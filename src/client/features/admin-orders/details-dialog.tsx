/**
 * View Details: the order's fields, its units with their stages, and the activity feed — who did what
 * and when, for every event of the order — with internal notes only staff ever see.
 */

import { Bot, Copy, CreditCard, type LucideIcon, RefreshCw, ShieldCheck, User, Webhook } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatCents, itemLabel, paymentMethodLabel } from '../../../shared/format.js';
import { type ActivityEvent, INTERNAL_NOTE_MAX_LENGTH } from '../../../shared/schemas/admin-orders.js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { useCan } from '../auth/permissions';
import { DeliveryEstimateNote } from '../forecast/delivery-estimate';
import { formatAddress } from '../orders/order-details';
import { trackingUrl } from '../tracking/api';
import { useAddNote, useAdminOrder, useOrderActivity, useReplaceTrackingLink } from './api';
import { focusOnClose } from './focus';
import { ACTOR_KIND_LABELS, activityText, adminOrderLabel, customerLabel, formatDateTime } from './format';
import { StageBadge } from './stage-badge';

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

const INTERNAL_NOTICE = 'Internal — not visible to the customer';

function OrderDetails({ target }: { target: DetailsTarget }) {
  const order = useAdminOrder(target.id);
  const data = order.data;
  const label = data ? adminOrderLabel(data) : '';
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
              ['Order ID', label === data.orderId ? label : `${label} (${data.orderId})`],
              ['Customer', target.customerEmail === undefined ? '' : customerLabel(target.customerEmail)],
              ['Product', data.productName],
              ['Quantity', String(data.quantity)],
              ['Order Date', formatDate(data.orderDate)],
              ['Status', <StageBadge key="status" stage={data.status} />],
              ['Amount', formatCents(data.amount)],
              ['Payment Method', paymentMethodLabel(data.paymentMethod)],
              ['Transaction ID', data.transactionId],
              ['Delivery Date', formatDate(data.deliveryDate)],
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
                    <span className="font-medium">
                      Item #{item.itemNumber} · {itemLabel(item.itemNumber)}
                    </span>
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

/**
 * The order's public tracking page, to copy into a message to the customer, and its replacement for
 * a link that reached the wrong hands (the old one answers 'not found' from then on).
 */
function TrackingLinkField({ orderId, token }: { orderId: number; token: string }) {
  const replace = useReplaceTrackingLink(orderId);
  const [confirming, setConfirming] = useState(false);
  const can = useCan();
  const hintId = useId();
  const url = trackingUrl(token);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess('Tracking link copied');
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Select the link and copy it by hand.',
      });
    }
  }

  function confirmReplace() {
    replace.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toastSuccess('Tracking link replaced', 'The previous link no longer works.');
      },
      onError: (error) => toastError('Error replacing the tracking link', error, GENERIC_ERROR),
    });
  }

  return (
    <section className="grid gap-2">
      <TextField
        label="Tracking link"
        readOnly
        value={url}
        className="bg-muted font-mono text-xs sm:text-xs"
        spellCheck={false}
        aria-describedby={hintId}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id={hintId} className="text-muted-foreground text-xs">
        Anyone with this link sees the product and the units' progress, nothing personal.
      </p>
      {confirming ? (
        <div className="grid gap-2 rounded-lg border border-warning bg-warning/10 p-3 text-sm">
          <p>The current link will stop working. The customer needs the new one to follow the order.</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="destructive"
              loading={replace.isPending}
              onClick={confirmReplace}
            >
              Replace link
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep current link
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          {can('orders.status') && (
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" />
              Replace link…
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

export function Fields({ fields }: { fields: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 rounded-lg border bg-muted/40 p-3 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      {fields
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

const ACTOR_ICONS: Record<ActivityEvent['actor']['kind'], LucideIcon> = {
  admin: ShieldCheck,
  customer: User,
  webhook: Webhook,
  stripe: CreditCard,
  system: Bot,
};

/** The activity feed with the internal-note form; `as` is the heading level where it sits. */
export function Activity({ orderId, as: Heading = 'h3' }: { orderId: number; as?: 'h2' | 'h3' }) {
  const can = useCan();
  const activity = useOrderActivity(orderId);
  const headingId = useId();
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <Heading
        id={headingId}
        className={Heading === 'h2' ? 'font-semibold text-lg' : 'font-semibold text-sm'}
      >
        Activity
      </Heading>
      {can('orders.notes') && <NoteForm orderId={orderId} />}
      {activity.isPending && <Spinner className="mx-auto size-6 text-primary" />}
      {activity.isError && (
        <p className="text-destructive text-sm">{errorMessage(activity.error) ?? 'An error occurred'}</p>
      )}
      {activity.data?.length === 0 && <p className="text-muted-foreground text-sm">No activity yet.</p>}
      {activity.data && activity.data.length > 0 && (
        <ol className="grid gap-2" aria-label="Activity, newest first">
          {activity.data.map((event) => (
            <ActivityItem key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ActivityItem({ event }: { event: ActivityEvent }) {
  const Icon = ACTOR_ICONS[event.actor.kind];
  const isNote = event.type === 'INTERNAL_NOTE';
  return (
    <li
      className={cn(
        'grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border p-3 text-sm',
        isNote && 'border-warning bg-warning/10',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="break-all font-medium">{event.actor.label}</span>
          {/* 'System' needs no 'System' badge beside it. */}
          {event.actor.label !== ACTOR_KIND_LABELS[event.actor.kind] && (
            <Badge variant="outline">{ACTOR_KIND_LABELS[event.actor.kind]}</Badge>
          )}
          {isNote && (
            <Badge variant="outline" className="whitespace-normal">
              {INTERNAL_NOTICE}
            </Badge>
          )}
        </div>
        <p className={cn('break-words', isNote && 'whitespace-pre-line')}>{activityText(event)}</p>
        <time dateTime={event.timestamp} className="text-muted-foreground text-xs">
          {formatDateTime(event.timestamp)}
        </time>
      </div>
    </li>
  );
}

function NoteForm({ orderId }: { orderId: number }) {
  const addNote = useAddNote(orderId);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const id = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setFieldError('Write a note first');
      return;
    }
    addNote.mutate(text, {
      onSuccess: () => {
        setText('');
        setFieldError(undefined);
        toastSuccess('Note added');
      },
      onError: (error) => {
        const message = errorFields(error).text;
        if (message) setFieldError(message);
        else toastError('Error adding note', error, GENERIC_ERROR);
      },
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className="font-medium text-sm">
        Add internal note
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={INTERNAL_NOTE_MAX_LENGTH}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive sm:text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-hint`}
          className={fieldError ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}
        >
          {fieldError ?? INTERNAL_NOTICE}
        </p>
        <Button type="submit" size="sm" variant="secondary" loading={addNote.isPending}>
          Add note
        </Button>
      </div>
    </form>
  );
}
