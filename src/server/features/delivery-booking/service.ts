import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { counted } from '../../../shared/plural.js';
import {
  BOOKING_NOTICE_HOURS,
  BOOKING_TOO_LATE_MESSAGE,
  changeableUntil,
  type DeliveryBookingDto,
  type DeliverySlot,
  dayOf,
  MAX_PUBLISH_RANGE_DAYS,
  MAX_SLOT_RANGE_DAYS,
  type PublishDeliveryDays,
  type PublishedDeliveryDays,
  SLOT_BEFORE_WINDOW_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_TOO_SOON_MESSAGE,
  UNIT_NOT_BOOKABLE_MESSAGE,
  weekdayOf,
} from '../../../shared/schemas/delivery-booking.js';
import { canBookDelivery, type Stage } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { deliveryBookings, deliverySlots, users } from '../../db/schema.js';
import { publishToStaff } from '../../live/publish.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { enqueueDeliveryBookingMail } from '../notifications/index.js';
import { type DeliveryEstimator, findCustomerUnitSummary, type OrderChangeDeps } from '../orders/index.js';
import { deliveryBookingErrors } from './errors.js';

const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The unit's delivery date as stored: noon UTC of the day, the same calendar day in every time zone near it. */
const deliveryInstant = (day: string) => new Date(`${day}T12:00:00Z`);

/** Places taken per day: its bookings, counted over a left join grouped by day. */
const bookedCount = sql<number>`count(${deliveryBookings.id})::int`;

const slotColumns = {
  id: deliverySlots.id,
  date: deliverySlots.date,
  capacity: deliverySlots.capacity,
  booked: bookedCount,
};
const withBookings = eq(deliveryBookings.slotId, deliverySlots.id);

function bookingDto(slotId: number, day: string, now: Date): DeliveryBookingDto {
  const until = changeableUntil(day);
  return { slotId, date: day, changeableUntil: until.toISOString(), canChange: now < until };
}

/** Those of these units that have a booked delivery day. */
export async function bookedUnitIds(executor: Executor, itemIds: readonly number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await executor
    .select({ id: deliveryBookings.orderItemId })
    .from(deliveryBookings)
    .where(inArray(deliveryBookings.orderItemId, [...itemIds]));
  return new Set(rows.map((row) => row.id));
}

type OwnedUnit = NonNullable<Awaited<ReturnType<typeof findCustomerUnitSummary>>>;

/**
 * Delivery days and their bookings. Capacity holds under concurrent bookings because a booking locks
 * its day's row (`SELECT … FOR UPDATE`) before it counts the places taken (decision 123); the unit
 * itself changes only through the order writer. A customer books no day before the start of the
 * unit's estimated window (decision 240); `estimator` is given where the app is composed.
 */
