/**
 * Delivery days (back office): one week at a time, each day published with its places taken, full,
 * or not published. Staff publish a day with a capacity, or several at once (a range or a weekly
 * pattern), and remove a day nobody booked. Bookings
 * arrive live: the staff message invalidates these queries.
 */

import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dayOf } from '../../../shared/schemas/delivery-booking.js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { useDeliverySlots } from './api';
import { DayCell } from './day-cell';
import { addDays, mondayOf, shortDay, weekOf } from './days';
import { PublishDaysDialog } from './publish-days-dialog';

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
  const [publishing, setPublishing] = useState(false);

  return (
    <section className="grid gap-6" aria-labelledby="delivery-days-heading">
      <header className="grid gap-1">
        <h1 id="delivery-days-heading" className="font-semibold text-2xl tracking-tight sm:text-3xl">
          Delivery days
        </h1>
        <p className="text-muted-foreground text-sm">
          Publish the days you can deliver and how many units each can take. Customers whose unit is in
          production book a published day at least 48 hours ahead, and not before the unit's estimated
          delivery window.
        </p>
        <Button className="mt-2 justify-self-start" onClick={() => setPublishing(true)}>
          <CalendarPlus aria-hidden="true" />
          Publish several days
        </Button>
      </header>
      <PublishDaysDialog
        open={publishing}
        onOpenChange={setPublishing}
        firstDay={monday < today ? today : monday}
      />

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
