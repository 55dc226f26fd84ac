/**
 * Delivery days (back office): one week at a time, each day published with its places taken, full,
 * or not published. Staff publish a day with a capacity and remove a day nobody booked. Bookings
 * arrive live: the staff message invalidates these queries.
 */

import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DeliverySlot, dayOf, MAX_SLOT_CAPACITY } from '../../../shared/schemas/delivery-booking.js';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorFields, errorMessage } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { useCan } from '../auth/permissions';
import { useDeliverySlots, usePublishDeliverySlot, useRemoveDeliverySlot } from './api';
import { addDays, longDay, mondayOf, shortDay, weekOf } from './days';

const WEEK_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export default function DeliveryDaysPage() {
  const [params, setParams] = useSearchParams();
  const today = dayOf(new Date());
  const asked = params.get('week');
  const monday = mondayOf(asked && WEEK_PATTERN.test(asked) ? asked : today);
  const days = weekOf(monday);
  const sunday = days[6] ?? monday;
  const slots = useDeliverySlots(monday, sunday);
  const byDate = new Map((slots.data?.items ?? []).map((slot) => [slot.date, slot]));
  const goTo = (week: string) => setParams(week === mondayOf(today) ? {} : { week }, { replace: true });

  return (
    <section className="grid gap-6" aria-labelledby="delivery-days-heading">
      <header className="grid gap-1">
        <h1 id="delivery-days-heading" className="font-semibold text-2xl tracking-tight sm:text-3xl">
          Delivery days
        </h1>
        <p className="text-muted-foreground text-sm">
          Publish the days you can deliver and how many units each can take. Customers whose unit is in
          production book a published day at least 48 hours ahead.
        </p>
      </header>

      <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => goTo(addDays(monday, -7))}>
          <ChevronLeft aria-hidden="true" />
          Previous week
        </Button>
        <Button variant="outline" size="sm" onClick={() => goTo(mondayOf(today))}>
          This week
        </Button>
        <Button variant="outline" size="sm" onClick={() => goTo(addDays(monday, 7))}>
          Next week
          <ChevronRight aria-hidden="true" />
        </Button>
        <h2 className="ml-auto font-medium text-sm" aria-live="polite">
          {shortDay(monday)} – {shortDay(sunday)}
        </h2>
      </nav>

      {slots.isError ? (
        <Alert variant="destructive">
          <div className="col-span-2 grid gap-3">
            <p>{errorMessage(slots.error) ?? 'The delivery days could not be loaded.'}</p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => slots.refetch()}
            >
              Try again
            </Button>
          </div>
        </Alert>
      ) : slots.isPending ? (
        <div className="flex min-h-32 items-center justify-center text-primary">
          <Spinner label="Loading delivery days" />
        </div>
      ) : (
        <ul
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-7"
          aria-label="Days of the week"
        >
          {days.map((day) => (
            <DayCell key={day} day={day} slot={byDate.get(day)} past={day < today} />
          ))}
        </ul>
      )}
    </section>
  );
}

function dayState(slot: DeliverySlot | undefined): { label: string; className: string } {
  if (!slot) return { label: 'Not published', className: 'text-muted-foreground' };
  if (slot.booked >= slot.capacity)
    return { label: 'Full', className: 'border-destructive/50 text-destructive' };
  return { label: 'Published', className: 'border-success/50 text-success' };
}

function DayCell({ day, slot, past }: { day: string; slot: DeliverySlot | undefined; past: boolean }) {
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
      {can('deliverySlots.manage') && !slot && !past && <PublishDay day={day} />}
    </li>
  );
}

function PublishDay({ day }: { day: string }) {
  const id = useId();
  const [capacity, setCapacity] = useState('4');
  const [error, setError] = useState<string>();
  const publish = usePublishDeliverySlot();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(capacity);
    if (!Number.isInteger(value) || value < 1 || value > MAX_SLOT_CAPACITY) {
      setError(`A whole number from 1 to ${MAX_SLOT_CAPACITY}`);
      return;
    }
    setError(undefined);
    publish.mutate(
      { date: day, capacity: value },
      {
        onSuccess: () => toastSuccess('Delivery day published', `${longDay(day)}: ${value} places`),
        onError: (cause) => {
          setError(errorFields(cause).capacity ?? errorMessage(cause));
          toastError('Failed to publish the day', cause, GENERIC_ERROR);
        },
      },
    );
  }

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>
        Capacity<span className="sr-only"> for {longDay(day)}</span>
      </Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SLOT_CAPACITY}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="w-20"
        />
        <Button type="submit" size="sm" loading={publish.isPending} className="h-9">
          Publish<span className="sr-only"> {longDay(day)}</span>
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
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
