/**
 * The Insights reads of the tables other capabilities own but the orders module does not: payments
 * (deposits), conversations (first replies) and delivery days (capacity). A product filter reaches
 * them as the orders module's list of order or unit ids (`ordersOfProduct`, `unitsOfProduct`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';
import { deliveryBookings, deliverySlots, orderMessages, paymentSessions } from '../../db/schema.js';
import {
  type InsightScope,
  ordersOfProduct,
  unitsAwaitingDepositCount,
  unitsOfProduct,
} from '../orders/index.js';

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const weekOf = (column: SQL) => sql`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
const n = (value: unknown) => Number(value ?? 0);
const maybe = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Deposits paid in the range, by week (of the payment's last update) and method, and the units now
 * waiting for theirs, in one statement (the last row, without a week).
 */
export async function depositsByWeek(db: Executor, scope: InsightScope) {
  const ofProduct = ordersOfProduct(scope.product);
  const rows = rowsOf<{ week: string | null; method: string; count: unknown; amount: unknown }>(
    await db.execute(sql`
      select ${weekOf(sql`p.updated_at`)} as week,
        coalesce(p.payment_method_types->>0, p.provider) as method,
        count(*) as count, sum(p.amount) as amount
      from ${paymentSessions} p
      where p.payment_status = 'paid' and p.updated_at >= ${ts(scope.start)} and p.updated_at < ${ts(scope.end)}
        ${ofProduct ? sql`and p.order_id in (${ofProduct})` : sql``}
      group by 1, 2
      union all
      select null, 'due', ${unitsAwaitingDepositCount(scope.product)}, null`),
  );
  const paid = rows.flatMap((row) =>
    row.week === null
      ? []
      : [{ week: row.week, method: row.method, count: n(row.count), amountCents: n(row.amount) }],
  );
  return { paid, due: n(rows.find((row) => row.week === null)?.count) };
}

/**
 * Customer messages that started a wait in the range (the first customer message after a staff one,
 * or the first of the conversation), by week, with the hours to the first staff reply after them.
 */
export async function firstRepliesByWeek(db: Executor, scope: InsightScope) {
  const ofProduct = ordersOfProduct(scope.product);
  const rows = rowsOf<{ week: string; waits: unknown; answered: unknown; median: unknown; p90: unknown }>(
    await db.execute(sql`
      with talked as (
        select distinct m.order_id from ${orderMessages} m
        where m.created_at >= ${ts(scope.start)} and m.created_at < ${ts(scope.end)}
          ${ofProduct ? sql`and m.order_id in (${ofProduct})` : sql``}
      ),
      ordered as (
        select m.id, m.order_id, m.author_kind, m.created_at,
          lag(m.author_kind) over (partition by m.order_id order by m.id) as previous_kind
        from ${orderMessages} m join talked t on t.order_id = m.order_id
      ),
      waits as (
        select s.created_at,
          (select min(r.created_at) from ${orderMessages} r
            where r.order_id = s.order_id and r.id > s.id and r.author_kind = 'staff') as replied_at
        from ordered s
        where s.author_kind = 'customer' and s.previous_kind is distinct from 'customer'
          and s.created_at >= ${ts(scope.start)} and s.created_at < ${ts(scope.end)}
      )
      select ${weekOf(sql`created_at`)} as week, count(*) as waits, count(replied_at) as answered,
        percentile_cont(0.5) within group (order by extract(epoch from replied_at - created_at) / 3600.0) as median,
        percentile_cont(0.9) within group (order by extract(epoch from replied_at - created_at) / 3600.0) as p90
      from waits group by 1`),
  );
  return rows.map((row) => ({
    week: row.week,
    waits: n(row.waits),
    answered: n(row.answered),
    medianHours: maybe(row.median),
    p90Hours: maybe(row.p90),
  }));
}

/**
 * Delivery days in [start, end) by week: places published, places booked (by the product's units when
 * one is asked for) and places left (published less every booking: the places are shared).
 */
export async function capacityByWeek(db: Executor, start: Date, end: Date, product: string | null) {
  const ofProduct = unitsOfProduct(product);
  const day = (at: Date) => sql`${at.toISOString().slice(0, 10)}::date`;
  const rows = rowsOf<{ week: string; published: unknown; booked: unknown; taken: unknown }>(
    await db.execute(sql`
      select to_char(date_trunc('week', s.date), 'YYYY-MM-DD') as week, sum(s.capacity) as published,
        sum(b.booked) as booked, sum(b.taken) as taken
      from ${deliverySlots} s
      left join lateral (
        select count(*) as taken,
          count(*) ${ofProduct ? sql`filter (where k.order_item_id in (${ofProduct}))` : sql``} as booked
        from ${deliveryBookings} k where k.slot_id = s.id
      ) b on true
      where s.date >= ${day(start)} and s.date < ${day(end)}
      group by 1`),
  );
  return rows.map((row) => ({
    week: row.week,
    published: n(row.published),
    booked: n(row.booked),
    left: n(row.published) - n(row.taken),
  }));
}
