/** Staff publish a day with its capacity, checked with the server's own schema (publishDeliverySlotSchema). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { counted } from '../../../shared/plural.js';
import { MAX_SLOT_CAPACITY, publishDeliverySlotSchema } from '../../../shared/schemas/delivery-booking.js';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorFields, errorMessage } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { usePublishDeliverySlot } from './api';
import { longDay } from './days';

/** What the field says for any capacity the schema refuses (a blank, a fraction, out of range). */
const CAPACITY_HINT = `A whole number from 1 to ${MAX_SLOT_CAPACITY}`;

export function PublishDayForm({ day }: { day: string }) {
  const id = useId();
  const form = useForm<
    z.input<typeof publishDeliverySlotSchema>,
    unknown,
    z.output<typeof publishDeliverySlotSchema>
  >({
    resolver: zodResolver(publishDeliverySlotSchema),
    defaultValues: { date: day, capacity: 4 },
  });
  const publish = usePublishDeliverySlot();
  const capacityError = form.formState.errors.capacity;
  // The server's refusal is shown in its own words; the browser's check in the field's one hint.
  const error = capacityError && (capacityError.type === 'server' ? capacityError.message : CAPACITY_HINT);

  const submit = (slot: z.output<typeof publishDeliverySlotSchema>) =>
    publish.mutate(slot, {
      onSuccess: () =>
        toastSuccess(
          'Delivery day published',
          `${longDay(day)}: ${counted(slot.capacity, 'place', 'places')}`,
        ),
      onError: (cause) => {
        form.setError('capacity', {
          type: 'server',
          message: errorFields(cause).capacity ?? errorMessage(cause),
        });
        toastError('Failed to publish the day', cause, GENERIC_ERROR);
      },
    });

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-2">
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
          {...form.register('capacity', { valueAsNumber: true })}
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
