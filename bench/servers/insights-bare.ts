/**
 * The reference for GET /api/admin/insights/:chart on PostgreSQL: bare node:http + pg
 * (bench/lib/bare-server.ts: the same pool size and session check) running, for each chart, one
 * hand-written set-based statement that computes the chart's rows as docs/insights.md defines them —
 * the weeks, months and stages included, percentiles by percentile_cont, days and hours rounded to two
 * decimals — and writing them with JSON.stringify. It keeps nothing between requests: every answer is
 * computed afresh. It shares no code with the product's insights, orders or forecast modules; only the
 * stage list and the default stage days (src/shared) are read from the product.
 */
import { DEFAULT_STAGE_DAYS } from '../../src/shared/schemas/forecast.js';
import { STAGES, stageGroup } from '../../src/shared/stages.js';
import { pool, send, serveBare, signedIn } from '../lib/bare-server.js';

const PREFIX = '/api/admin/insights/';
const DAY_MS = 86_400_000;
const ALLOWED = new Set(['ADMIN', 'OPERATIONS']);
const OPEN_STAGES = STAGES.filter((stage) => stage !== 'DELIVERED');
const STATUS_EVENT = `'ORDER_ITEM_STATUS_UPDATED'`;

/** $1 start, $2 end, $3 now (timestamptz), $4 the product's ILIKE pattern or null. */
interface Scope {
  start: Date;
  end: Date;
  now: Date;
  pattern: string | null;
}

/** The Mondays (UTC) of the range's weeks that have begun, as `weeks(monday)`. */
const WEEKS = `weeks as (
    select w::date as monday
    from generate_series(
      date_trunc('week', $1::timestamptz at time zone 'UTC'),
      greatest(least($2::timestamptz, $3::timestamptz + interval '1 millisecond') - interval '1 millisecond',
        $1::timestamptz) at time zone 'UTC',
      interval '1 week') w
  )`;
/** The orders of the product (all of them without one). */
const ORDERS_OF_PRODUCT = `select id from orders where $4::text is null or product_name ilike $4::text`;
/** A timestamptz as the Monday (UTC) of its week. */
const mondayOf = (column: string) => `date_trunc('week', ${column} at time zone 'UTC')::date`;
const days = (interval: string) => `extract(epoch from ${interval}) / 86400.0`;
const round2 = (value: string) => `round((${value})::numeric, 2)::float8`;
const stagesArray = (stages: readonly string[]) => `array[${stages.map((s) => `'${s}'`).join(', ')}]`;

