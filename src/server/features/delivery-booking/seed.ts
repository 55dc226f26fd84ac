import { sql } from 'drizzle-orm';
import { arrayColumn, rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';

export interface SeededDeliveryDay {
  date: string;
  capacity: number;
  publishedAt: Date;
}

export interface SeededBooking {
  date: string;
  orderItemId: number;
  userId: number;
  at: Date;
}

/**
 * Writes published delivery days and bookings on them (the demo seed); a day already published is
 * kept as it is, a unit already booked keeps its day. Bookings must fit the days' places: the caller
 * chose them so. No mail, no audit entry, no live message: a seeded past is not news. Answers how
 * many days and bookings were written.
 */
export async function seedDeliveryDays(
  executor: Executor,
  days: readonly SeededDeliveryDay[],
  bookings: readonly SeededBooking[],
): Promise<{ days: number; bookings: number }> {
  const [published] = days.length
    ? rowsOf<{ count: number }>(
        await executor.execute(sql`
          with added as (
            insert into delivery_slots (date, capacity, created_at, updated_at)
            select t.date, t.capacity, t.at, t.at
            from unnest(
              ${arrayColumn(days, (d) => d.date, 'date[]')},
              ${arrayColumn(days, (d) => d.capacity, 'int[]')},
              ${arrayColumn(days, (d) => d.publishedAt.toISOString(), 'timestamptz[]')}
            ) as t(date, capacity, at)
            order by t.date
            on conflict (date) do nothing
            returning id
          )
          select count(*)::int as count from added`),
      )
    : [];
  const [booked] = bookings.length
    ? rowsOf<{ count: number }>(
        await executor.execute(sql`
          with added as (
            insert into delivery_bookings (slot_id, order_item_id, user_id, created_at, updated_at)
            select s.id, t.order_item_id, t.user_id, t.at, t.at
            from unnest(
              ${arrayColumn(bookings, (b) => b.date, 'date[]')},
              ${arrayColumn(bookings, (b) => b.orderItemId, 'int[]')},
              ${arrayColumn(bookings, (b) => b.userId, 'int[]')},
              ${arrayColumn(bookings, (b) => b.at.toISOString(), 'timestamptz[]')}
            ) as t(date, order_item_id, user_id, at)
            join delivery_slots s on s.date = t.date
            order by t.at
            on conflict (order_item_id) do nothing
            returning id
          )
          select count(*)::int as count from added`),
      )
    : [];
  await executor.execute(sql`analyze delivery_slots, delivery_bookings`);
  return { days: Number(published?.count ?? 0), bookings: Number(booked?.count ?? 0) };
}
