/**
 * On a unit's card, from production until delivery: its booked delivery day, or a button that opens
 * the list of free days. The day can be changed until 48 hours before it (the server decides).
 */
import { CalendarCheck, CalendarPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { BOOKING_TOO_LATE_MESSAGE } from '../../../shared/schemas/delivery-booking.js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { toastSuccess } from '../../lib/notify';
import { useBookDelivery, useUnitDeliverySlots } from './api';
import { longDay } from './days';

export function DeliveryDayBooking({ itemId, unitLabel }: { itemId: number; unitLabel: string }) {
  const state = useUnitDeliverySlots(itemId);
  const [open, setOpen] = useState(false);
  if (state.isPending) return <Spinner label="Loading delivery days" className="size-4" />;
  if (state.isError) return null;
  const booking = state.data.booking;
  const canBook = !booking || booking.canChange;

  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-3"
      data-testid="delivery-booking"
    >
      {booking ? (
        <p className="flex items-center gap-2 font-medium text-sm">
          <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
          Delivery day: {longDay(booking.date)}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm">
          <CalendarPlus aria-hidden="true" className="size-4 shrink-0 text-primary" />
          Choose the day your unit is delivered.
        </p>
      )}
      {canBook ? (
        <Button size="sm" variant={booking ? 'outline' : 'default'} onClick={() => setOpen(true)}>
          {booking ? 'Change' : 'Book delivery day'}
          <span className="sr-only"> for {unitLabel}</span>
        </Button>
      ) : (
        <p className="text-muted-foreground text-sm">{BOOKING_TOO_LATE_MESSAGE}</p>
      )}
      <BookingDialog
        open={open}
        onOpenChange={setOpen}
        itemId={itemId}
        unitLabel={unitLabel}
        bookedSlotId={booking?.slotId}
      />
    </div>
  );
}

function BookingDialog({
  open,
  onOpenChange,
  itemId,
  unitLabel,
  bookedSlotId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  itemId: number;
  unitLabel: string;
  bookedSlotId: number | undefined;
}) {
  const state = useUnitDeliverySlots(itemId);
  const book = useBookDelivery(itemId);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const listId = useId();
  const moving = bookedSlotId !== undefined;
  const days = (state.data?.items ?? []).filter((slot) => slot.id !== bookedSlotId);

  function change(next: boolean) {
    if (!next) {
      setChosen('');
      setError(undefined);
      book.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const slotId = Number(chosen);
    if (!slotId) {
      setError('Choose a day first.');
      return;
    }
    setError(undefined);
    book.mutate(slotId, {
      onSuccess: (result) => {
        toastSuccess(moving ? 'Delivery day changed' : 'Delivery day booked', longDay(result.booking.date));
        change(false);
      },
      onError: (cause) => {
        setChosen('');
        setError(errorMessage(cause) ?? 'The day could not be booked. Please try again.');
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{moving ? 'Change your delivery day' : 'Book a delivery day'}</DialogTitle>
            <DialogDescription>
              {unitLabel}. Days at least 48 hours ahead with a free place; you can change the day until 48
              hours before it.
            </DialogDescription>
          </DialogHeader>
          {error && (
            <Alert variant="destructive" role="alert">
              <p className="col-span-2">{error}</p>
            </Alert>
          )}
          {state.isPending ? (
            <Spinner label="Loading delivery days" />
          ) : days.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">
              No delivery days are open yet. Please check back later or contact us.
            </p>
          ) : (
            <fieldset className="grid gap-2">
              <legend id={listId} className="mb-2 font-medium text-sm">
                Free days
              </legend>
              <RadioGroup
                aria-labelledby={listId}
                value={chosen}
                onValueChange={setChosen}
                className="grid max-h-72 gap-2 overflow-y-auto p-1"
              >
                {days.map((slot) => {
                  const id = `${listId}-${slot.id}`;
                  const left = slot.capacity - slot.booked;
                  return (
                    <label
                      key={slot.id}
                      htmlFor={id}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
                    >
                      <RadioGroupItem id={id} value={String(slot.id)} />
                      <span className="grid">
                        <span className="font-medium text-sm">{longDay(slot.date)}</span>
                        <span className="text-muted-foreground text-xs">
                          {left} {left === 1 ? 'place' : 'places'} left
                        </span>
                      </span>
                    </label>
                  );
                })}
              </RadioGroup>
            </fieldset>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={book.isPending} disabled={days.length === 0}>
              {moving ? 'Change to this day' : 'Book this day'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
