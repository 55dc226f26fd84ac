/** One day of the Delivery days week: its state and places taken, and what staff may do with it. */
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { DeliverySlot } from '../../../shared/schemas/delivery-booking.js';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { useCan } from '../auth/permissions';
import { useRemoveDeliverySlot } from './api';
import { longDay, shortDay } from './days';
import { PublishDayForm } from './publish-day-form';

function dayState(slot: DeliverySlot | undefined): { label: string; className: string } {
  if (!slot) return { label: 'Not published', className: 'text-muted-foreground' };
  if (slot.booked >= slot.capacity)
    return { label: 'Full', className: 'border-destructive/50 text-destructive' };
  return { label: 'Published', className: 'border-success/50 text-success' };
}

export function DayCell({ day, slot, past }: { day: string; slot: DeliverySlot | undefined; past: boolean }) {
  const state = dayState(slot);
  const headingId = useId();
  const can = useCan();
  return (
    <li
      aria-labelledby={headingId}
      data-testid={`delivery-day-${day}`}
      className={cn(
        'grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 text-card-foreground',
        past && 'opacity-80',
      )}
    >
      <div className="grid gap-1.5">
        <h3 id={headingId} className="font-semibold">
          <span className="sr-only">{longDay(day)}</span>
          <span aria-hidden="true">{shortDay(day)}</span>
        </h3>
        <Badge variant="outline" className={cn('w-fit', state.className)}>
          {state.label}
        </Badge>
      </div>
      {slot && (
        <p className="text-sm" data-testid="booked-count">
          <span className="font-semibold">{slot.booked}</span> of {slot.capacity} booked
        </p>
      )}
      {can('deliverySlots.manage') && slot && slot.booked === 0 && <RemoveDay slot={slot} />}
      {can('deliverySlots.manage') && !slot && !past && <PublishDayForm day={day} />}
    </li>
  );
}

function RemoveDay({ slot }: { slot: DeliverySlot }) {
  const remove = useRemoveDeliverySlot();
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      loading={remove.isPending}
      onClick={() =>
        remove.mutate(slot.id, {
          onSuccess: () => toastSuccess('Delivery day removed', longDay(slot.date)),
          onError: (cause) => toastError('Failed to remove the day', cause, GENERIC_ERROR),
        })
      }
    >
      <Trash2 aria-hidden="true" />
      Remove<span className="sr-only"> {longDay(slot.date)}</span>
    </Button>
  );
}