const CHARTS: Record<string, (scope: Scope) => Promise<unknown[]>> = {
  // Units per stage at each week's end (the range's end for the last week): today's units per stage,
  // less those that entered the stage since, plus those that left it since, less the units that
  // started since.
  async flow(scope) {
    const { rows } = await pool.query(
      `with ${WEEKS},
      cutoffs as (
        select monday, case when monday = max(monday) over () then $2::timestamptz
          else ((monday + 7)::timestamp at time zone 'UTC') end as at
        from weeks
      ),
      counts as (
        select status as stage, count(*) as units from order_items
        where $4::text is null or order_id in (${ORDERS_OF_PRODUCT})
        group by status
      ),
      changes as (
        select e.timestamp as at, e.stage as entered, e.data->>'oldStatus' as left_stage
        from event_logs e
        where e.type = ${STATUS_EVENT} and e.order_item_id is not null
          and e.timestamp >= (select min(monday)::timestamp at time zone 'UTC' from weeks)
          and ($4::text is null or e.order_id in (${ORDERS_OF_PRODUCT}))
      ),
      recent as (
        select i.id, i.status, least(i.created_at, o.order_date) as created_at
        from orders o join order_items i on i.order_id = o.id
        where o.order_date >= (select min(monday)::timestamp at time zone 'UTC' from weeks)
          and i.created_at >= (select min(monday)::timestamp at time zone 'UTC' from weeks)
          and ($4::text is null or o.product_name ilike $4::text)
      ),
      first_moves as (
        select e.order_item_id, e.timestamp, e.data->>'oldStatus' as old_status,
          row_number() over (partition by e.order_item_id order by e.timestamp, e.id) as n
        from event_logs e join recent r on r.id = e.order_item_id
        where e.type = ${STATUS_EVENT}
      ),
      started as (
        select least(r.created_at, coalesce(f.timestamp, r.created_at)) as at, coalesce(f.old_status, r.status) as stage
        from recent r left join first_moves f on f.order_item_id = r.id and f.n = 1
      ),
      deltas as materialized (
        select at, entered as stage, -1 as delta from changes
        union all select at, left_stage, 1 from changes where left_stage is not null
        union all select at, stage, -1 from started
      ),
      undone as (
        select c.monday, d.stage, sum(d.delta) as delta
        from cutoffs c join deltas d on d.at >= c.at group by c.monday, d.stage
      ),
      stages as (select stage, n from unnest(${stagesArray(STAGES)}) with ordinality as s(stage, n))
      select to_char(c.monday, 'YYYY-MM-DD') as week, s.stage,
        (coalesce(n.units, 0) + coalesce(u.delta, 0))::int as units
      from cutoffs c cross join stages s
      left join counts n on n.stage = s.stage
      left join undone u on u.monday = c.monday and u.stage = s.stage
      order by c.monday, s.n`,
      params(scope),
    );
    return rows;
  },

  async throughput(scope) {
    const { rows } = await pool.query(
      `with ${WEEKS},
      moved as (
        select ${mondayOf('e.timestamp')} as monday,
          count(*) filter (where e.stage = 'PRODUCTION') as production,
          count(*) filter (where e.stage = 'DELIVERED') as delivered
        from event_logs e
        where e.type = ${STATUS_EVENT} and e.order_item_id is not null
          and e.timestamp >= $1 and e.timestamp < $2 and e.stage in ('PRODUCTION', 'DELIVERED')
          and ($4::text is null or e.order_id in (${ORDERS_OF_PRODUCT}))
        group by 1
      )
      select to_char(w.monday, 'YYYY-MM-DD') as week, coalesce(m.production, 0)::int as production,
        coalesce(m.delivered, 0)::int as delivered
      from weeks w left join moved m on m.monday = w.monday
      order by w.monday`,
      params(scope),
    );
    return rows;
  },

  // Each status change that took a unit out of a stage in the range (or the range as long before it)
  // ends a stay that began with the unit's change before it, or with the unit's start.
  async 'stage-durations'(scope) {
    const { rows } = await pool.query(
      `with changes as (
        select e.id, e.order_item_id, e.timestamp, e.data->>'oldStatus' as stage,
          case when e.timestamp >= $1 then 'current' else 'previous' end as period
        from event_logs e
        where e.type = ${STATUS_EVENT} and e.order_item_id is not null and e.data->>'oldStatus' is not null
          and e.timestamp >= $1::timestamptz - ($2::timestamptz - $1::timestamptz) and e.timestamp < $2
      ),
      stays as (
        select c.period, c.stage, ${days(`c.timestamp - coalesce(
            (select max(p.timestamp) from event_logs p
              where p.order_item_id = c.order_item_id and p.type = ${STATUS_EVENT}
                and (p.timestamp, p.id) < (c.timestamp, c.id)),
            case when least(i.created_at, o.order_date) <= c.timestamp then least(i.created_at, o.order_date) end)`)} as days
        from changes c
        join order_items i on i.id = c.order_item_id
        join orders o on o.id = i.order_id
        where $3::text is null or o.product_name ilike $3::text
      ),
      figures as (
        select period, stage, count(days) as stays,
          percentile_cont(0.5) within group (order by days) as median,
          percentile_cont(0.9) within group (order by days) as p90
        from stays group by period, stage
      ),
      stages as (select stage, n from unnest(${stagesArray(OPEN_STAGES)}) with ordinality as s(stage, n))
      select s.stage, coalesce(c.stays, 0)::int as stays, ${round2('c.median')} as "medianDays",
        ${round2('c.p90')} as "p90Days", ${round2('p.median')} as "previousMedianDays",
        (round(c.median::numeric, 2) - round(p.median::numeric, 2))::float8 as "changeDays"
      from stages s
      left join figures c on c.stage = s.stage and c.period = 'current'
      left join figures p on p.stage = s.stage and p.period = 'previous'
      order by s.n`,
      [scope.start.toISOString(), scope.end.toISOString(), scope.pattern],
    );
    return rows;
  },

  // The delivery-estimate back-test: for each of the latest 5 000 delivered units with a recorded
  // change, when it reached PRODUCTION (the start of its last run at PRODUCTION or beyond before its
  // delivery), the window then made from the units delivered in the 730 days before that moment (the
  // latest 150 of its product when it has 30, else of any product; each duration taken out of the
  // season of the month it began in and put into the unit's), or the default days without 30 of them.
  async promises(scope) {
    const defaults = await pool.query(
      `select value from settings where category = 'forecast' and key = 'stageDefaultDays'`,
    );
    const stageDays = { ...DEFAULT_STAGE_DAYS, ...(defaults.rows[0]?.value ?? {}) };
    const typical = stageDays.PRODUCTION + stageDays.DELIVERY_DATE_CONFIRMED + stageDays.FINAL_DOCUMENTS;
    const { rows } = await withoutNestedLoops(
      `with delivered as (
        select i.id, i.created_at, i.status_changed_at as delivered_at, o.product_name as product
        from order_items i join orders o on o.id = i.order_id
        where i.status = 'DELIVERED'
          and exists (select 1 from event_logs e where e.order_item_id = i.id and e.type = ${STATUS_EVENT})
        order by i.status_changed_at desc limit 5000
      ),
      steps as (
        select d.id as unit, 0 as k, d.created_at as at, 0 as event_id, 'ORDER_PLACED' as stage
        from delivered d where d.created_at <= d.delivered_at
        union all
        select d.id, 1, e.timestamp, e.id, e.stage
        from delivered d join event_logs e on e.order_item_id = d.id
        where e.type = ${STATUS_EVENT} and e.stage is not null and e.timestamp <= d.delivered_at
      ),
      numbered as (
        select unit, at, array_position(${stagesArray(STAGES)}, stage) >= array_position(${stagesArray(STAGES)}, 'PRODUCTION') as onward,
          row_number() over (partition by unit order by k, at, event_id) as n
        from steps
      ),
      last_below as (select unit, max(n) as n from numbered where not onward group by unit),
      reached as (
        select d.id, d.product, d.delivered_at, r.at as production_at
        from delivered d
        left join last_below b on b.unit = d.id
        join numbered r on r.unit = d.id and r.n = coalesce(b.n, 0) + 1
      ),
      tested as (
        select id, product, delivered_at, production_at,
          (extract(epoch from delivered_at - production_at) * 1000)::float8 / ${DAY_MS} as days,
          extract(month from production_at at time zone 'UTC')::int as month
        from reached where production_at < delivered_at
      ),
      in_range as (
        select * from tested
        where delivered_at >= $1 and delivered_at < $2 and ($3::text is null or product ilike $3::text)
      ),
      history as (
        select u.id as unit, h.days, h.month, h.product = u.product as alike,
          count(*) filter (where h.product = u.product) over (partition by u.id) as alike_count,
          row_number() over (partition by u.id order by h.delivered_at desc, h.id desc) as latest,
          row_number() over (partition by u.id, h.product = u.product order by h.delivered_at desc, h.id desc) as latest_alike
        from in_range u join tested h
          on h.delivered_at >= u.production_at - interval '63072000 seconds' and h.delivered_at < u.production_at
      ),
      overall as (
        select unit, count(*) as samples, percentile_cont(0.5) within group (order by days) as median
        from history group by unit
      ),
      monthly as (
        select unit, month, count(*) as samples, percentile_cont(0.5) within group (order by days) as median
        from history group by unit, month
      ),
      seasons as (
        select o.unit, array_agg(case when o.samples >= 30 and o.median > 0 and m.samples >= 12
            then m.median / o.median else 1 end order by g.month) as factor
        from overall o cross join generate_series(1, 12) g(month)
        left join monthly m on m.unit = o.unit and m.month = g.month
        group by o.unit
      ),
      windows as (
        select h.unit, count(*) as samples,
          percentile_cont(array[0.05, 0.5, 0.95]) within group (
            order by h.days / s.factor[h.month] * s.factor[u.month]) as q
        from history h join seasons s on s.unit = h.unit join in_range u on u.id = h.unit
        where (h.alike_count >= 30 and h.alike and h.latest_alike <= 150) or (h.alike_count < 30 and h.latest <= 150)
        group by h.unit
      ),
      outcomes as (
        select u.delivered_at, u.production_at,
          case when w.samples >= 30 then w.q[1] else ${typical} * 0.75 end as low,
          case when w.samples >= 30 then w.q[2] else ${typical} end as middle,
          case when w.samples >= 30 then w.q[3] else ${typical} * 1.4 end as high
        from in_range u left join windows w on w.unit = u.id
      ),
      months as (
        select to_char(m, 'YYYY-MM') as month
        from generate_series(date_trunc('month', $1::timestamptz at time zone 'UTC'),
          ($2::timestamptz - interval '1 millisecond') at time zone 'UTC', interval '1 month') m
      ),
      sums as (
        select to_char(delivered_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as units,
          count(*) filter (where (delivered_at at time zone 'UTC')::date
            between ((production_at + low * interval '86400 seconds') at time zone 'UTC')::date
              and ((production_at + high * interval '86400 seconds') at time zone 'UTC')::date) as inside,
          sum(abs(extract(epoch from delivered_at - production_at) / 86400.0 - middle::numeric)) as error_days
        from outcomes group by 1
      )
      select m.month, coalesce(s.units, 0)::int as units, coalesce(s.inside, 0)::int as inside,
        case when s.units > 0 then round(s.inside::numeric / s.units, 4)::float8 end as coverage,
        case when s.units > 0 then round(s.error_days / s.units, 2)::float8 end as "meanAbsoluteErrorDays"
      from months m left join sums s on s.month = m.month
      order by m.month`,
      [scope.start.toISOString(), scope.end.toISOString(), scope.pattern],
    );
    return rows;
  },

  async waiting(scope) {
    const { rows } = await pool.query(
      `with figures as (
        select i.status as stage, count(*) as units,
          percentile_cont(0.5) within group (order by ${days('$1::timestamptz - i.status_changed_at')}) as median,
          percentile_cont(0.9) within group (order by ${days('$1::timestamptz - i.status_changed_at')}) as p90
        from order_items i
        where i.status <> 'DELIVERED'
          and ($2::text is null or i.order_id in (select id from orders where product_name ilike $2::text))
        group by i.status
      ),
      stages as (select stage, n from unnest(${stagesArray(OPEN_STAGES)}) with ordinality as s(stage, n))
      select s.stage, coalesce(f.units, 0)::int as units, ${round2('f.median')} as "medianDays",
        ${round2('f.p90')} as "p90Days"
      from stages s left join figures f on f.stage = s.stage
      order by s.n`,
      [scope.now.toISOString(), scope.pattern],
    );
    return rows.map(({ stage, units, medianDays, p90Days }) => ({
      stage,
      waitingOn: stageGroup(stage) === 'customer' ? 'customer' : 'company',
      units,
      medianDays,
      p90Days,
    }));
  },

  // A wait: a customer message that opens the conversation or follows a staff one, until the next
  // staff message.
  async 'first-reply'(scope) {
    const { rows } = await pool.query(
      `with ${WEEKS},
      waits as (
        select m.created_at, (
            select min(r.created_at) from order_messages r
            where r.order_id = m.order_id and r.id > m.id and r.author_kind = 'staff') as replied_at
        from order_messages m
        where m.author_kind = 'customer' and m.created_at >= $1 and m.created_at < $2
          and ($4::text is null or m.order_id in (${ORDERS_OF_PRODUCT}))
          and coalesce((select p.author_kind from order_messages p
            where p.order_id = m.order_id and p.id < m.id order by p.id desc limit 1), 'staff') <> 'customer'
      ),
      figures as (
        select ${mondayOf('created_at')} as monday, count(*) as waits, count(replied_at) as answered,
          percentile_cont(0.5) within group (order by extract(epoch from replied_at - created_at) / 3600.0) as median,
          percentile_cont(0.9) within group (order by extract(epoch from replied_at - created_at) / 3600.0) as p90
        from waits group by 1
      )
      select to_char(w.monday, 'YYYY-MM-DD') as week, coalesce(f.waits, 0)::int as waits,
        coalesce(f.answered, 0)::int as answered, ${round2('f.median')} as "medianHours",
        ${round2('f.p90')} as "p90Hours"
      from weeks w left join figures f on f.monday = w.monday
      order by w.monday`,
      params(scope),
    );
    return rows;
  },

  async deposits(scope) {
    const { rows } = await pool.query(
      `select to_char(${mondayOf('p.updated_at')}, 'YYYY-MM-DD') as week,
        coalesce(p.payment_method_types->>0, p.provider) as method, count(*)::int as count,
        sum(p.amount)::float8 as "amountCents"
      from payment_sessions p
      where p.payment_status = 'paid' and p.updated_at >= $1 and p.updated_at < $2
        and ($3::text is null or p.order_id in (select id from orders where product_name ilike $3::text))
      group by 1, 2
      union all
      select null, 'due', count(*)::int, null
      from order_items i
      where i.status = 'FINANCING_PAYMENT'
        and ($3::text is null or i.order_id in (select id from orders where product_name ilike $3::text))
      order by 1 nulls last, 2`,
      [scope.start.toISOString(), scope.end.toISOString(), scope.pattern],
    );
    return rows;
  },

  async capacity(scope) {
    const { rows } = await pool.query(
      `with weeks as (
        select w::date as monday
        from generate_series(date_trunc('week', $1::timestamptz at time zone 'UTC'),
          date_trunc('week', $1::timestamptz at time zone 'UTC') + interval '7 weeks', interval '1 week') w
      ),
      slots as (
        select date_trunc('week', s.date)::date as monday, s.capacity,
          (select count(*) from delivery_bookings b where b.slot_id = s.id) as taken,
          (select count(*) from delivery_bookings b where b.slot_id = s.id and ($2::text is null
            or b.order_item_id in (select i.id from order_items i join orders o on o.id = i.order_id
              where o.product_name ilike $2::text))) as booked
        from delivery_slots s
        where s.date >= (select min(monday) from weeks) and s.date < (select max(monday) + 7 from weeks)
      ),
      figures as (
        select monday, sum(capacity) as published, sum(booked) as booked, sum(capacity) - sum(taken) as left_
        from slots group by monday
      )
      select to_char(w.monday, 'YYYY-MM-DD') as week, coalesce(f.published, 0)::int as published,
        coalesce(f.booked, 0)::int as booked, coalesce(f.left_, 0)::int as left
      from weeks w left join figures f on f.monday = w.monday
      order by w.monday`,
      [scope.now.toISOString(), scope.pattern],
    );
    return rows;
  },
};

