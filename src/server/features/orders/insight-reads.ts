/**
 * The Insights screen's reads of the orders module's tables (units, their log, their orders): each a
 * single set-based statement the database aggregates, so 100 000 orders answer in one pass over the
 * range's events (docs/insights.md defines every figure; decision 276). The benchmark's reference,
 * bench/servers/insights-bare.ts, computes the same figures with hand-written statements of its own.
 */
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { containsPattern } from './staff-filters.js';

/** What every insight read is asked: a half-open time range and, optionally, a product. */
export interface InsightScope {
  /** First instant counted. */
  start: Date;
  /** First instant no longer counted. */
  end: Date;
  /** Only orders whose product name contains this (any case); null for all. */
  product: string | null;
}

const STATUS_EVENT = 'ORDER_ITEM_STATUS_UPDATED';
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** The Monday (UTC) of a timestamp's week, as YYYY-MM-DD text. */
const weekOf = (column: SQL) => sql`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** `and <order alias>.product_name ilike …` when a product is asked for. */
export function productCondition(alias: string, product: string | null): SQL {
  return product ? sql`and ${sql.raw(alias)}.product_name ilike ${containsPattern(product)}` : sql``;
}

/**
 * The ids of the orders of a product, for other capabilities' insight reads (payments, messages,
 * bookings): `where order_id in (…)`; null means every order.
 */
export function ordersOfProduct(product: string | null): SQL | null {
  return product
    ? sql`select o.id from ${orders} o where o.product_name ilike ${containsPattern(product)}`
    : null;
}

/** The ids of the units of a product (`where order_item_id in (…)`); null means every unit. */
export function unitsOfProduct(product: string | null): SQL | null {
  return product
    ? sql`select i.id from ${orderItems} i join ${orders} o on o.id = i.order_id
        where o.product_name ilike ${containsPattern(product)}`
    : null;
}

const n = (value: unknown) => Number(value ?? 0);
/** One value of a `percentile_cont(array[…])` answer: an array (pg) or its text form (`{1.5,2}`). */
export function percentile(values: unknown, index: number): unknown {
  if (Array.isArray(values)) return values[index];
  if (typeof values !== 'string') return null;
  const text = values.replace(/[{}]/g, '').split(',')[index];
  return text === undefined || text === 'NULL' ? null : Number(text);
}
const maybe = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Cumulative flow, step one: the units in each stage now, the status changes since `since` (to and
 * from each stage) and the units created since `since` with the stage they started in, each bucketed
 * by the week it happened in, or `after` when at or after `scope.end`. The service walks back from now.
 */
export async function flowChanges(db: Executor, scope: InsightScope, since: Date) {
  const join = scope.product
    ? sql`join ${orders} o on o.id = i.order_id ${productCondition('o', scope.product)}`
    : sql``;
  const bucket = (column: SQL) =>
    sql`case when ${column} >= ${ts(scope.end)} then 'after' else ${weekOf(column)} end`;
  const now = rowsOf<{ stage: string; units: unknown }>(
    await db.execute(sql`
      select i.status as stage, count(*) as units from ${orderItems} i ${join} group by i.status`),
  );
  const moves = rowsOf<{ bucket: string; stage: string; entered: unknown; left: unknown }>(
    await db.execute(sql`
      with moves as (
        select ${bucket(sql`e.timestamp`)} as bucket, e.stage as entered, e.data->>'oldStatus' as left_stage
        from ${eventLogs} e ${scope.product ? sql`join ${orders} o on o.id = e.order_id ${productCondition('o', scope.product)}` : sql``}
        where e.type = ${STATUS_EVENT} and e.timestamp >= ${ts(since)} and e.order_item_id is not null
      )
      select bucket, stage, sum(entered) as entered, sum(left_count) as left from (
        select bucket, entered as stage, 1 as entered, 0 as left_count from moves
        union all
        select bucket, left_stage as stage, 0, 1 from moves where left_stage is not null
      ) m group by bucket, stage`),
  );
  // A unit starts at the earliest of its order's date, its row's creation and its first recorded change
  // (an import or a history loaded later has an order date and changes older than the row); its first
  // change says where it began. Only the orders placed since `since` can hold such units, which the
  // order-date index finds.
  const created = rowsOf<{ bucket: string; stage: string; units: unknown }>(
    await db.execute(sql`
      with recent as (
        select i.id, i.status, least(i.created_at, o.order_date) as created_at
        from ${orders} o join ${orderItems} i on i.order_id = o.id
        where o.order_date >= ${ts(since)} ${productCondition('o', scope.product)}
      ),
      first_moves as (
        select distinct on (f.order_item_id) f.order_item_id, f.timestamp, f.data->>'oldStatus' as stage
        from ${eventLogs} f join recent r on r.id = f.order_item_id
        where f.type = ${STATUS_EVENT}
        order by f.order_item_id, f.timestamp, f.id
      ),
      started as (
        select least(r.created_at, coalesce(m.timestamp, r.created_at)) as started_at,
          coalesce(m.stage, r.status) as stage
        from recent r left join first_moves m on m.order_item_id = r.id
      )
      select ${bucket(sql`started_at`)} as bucket, stage, count(*) as units
      from started where started_at >= ${ts(since)}
      group by 1, 2`),
  );
  return {
    now: now.map((row) => ({ stage: row.stage, units: n(row.units) })),
    moves: moves.map((row) => ({
      bucket: row.bucket,
      stage: row.stage,
      entered: n(row.entered),
      left: n(row.left),
    })),
    created: created.map((row) => ({ bucket: row.bucket, stage: row.stage, units: n(row.units) })),
  };
}

/** Units entering PRODUCTION and DELIVERED, by week, in the range. */
export async function throughputByWeek(db: Executor, scope: InsightScope) {
  const rows = rowsOf<{ week: string; production: unknown; delivered: unknown }>(
    await db.execute(sql`
      select ${weekOf(sql`e.timestamp`)} as week,
        count(*) filter (where e.stage = 'PRODUCTION') as production,
        count(*) filter (where e.stage = 'DELIVERED') as delivered
      from ${eventLogs} e ${scope.product ? sql`join ${orders} o on o.id = e.order_id ${productCondition('o', scope.product)}` : sql``}
      where e.type = ${STATUS_EVENT} and e.timestamp >= ${ts(scope.start)} and e.timestamp < ${ts(scope.end)}
        and e.stage in ('PRODUCTION', 'DELIVERED') and e.order_item_id is not null
      group by 1`),
  );
  return rows.map((row) => ({ week: row.week, production: n(row.production), delivered: n(row.delivered) }));
}

/**
 * Stays in a stage that ended inside [from, end): from the unit's previous status change (or its
 * creation) to the change that took it out of the stage, in days. `period` is 'current' for stays
 * that ended in the scope's range and 'previous' for those that ended in the range as long before it.
 */
export async function stageStays(db: Executor, scope: InsightScope) {
  const previousStart = new Date(2 * scope.start.getTime() - scope.end.getTime());
  // Each change's previous change of the same unit, over the whole history of the units that left a
  // stage in the two ranges (found through the (type, timestamp) index, their histories through the
  // unit index): one pass, no lookup per change.
  const rows = rowsOf<{ period: string; stage: string; stays: unknown; percentiles: unknown }>(
    await db.execute(sql`
      with ended as (
        select distinct e.order_item_id from ${eventLogs} e
        where e.type = ${STATUS_EVENT} and e.timestamp >= ${ts(previousStart)} and e.timestamp < ${ts(scope.end)}
          and e.order_item_id is not null
      ),
      changes as (
        select e.order_item_id, e.timestamp, e.data->>'oldStatus' as stage,
          lag(e.timestamp) over (partition by e.order_item_id order by e.timestamp, e.id) as previous_at
        from ${eventLogs} e join ended u on u.order_item_id = e.order_item_id
        where e.type = ${STATUS_EVENT}
      ),
      stays as (
        select c.stage,
          case when c.timestamp >= ${ts(scope.start)} then 'current' else 'previous' end as period,
          -- A first stay starts when the unit does (its order's date or its row's creation); unknown
          -- when both are younger than the change.
          extract(epoch from c.timestamp - coalesce(c.previous_at,
            case when least(i.created_at, o.order_date) <= c.timestamp then least(i.created_at, o.order_date) end)
          ) / 86400.0 as days
        from changes c
        join ${orderItems} i on i.id = c.order_item_id
        join ${orders} o on o.id = i.order_id ${productCondition('o', scope.product)}
        where c.timestamp >= ${ts(previousStart)} and c.timestamp < ${ts(scope.end)} and c.stage is not null
      )
      select period, stage, count(days) as stays,
        percentile_cont(array[0.5, 0.9]) within group (order by days) as percentiles
      from stays group by period, stage`),
  );
  return rows.map((row) => ({
    period: row.period as 'current' | 'previous',
    stage: row.stage,
    stays: n(row.stays),
    medianDays: maybe(percentile(row.percentiles, 0)),
    p90Days: maybe(percentile(row.percentiles, 1)),
  }));
}

/** Units not delivered, by stage: how many, and the median and 90th percentile days since they entered it. */
export async function waitingUnits(db: Executor, product: string | null, now: Date) {
  const rows = rowsOf<{ stage: string; units: unknown; percentiles: unknown }>(
    await db.execute(sql`
      select i.status as stage, count(*) as units,
        percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from ${ts(now)} - i.status_changed_at) / 86400.0) as percentiles
      from ${orderItems} i
      ${product ? sql`join ${orders} o on o.id = i.order_id ${productCondition('o', product)}` : sql``}
      where i.status <> 'DELIVERED'
      group by i.status`),
  );
  return rows.map((row) => ({
    stage: row.stage,
    units: n(row.units),
    medianDays: maybe(percentile(row.percentiles, 0)),
    p90Days: maybe(percentile(row.percentiles, 1)),
  }));
}

/**
 * How many units wait for their deposit (at FINANCING_PAYMENT) now, as a scalar subquery: the deposits
 * chart sends it in the same statement as the payments, one round trip for the chart.
 */
export function unitsAwaitingDepositCount(product: string | null): SQL {
  return sql`(select count(*) from ${orderItems} i
      ${product ? sql`join ${orders} o on o.id = i.order_id ${productCondition('o', product)}` : sql``}
      where i.status = 'FINANCING_PAYMENT')`;
}
