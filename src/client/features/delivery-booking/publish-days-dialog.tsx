/**
 * Publish several days: every chosen weekday of a date range, or of a weekly pattern for some weeks,
 * each with the same capacity, in one request (decision 296). Checked with the server's own schema
 * (publishDeliveryDaysSchema) before it is sent; days already published are skipped and named.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { counted } from '../../../shared/plural.js';
import {
  MAX_PATTERN_WEEKS,
  MAX_SLOT_CAPACITY,
  publishDeliveryDaysSchema,
  WEEKDAYS,
} from '../../../shared/schemas/delivery-booking.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { TextField } from '../../components/ui/text-field';
import { errorFields } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { usePublishDeliveryDays } from './api';
import { addDays, shortDay } from './days';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The request's fields, and which of its two shapes the person chose: a range or a weekly pattern. */
const { from, to, weeks, weekdays, capacity } = publishDeliveryDaysSchema.shape;
const formSchema = z
  .object({ mode: z.enum(['range', 'pattern']), from, to, weeks, weekdays, capacity })
  .check(
    z.refine((form) => form.mode !== 'range' || form.to !== undefined, {
      message: 'Choose the last day',
      path: ['to'],
    }),
    z.refine((form) => form.mode !== 'pattern' || form.weeks !== undefined, {
      message: `From 1 to ${MAX_PATTERN_WEEKS} weeks`,
      path: ['weeks'],
    }),
  );
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export function PublishDaysDialog({
  open,
  onOpenChange,
  firstDay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The day the form starts from: the first day of the week on screen that is not past. */
  firstDay: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Publish several days</DialogTitle>
          <DialogDescription>
            Every chosen weekday from the first day on, each with the same number of places. Days already
            published keep their capacity.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form every opening. */}
        {open && <PublishDaysForm firstDay={firstDay} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PublishDaysForm({ firstDay, onDone }: { firstDay: string; onDone: () => void }) {
  const id = useId();
  const publish = usePublishDeliveryDays();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      mode: 'range',
      from: firstDay,
      to: addDays(firstDay, 27),
      weeks: 4,
      weekdays: [1, 2, 3, 4, 5],
      capacity: 4,
    },
  });
  const mode = form.watch('mode');
  const errors = form.formState.errors;

  const submit = ({ mode: chosen, to: last, weeks: count, ...rest }: FormOutput) =>
    publish.mutate(chosen === 'range' ? { ...rest, to: last } : { ...rest, weeks: count }, {
      onSuccess: (result) => {
        const skipped = result.skipped.length
          ? ` ${counted(result.skipped.length, 'day was', 'days were')} already published and kept.`
          : '';
        toastSuccess(
          `${counted(result.total, 'delivery day', 'delivery days')} published`,
          `${counted(rest.capacity, 'place', 'places')} each, ${shortDay(result.items[0]?.date ?? rest.from)} – ${shortDay(result.items.at(-1)?.date ?? rest.from)}.${skipped}`,
        );
        onDone();
      },
      onError: (cause) => {
        for (const [field, message] of Object.entries(errorFields(cause))) {
          if (field in formSchema.shape) form.setError(field as keyof FormInput, { type: 'server', message });
        }
        toastError('Failed to publish the days', cause, GENERIC_ERROR);
      },
    });

  const modeLabel = `${id}-mode`;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5">
      <div className="grid gap-2">
        <span id={modeLabel} className="font-medium text-sm">
          Repeat
        </span>
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby={modeLabel}
              value={field.value}
              onValueChange={field.onChange}
              className="flex flex-wrap gap-4"
            >
              {(
                [
                  ['range', 'Between two dates'],
                  ['pattern', 'Weekly, for a number of weeks'],
                ] as const
              ).map(([value, label]) => (
                <div key={value} className="flex items-center gap-2">
                  <RadioGroupItem id={`${id}-${value}`} value={value} />
                  <Label htmlFor={`${id}-${value}`}>{label}</Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First day" type="date" {...form.register('from')} error={errors.from?.message} />
        {mode === 'range' ? (
          <TextField label="Last day" type="date" {...form.register('to')} error={errors.to?.message} />
        ) : (
          <TextField
            label="Weeks"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PATTERN_WEEKS}
            {...form.register('weeks', { valueAsNumber: true })}
            error={errors.weeks ? `From 1 to ${MAX_PATTERN_WEEKS} weeks` : undefined}
          />
        )}
      </div>

      <fieldset
        className="grid gap-2"
        aria-describedby={errors.weekdays ? `${id}-weekdays-error` : undefined}
      >
        <legend className="mb-2 font-medium text-sm">Weekdays</legend>
        <Controller
          control={form.control}
          name="weekdays"
          render={({ field }) => (
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {WEEKDAYS.map((weekday) => {
                const checked = field.value.includes(weekday);
                return (
                  <div key={weekday} className="flex items-center gap-2">
                    <input
                      id={`${id}-weekday-${weekday}`}
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked}
                      onChange={() =>
                        field.onChange(
                          checked
                            ? field.value.filter((day) => day !== weekday)
                            : [...field.value, weekday].sort(),
                        )
                      }
                    />
                    <Label htmlFor={`${id}-weekday-${weekday}`}>{WEEKDAY_NAMES[weekday - 1]}</Label>
                  </div>
                );
              })}
            </div>
          )}
        />
        {errors.weekdays && (
          <p id={`${id}-weekdays-error`} className="text-destructive text-sm">
            {errors.weekdays.message ?? 'Choose at least one weekday'}
          </p>
        )}
      </fieldset>

      <TextField
        label="Places per day"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SLOT_CAPACITY}
        className="w-28"
        {...form.register('capacity', { valueAsNumber: true })}
        error={
          errors.capacity
            ? errors.capacity.type === 'server'
              ? errors.capacity.message
              : `A whole number from 1 to ${MAX_SLOT_CAPACITY}`
            : undefined
        }
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={publish.isPending}>
          Publish days
        </Button>
      </DialogFooter>
    </form>
  );
}
