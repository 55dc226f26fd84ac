/**
 * Delivery days staff publish and the bookings customers make on them. zod/mini (decision 14).
 */
import * as z from 'zod/mini';

/** A delivery day can be booked, moved or left only while it is at least this far away (decision 124). */
export const BOOKING_NOTICE_HOURS = 48;

/** Most places one day can offer; far above any real delivery team, it only stops typing slips. */
export const MAX_SLOT_CAPACITY = 500;

/** The widest range the delivery-days list answers at once. */
export const MAX_SLOT_RANGE_DAYS = 92;

export const BOOKING_TOO_LATE_MESSAGE =
  'Your delivery day is less than 48 hours away and can no longer be changed. Please contact us.';
export const SLOT_FULL_MESSAGE = 'This delivery day is fully booked. Please choose another day.';
export const SLOT_TOO_SOON_MESSAGE =
  'This delivery day is less than 48 hours away. Please choose a later day.';
export const SLOT_BEFORE_WINDOW_MESSAGE =
  'This day is before the window your unit is expected to be ready in. Please choose a later day.';
export const UNIT_NOT_BOOKABLE_MESSAGE =
  'A delivery day can be booked once this unit is in production, and until it is delivered.';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const dayString = z.string().check(
  z.regex(DATE_PATTERN, 'Use a date such as 2026-11-23'),
  z.refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && dayOf(new Date(`${value}T00:00:00Z`)) === value,
    'This date does not exist',
  ),
);

/** `YYYY-MM-DD` of an instant, in UTC: delivery days are UTC calendar days (decision 123). */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** When a delivery day begins: 00:00 UTC. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The last moment a booking on `day` may be made, moved or left. */
export function changeableUntil(day: string): Date {
  return new Date(dayStart(day).getTime() - BOOKING_NOTICE_HOURS * 3_600_000);
}

/** `{id, date, capacity, booked}`: a published day and how many of its places are taken. */
export const deliverySlotSchema = z.object({
  id: z.number(),
  date: z.string(),
  capacity: z.number(),
  booked: z.number(),
});
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;

export const deliverySlotListSchema = z.object({
  items: z.array(deliverySlotSchema),
  total: z.number(),
});
export type DeliverySlotList = z.infer<typeof deliverySlotListSchema>;

/** GET /api/admin/delivery-slots?from&to: both days included; defaults: today and 4 weeks on. */
export const deliverySlotRangeSchema = z.object({
  from: z.optional(dayString),
  to: z.optional(dayString),
});

/** POST /api/admin/delivery-slots. */
export const publishDeliverySlotSchema = z.object({
  date: dayString,
  capacity: z
    .int('Capacity is a whole number')
    .check(
      z.minimum(1, 'Capacity is at least 1'),
      z.maximum(MAX_SLOT_CAPACITY, `Capacity is at most ${MAX_SLOT_CAPACITY}`),
    ),
});
export type PublishDeliverySlot = z.infer<typeof publishDeliverySlotSchema>;

/** The longest stretch one request publishes: a year. */
export const MAX_PUBLISH_RANGE_DAYS = 366;
/** The most weeks a weekly pattern repeats: a year. */
export const MAX_PATTERN_WEEKS = 52;

/** ISO weekday numbers, Monday 1 to Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The ISO weekday (Monday 1 … Sunday 7) of a `YYYY-MM-DD` day. */
export function weekdayOf(day: string): number {
  return ((dayStart(day).getUTCDay() + 6) % 7) + 1;
}

/**
 * POST /api/admin/delivery-slots/batch: every chosen weekday from `from` to `to` (a range), or for
 * `weeks` weeks from `from` (a weekly pattern), each with `capacity` places (decision 296).
 */
export const publishDeliveryDaysSchema = z
  .object({
    from: dayString,
    to: z.optional(dayString),
    weeks: z.optional(
      z
        .int('Weeks is a whole number')
        .check(
          z.minimum(1, 'At least 1 week'),
          z.maximum(MAX_PATTERN_WEEKS, `At most ${MAX_PATTERN_WEEKS} weeks`),
        ),
    ),
    weekdays: z
      .array(
        z
          .int()
          .check(
            z.minimum(1, 'A weekday is 1 (Monday) to 7 (Sunday)'),
            z.maximum(7, 'A weekday is 1 (Monday) to 7 (Sunday)'),
          ),
      )
      .check(z.minLength(1, 'Choose at least one weekday'), z.maxLength(7)),
    capacity: publishDeliverySlotSchema.shape.capacity,
  })
  .check(
    z.refine((input) => (input.to === undefined) !== (input.weeks === undefined), {
      message: 'Give either an end date or a number of weeks',
      path: ['to'],
    }),
  );
export type PublishDeliveryDays = z.infer<typeof publishDeliveryDaysSchema>;

/** What publishing several days answers: the days published, and those skipped as already published. */
export const publishedDeliveryDaysSchema = z.object({
  items: z.array(deliverySlotSchema),
  total: z.number(),
  skipped: z.array(z.string()),
});
export type PublishedDeliveryDays = z.infer<typeof publishedDeliveryDaysSchema>;

/** POST /api/order-items/:id/delivery-booking. */
export const bookDeliverySchema = z.object({ slotId: z.int().check(z.positive()) });
export type BookDelivery = z.infer<typeof bookDeliverySchema>;

/** A unit's booked day: until `changeableUntil` it may be moved. */
export const deliveryBookingSchema = z.object({
  slotId: z.number(),
  date: z.string(),
  changeableUntil: z.string(),
  canChange: z.boolean(),
});
export type DeliveryBookingDto = z.infer<typeof deliveryBookingSchema>;

/**
 * GET /api/order-items/:id/delivery-slots: the days the unit can be booked on, and its booking.
 * `firstDay` is the earliest day offered: 48 hours ahead, or the start of the unit's estimated
 * window when that is later (`windowFrom`, null when the unit has no estimate).
 */
export const unitDeliverySlotsSchema = z.object({
  items: z.array(deliverySlotSchema),
  total: z.number(),
  booking: z.nullable(deliveryBookingSchema),
  firstDay: z.string(),
  windowFrom: z.nullable(z.string()),
});
export type UnitDeliverySlots = z.infer<typeof unitDeliverySlotsSchema>;

/** What a booking answers: the booking, and the unit's stage after it. */
export const deliveryBookingResultSchema = z.object({
  message: z.string(),
  booking: deliveryBookingSchema,
  status: z.string(),
  deliveryDate: z.string(),
});
export type DeliveryBookingResult = z.infer<typeof deliveryBookingResultSchema>;