/**
 * Runs one statement with nested loops and JIT compilation off: the planner reads the back-test's
 * intermediate results as a few rows and joins them in nested loops over thousands, and the cost that
 * forbidding them adds made PostgreSQL spend seconds compiling the plan (each seconds instead of
 * a few hundred milliseconds).
 */
async function withoutNestedLoops(text: string, values: unknown[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local jit = off');
    await client.query('set local enable_nestloop = off');

    const result = await client.query(text, values);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

function params(scope: Scope) {
  return [scope.start.toISOString(), scope.end.toISOString(), scope.now.toISOString(), scope.pattern];
}

/** The range as the product reads it: `from` and `to` UTC days, both included; 84 days up to today. */
function scopeOf(url: URL): Scope {
  const now = new Date();
  const to = url.searchParams.get('to') ?? now.toISOString().slice(0, 10);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const from = url.searchParams.get('from');
  const start = from ? new Date(`${from}T00:00:00Z`) : new Date(end.getTime() - 84 * DAY_MS);
  const product = url.searchParams.get('product');
  const pattern = product ? `%${product.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return { start, end, now, pattern };
}

serveBare(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  const chart = CHARTS[url.pathname.slice(PREFIX.length)];
  if (req.method !== 'GET' || !url.pathname.startsWith(PREFIX) || !chart) {
    return send(res, 404, { message: 'Not found' });
  }
  const user = await signedIn(req, res);
  if (!user) return;
  if (!ALLOWED.has(user.role)) return send(res, 403, { message: 'Not allowed' });
  send(res, 200, await chart(scopeOf(url)));
});
