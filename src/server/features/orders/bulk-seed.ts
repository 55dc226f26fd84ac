import { sql } from 'drizzle-orm';
import { STAGES } from '../../../shared/stages.js';
import type { Db } from '../../db/client.js';

export const BULK_PRODUCTS = [
  'Studio 240',
  'Cabin 400',
  'Backyard Office 120',
  'Tiny Home 320',
  'Guest House 500',
];
const ZIP_CODES = ['78701', '78702', '78704', '78745', '94110', '10001'];

/** SQL array literal of constants we own (no user input reaches it). */
const textArray = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(',')}]::text[]`);

/** Both drivers (pg and PGlite) answer a raw statement with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface BulkSeedResult {
  orders: number;
  units: number;
  customers: number;
}

/**
 * Adds `count` orders for load tests and manual checks, set-based (`generate_series`), so 100 000
 * orders take seconds rather than minutes. Orders spread evenly over the ten stages and the last two
 * years; one in five is a guest order, the others belong to `count / 3` new customers; about one in
 * five has two or three units, later units a stage or two further on (the order keeps the least
 * advanced). Each order gets its ORDER_CREATED event. Order ids are 'VH' plus a number above any the
 * database holds, so the seeder can run again to add more.
 */
export async function seedBulkOrders(db: Db, count: number, now = new Date()): Promise<BulkSeedResult> {
  const customerCount = Math.max(1, Math.floor(count / 3));
  const result = await db.transaction(async (tx) => {
    const tag = now.getTime().toString(36);
    const customers = rowsOf<{ id: number }>(
      await tx.execute(sql`
      insert into users (email, verified)
      select 'bulk-' || ${tag} || '-' || g || '@example.com', false from generate_series(1, ${customerCount}::int) g
      returning id`),
    );
    const customerIds = customers.map((row) => Number(row.id));
    // One array parameter: drizzle would spread a JS array into one parameter per element.
    const customerArray = `{${customerIds.join(',')}}`;

    const [first] = rowsOf<{ base: number }>(
      await tx.execute(sql`select coalesce(max(id), 0) + 1000000 as base from orders`),
    );
    const base = Number(first?.base ?? 1_000_000);
    const stages = textArray(STAGES);
    const [counted] = rowsOf<{ units: number }>(
      await tx.execute(sql`
      with numbered as (
        select g,
          ((g * 7) % 10) as stage_index,
          ${new Date(now).toISOString()}::timestamptz - ((g::bigint * 104729) % 1051200) * interval '1 minute' as ordered_at,
          case when g % 20 = 0 then 3 when g % 20 < 4 then 2 else 1 end as quantity
        from generate_series(1, ${count}::int) g
      ),
      new_orders as (
        insert into orders (order_id, user_id, product_name, quantity, order_date, status, zip_code,
          payment_method, transaction_id, amount, delivery_date, created_at, updated_at)
        select 'VH' || (${base}::int + g),
          case when g % 5 = 0 then null else (${customerArray}::int[])[1 + g % ${customerIds.length}::int] end,
          (${textArray(BULK_PRODUCTS)})[1 + g % ${BULK_PRODUCTS.length}::int],
          quantity, ordered_at, (${stages})[1 + stage_index],
          (${textArray(ZIP_CODES)})[1 + g % ${ZIP_CODES.length}::int],
          case when g % 2 = 0 then 'card' else 'us_bank_account' end,
          case when stage_index >= 5 then 'txn_bulk_' || (${base}::int + g) end,
          (4500000 + (g % 20) * 250000)::text,
          case when stage_index >= 7 then ordered_at + interval '120 days' end,
          ordered_at, ordered_at
        from numbered
        returning id, quantity, status, order_date, order_id
      ),
      new_events as (
        insert into event_logs (order_id, timestamp, stage, type, data, initiated_by)
        select id, order_date, status, 'ORDER_CREATED',
          jsonb_build_object('orderId', order_id, 'quantity', quantity), 'system'
        from new_orders
      ),
      new_units as (
        insert into order_items (order_id, item_number, status, status_changed_at, created_at, updated_at)
        select o.id, n,
          (${stages})[least(array_position(${stages}, o.status) + n - 1, ${STAGES.length}::int)],
          o.order_date + (n * interval '1 day'), o.order_date, o.order_date
        from new_orders o cross join lateral generate_series(1, o.quantity) n
        returning id
      )
      select count(*)::int as units from new_units`),
    );
    return { orders: count, units: Number(counted?.units ?? 0), customers: customerIds.length };
  });
  // Fresh statistics and visibility maps, as autovacuum would leave them: the planner then picks the
  // indexes (and index-only counts) it would pick in production.
  await db.execute(sql`vacuum analyze orders, order_items, users, event_logs`);
  return result;
}