export function createDeliveryBookingService({
  db,
  clock,
  orders: writer,
  estimator,
}: OrderChangeDeps & { estimator?: DeliveryEstimator }) {
  /** The caller's unit with its order; someone else's answers exactly like a missing one. */
  async function findOwnedUnit(executor: Executor, userId: number, itemId: number) {
    const row = await findCustomerUnitSummary(executor, userId, itemId);
    if (!row) throw deliveryBookingErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
    return row;
  }

  async function currentBooking(executor: Executor, itemId: number) {
    const [row] = await executor
      .select({
        id: deliveryBookings.id,
        slotId: deliveryBookings.slotId,
        revision: deliveryBookings.revision,
        date: deliverySlots.date,
      })
      .from(deliveryBookings)
      .innerJoin(deliverySlots, eq(deliverySlots.id, deliveryBookings.slotId))
      .where(eq(deliveryBookings.orderItemId, itemId));
    return row ?? null;
  }

  /** The first day a new booking may take: at least 48 hours from now (decision 124). */
  function firstBookableDay(now: Date): string {
    const earliest = new Date(now.getTime() + BOOKING_NOTICE_HOURS * 3_600_000);
    const day = dayOf(earliest);
    return earliest.getTime() === Date.parse(`${day}T00:00:00Z`) ? day : addDays(day, 1);
  }

  /** The first day of the unit's estimated window, or null when it has none. */
  async function windowStart(unit: OwnedUnit): Promise<string | null> {
    if (!estimator) return null;
    const estimates = await estimator([
      {
        id: unit.itemId,
        status: unit.status,
        statusChangedAt: unit.statusChangedAt,
        productName: unit.productName,
      },
    ]);
    return estimates.get(unit.itemId)?.from ?? null;
  }

  return {
    /** Published days from `from` to `to` (both included) with their places taken, by date. */
    async listSlots(range: { from?: string; to?: string }): Promise<DeliverySlot[]> {
      const from = range.from ?? dayOf(clock.now());
      const to = range.to ?? addDays(from, 27);
      if (to < from)
        throw deliveryBookingErrors.DATE_RANGE_REVERSED('The end of the range is before its start', {
          fields: { to: 'Before from' },
        });
      if (Date.parse(to) - Date.parse(from) >= MAX_SLOT_RANGE_DAYS * DAY_MS) {
        throw deliveryBookingErrors.DATE_RANGE_TOO_LONG(`At most ${MAX_SLOT_RANGE_DAYS} days at once`, {
          fields: { to: 'Range too long' },
        });
      }
      return db
        .select(slotColumns)
        .from(deliverySlots)
        .leftJoin(deliveryBookings, withBookings)
        .where(and(gte(deliverySlots.date, from), lte(deliverySlots.date, to)))
        .groupBy(deliverySlots.id)
        .orderBy(asc(deliverySlots.date));
    },

    /** Opens a day for deliveries; a day already published answers 409, a past day 400. */
    async publishSlot(input: { date: string; capacity: number }, actor: AuditActor): Promise<DeliverySlot> {
      const now = clock.now();
      if (input.date < dayOf(now))
        throw deliveryBookingErrors.DAY_IN_PAST('This day is in the past', {
          fields: { date: 'In the past' },
        });
      return db.transaction(async (tx) => {
        const [slot] = await tx
          .insert(deliverySlots)
          .values({
            date: input.date,
            capacity: input.capacity,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: deliverySlots.date })
          .returning({ id: deliverySlots.id, date: deliverySlots.date, capacity: deliverySlots.capacity });
        if (!slot)
          throw deliveryBookingErrors.DAY_ALREADY_PUBLISHED(
            `${input.date} is already published as a delivery day`,
          );
        await recordAudit(tx, {
          actor,
          action: 'delivery_slot.published',
          target: { type: 'delivery_slot', id: slot.id },
          changes: { date: slot.date, capacity: slot.capacity },
        });
        await publishToStaff(tx, { type: 'delivery_slots_changed', dates: [slot.date] });
        return { ...slot, booked: 0 };
      });
    },

    /**
     * Opens every chosen weekday of a range, or of a weekly pattern, in one transaction with one audit
     * entry and one live message; days already published are skipped and named (decision 296).
     */
    async publishSlots(input: PublishDeliveryDays, actor: AuditActor): Promise<PublishedDeliveryDays> {
      const now = clock.now();
      const to = input.to ?? addDays(input.from, (input.weeks ?? 1) * 7 - 1);
      if (input.from < dayOf(now))
        throw deliveryBookingErrors.DAY_IN_PAST('The first day is in the past', {
          fields: { from: 'In the past' },
        });
      if (to < input.from)
        throw deliveryBookingErrors.DATE_RANGE_REVERSED('The end of the range is before its start', {
          fields: { to: 'Before from' },
        });
      if (Date.parse(to) - Date.parse(input.from) >= MAX_PUBLISH_RANGE_DAYS * DAY_MS) {
        throw deliveryBookingErrors.DATE_RANGE_TOO_LONG(`At most ${MAX_PUBLISH_RANGE_DAYS} days at once`, {
          fields: { to: 'Range too long' },
        });
      }
      const weekdays = new Set(input.weekdays);
      const days: string[] = [];
      for (let day = input.from; day <= to; day = addDays(day, 1)) {
        if (weekdays.has(weekdayOf(day))) days.push(day);
      }
      if (days.length === 0)
        throw deliveryBookingErrors.NO_DAYS_IN_RANGE('None of the chosen weekdays falls in this range', {
          fields: { weekdays: 'No such day in the range' },
        });
      return db.transaction(async (tx) => {
        const published = await tx
          .insert(deliverySlots)
          .values(
            days.map((date) => ({
              date,
              capacity: input.capacity,
              createdBy: actor.id,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing({ target: deliverySlots.date })
          .returning({ id: deliverySlots.id, date: deliverySlots.date, capacity: deliverySlots.capacity });
        if (published.length === 0)
          throw deliveryBookingErrors.DAYS_ALREADY_PUBLISHED(
            `Every chosen day from ${input.from} to ${to} is already published`,
          );
        const items = published
          .map((slot) => ({ ...slot, booked: 0 }))
          .sort((a, b) => a.date.localeCompare(b.date));
        const dates = new Set(items.map((slot) => slot.date));
        const skipped = days.filter((day) => !dates.has(day));
        await recordAudit(tx, {
          actor,
          action: 'delivery_slots.published',
          target: { type: 'delivery_slot', id: null },
          changes: {
            from: input.from,
            to,
            weekdays: [...weekdays].sort(),
            capacity: input.capacity,
            published: items.length,
            dates: items.map((slot) => slot.date),
            skipped,
          },
        });
        await publishToStaff(tx, { type: 'delivery_slots_changed', dates: [...dates] });
        return { items, total: items.length, skipped };
      });
    },

    /** Removes a day nobody booked; a day with bookings answers 409 (decision 125). */
    async removeSlot(slotId: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        // The lock keeps a booking from arriving between the count and the delete.
        const [slot] = await tx
          .select()
          .from(deliverySlots)
          .where(eq(deliverySlots.id, slotId))
          .for('update');
        if (!slot) throw deliveryBookingErrors.DELIVERY_DAY_NOT_FOUND('Delivery day not found');
        const [taken] = await tx
          .select({ n: count() })
          .from(deliveryBookings)
          .where(eq(deliveryBookings.slotId, slotId));
        const n = taken?.n ?? 0;
        if (n > 0) {
          throw deliveryBookingErrors.DAY_HAS_BOOKINGS(
            `${slot.date} has ${counted(n, 'booking', 'bookings')} and cannot be removed. Ask the customers to choose another day first.`,
          );
        }
        await tx.delete(deliverySlots).where(eq(deliverySlots.id, slotId));
        await recordAudit(tx, {
          actor,
          action: 'delivery_slot.removed',
          target: { type: 'delivery_slot', id: slotId },
          changes: { date: slot.date, capacity: slot.capacity },
        });
        await publishToStaff(tx, { type: 'delivery_slots_changed', dates: [slot.date] });
      });
    },

    /** The days this unit can be booked on (48 hours ahead or later, with a free place) and its booking. */
    async slotsForUnit(userId: number, itemId: number) {
      const unit = await findOwnedUnit(db, userId, itemId);
      if (!canBookDelivery(unit.status))
        throw deliveryBookingErrors.UNIT_NOT_BOOKABLE(UNIT_NOT_BOOKABLE_MESSAGE);
      const now = clock.now();
      const booking = await currentBooking(db, itemId);
      const windowFrom = await windowStart(unit);
      const notice = firstBookableDay(now);
      const firstDay = windowFrom !== null && windowFrom > notice ? windowFrom : notice;
      const items = await db
        .select(slotColumns)
        .from(deliverySlots)
        .leftJoin(deliveryBookings, withBookings)
        .where(gte(deliverySlots.date, firstDay))
        .groupBy(deliverySlots.id)
        .having(sql`${bookedCount} < ${deliverySlots.capacity}`)
        .orderBy(asc(deliverySlots.date))
        .limit(60);
      return {
        items,
        booking: booking && bookingDto(booking.slotId, booking.date, now),
        firstDay,
        windowFrom,
      };
    },

    /**
     * Books `slotId` for the caller's unit, or moves its booking there, in one transaction: the
     * booking row, the unit's delivery date, its move to DELIVERY_DATE_CONFIRMED (a unit already
     * beyond keeps its stage, decision 124), the confirmation mail and the staff's live message.
     */
    async book(userId: number, itemId: number, slotId: number) {
      const now = clock.now();
      // Read before the transaction: the estimator reads through `db`, which on the embedded
      // database waits for the transaction's own connection.
      const windowFrom = await windowStart(await findOwnedUnit(db, userId, itemId));
      return db.transaction(async (tx) => {
        const owned = await findOwnedUnit(tx, userId, itemId);
        // One booking at a time per order: two tabs cannot both move the same unit.
        await writer.lock(tx, owned.orderId);
        const unit = await findOwnedUnit(tx, userId, itemId);
        if (!canBookDelivery(unit.status))
          throw deliveryBookingErrors.UNIT_NOT_BOOKABLE(UNIT_NOT_BOOKABLE_MESSAGE);

        const existing = await currentBooking(tx, itemId);
        if (existing?.slotId === slotId) {
          return { booking: bookingDto(slotId, existing.date, now), status: unit.status, changed: false };
        }
        if (existing && now >= changeableUntil(existing.date))
          throw deliveryBookingErrors.BOOKING_TOO_LATE(BOOKING_TOO_LATE_MESSAGE);

        // Both days' rows, locked in id order so two customers swapping days cannot deadlock.
        const locked = await tx
          .select({ id: deliverySlots.id, date: deliverySlots.date, capacity: deliverySlots.capacity })
          .from(deliverySlots)
          .where(inArray(deliverySlots.id, existing ? [slotId, existing.slotId] : [slotId]))
          .orderBy(asc(deliverySlots.id))
          .for('update');
        const slot = locked.find((row) => row.id === slotId);
        if (!slot) throw deliveryBookingErrors.DELIVERY_DAY_NOT_FOUND('Delivery day not found');
        if (slot.date < firstBookableDay(now))
          throw deliveryBookingErrors.SLOT_TOO_SOON(SLOT_TOO_SOON_MESSAGE);
        if (windowFrom !== null && slot.date < windowFrom)
          throw deliveryBookingErrors.SLOT_BEFORE_WINDOW(SLOT_BEFORE_WINDOW_MESSAGE);
        // Counted after the lock: every booking committed before it is seen.
        const [taken] = await tx
          .select({ n: count() })
          .from(deliveryBookings)
          .where(eq(deliveryBookings.slotId, slotId));
        if ((taken?.n ?? 0) >= slot.capacity) throw deliveryBookingErrors.SLOT_FULL(SLOT_FULL_MESSAGE);

        const [booking] = await tx
          .insert(deliveryBookings)
          .values({ slotId, orderItemId: itemId, userId, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: deliveryBookings.orderItemId,
            set: { slotId, updatedAt: now, revision: sql`${deliveryBookings.revision} + 1` },
          })
          .returning({ id: deliveryBookings.id, revision: deliveryBookings.revision });
        if (!booking) throw new Error('booking upsert returned nothing');

        const deliveryDate = deliveryInstant(slot.date);
        await writer.setUnitDetails(tx, unit.orderId, [unit.itemId], { deliveryDate }, now);
        const { changed } = await writer.changeStatus(
          tx,
          {
            orderId: unit.orderId,
            itemNumbers: [unit.itemNumber],
            to: 'DELIVERY_DATE_CONFIRMED',
            rule: 'forward',
            actor: { kind: 'customer', userId },
          },
          now,
        );

        const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
        if (owner) {
          await enqueueDeliveryBookingMail(
            tx,
            {
              to: owner.email,
              orderId: unit.orderId,
              orderNumber: unit.orderNumber,
              productName: unit.productName,
              itemNumber: unit.itemNumber,
              bookingId: booking.id,
              revision: booking.revision,
              day: slot.date,
              moved: existing !== null,
            },
            now,
          );
        }
        const dates = existing ? [slot.date, existing.date] : [slot.date];
        await publishToStaff(tx, { type: 'delivery_slots_changed', dates });
        const status: Stage = changed[0]?.to ?? unit.status;
        return { booking: bookingDto(slotId, slot.date, now), status, changed: true };
      });
    },
  };
}

export type DeliveryBookingService = ReturnType<typeof createDeliveryBookingService>;
