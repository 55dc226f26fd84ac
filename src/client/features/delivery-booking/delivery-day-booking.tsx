/**
 * On a unit's card, from production until delivery: its booked delivery day, or a button that opens
 * the list of free days. The day can be changed until 48 hours before it (the server decides).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { INTL_LOCALE } from '../../../shared/locales.js';
import { bookDeliverySchema } from '../../../shared/schemas/delivery-booking.js';
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
import { toastSuccess } from '../../lib/notify';
import { useServerError } from '../../lib/server-error';
import { useFormat } from '../../lib/use-format';
import { useBookDelivery, useUnitDeliverySlots } from './api';
import { longDay as longDayIn } from './days';

/** A delivery day as the active language writes it in full. */
function useLongDay() {
  const tag = INTL_LOCALE[useFormat().locale];
  return (day: string) => longDayIn(day, tag);
}

export function DeliveryDayBooking({ itemId, unitLabel }: { itemId: number; unitLabel: string }) {
  const { t } = useTranslation('delivery');
  const longDay = useLongDay();
  const state = useUnitDeliverySlots(itemId);
  const [open, setOpen] = useState(false);
  if (state.isPending) return <Spinner label={t('loading')} className="size-4" />;
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
          {t('booked', { date: longDay(booking.date) })}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm">
          <CalendarPlus aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {t('choose')}
        </p>
      )}
      {canBook ? (
        <Button size="sm" variant={booking ? 'outline' : 'default'} onClick={() => setOpen(true)}>
          {booking ? t('change') : t('book')}
          <span className="sr-only">{t('forUnit', { unit: unitLabel })}</span>
        </Button>
      ) : (
        <p className="text-muted-foreground text-sm">{t('errors.tooLate')}</p>
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
  const { t } = useTranslation('delivery');
  const longDay = useLongDay();
  const serverError = useServerError();
  const state = useUnitDeliverySlots(itemId);
  const book = useBookDelivery(itemId);
  const form = useForm<z.input<typeof bookDeliverySchema>, unknown, z.output<typeof bookDeliverySchema>>({
    resolver: zodResolver(bookDeliverySchema),
  });
  const { errors } = form.formState;
  // A refusal from the server in the reader's language; the browser's check means no day is chosen.
  const error = errors.root?.server?.message ?? (errors.slotId ? t('chooseFirst') : undefined);
  const listId = useId();
  const moving = bookedSlotId !== undefined;
  const days = (state.data?.items ?? []).filter((slot) => slot.id !== bookedSlotId);

  function change(next: boolean) {
    if (!next) {
      form.reset();
      book.reset();
    }
    onOpenChange(next);
  }

  const submit = ({ slotId }: z.output<typeof bookDeliverySchema>) =>
    book.mutate(slotId, {
      onSuccess: (result) => {
        toastSuccess(moving ? t('toastChanged') : t('toastBooked'), longDay(result.booking.date));
        change(false);
      },
      onError: (cause) => {
        form.resetField('slotId');
        form.setError('root.server', { message: serverError(cause) ?? t('failed') });
      },
    });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{moving ? t('dialogChange') : t('dialogBook')}</DialogTitle>
            <DialogDescription>{t('dialogText', { unit: unitLabel })}</DialogDescription>
          </DialogHeader>
          {state.data?.windowFrom && state.data.windowFrom === state.data.firstDay && (
            <p className="text-muted-foreground text-sm">
              {t('fromWindow', { date: longDay(state.data.windowFrom) })}
            </p>
          )}
          {error && (
            <Alert variant="destructive" role="alert">
              <p className="col-span-2">{error}</p>
            </Alert>
          )}
          {state.isPending ? (
            <Spinner label={t('loading')} />
          ) : days.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">{t('none')}</p>
          ) : (
            <fieldset className="grid gap-2">
              <legend id={listId} className="mb-2 font-medium text-sm">
                {t('freeDays')}
              </legend>
              <Controller
                control={form.control}
                name="slotId"
                render={({ field }) => (
                  <RadioGroup
                    aria-labelledby={listId}
                    value={field.value === undefined ? '' : String(field.value)}
                    onValueChange={(value) => field.onChange(Number(value))}
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
                              {t('placesLeft', { count: left })}
                            </span>
                          </span>
                        </label>
                      );
                    })}
                  </RadioGroup>
                )}
              />
            </fieldset>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={book.isPending} disabled={days.length === 0}>
              {moving ? t('changeTo') : t('bookThis')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
