/**
 * What an order's customer has paid, in cents, as SQL: the rule of `orderMoney`
 * (src/shared/schemas/money.ts) for the customers' totals, which are summed and sorted in the
 * database. money-sql.test.ts checks that both give the same figures.
 */
import { type SQL, sql } from 'drizzle-orm';

const MAX_SAFE = '9007199254740991';

/** `wholeCents` of a text: digits only (spaces around them allowed), positive, at most 2^53 - 1. */
const wholeText = (text: SQL) =>
  sql`(case when ${text} ~ '^\\s*[0-9]+\\s*$' then (case when ${text}::numeric between 1 and ${sql.raw(MAX_SAFE)} then ${text}::numeric end) end)`;

/** `wholeCents` of a stage data value: a whole JSON number, or a string of digits. */
const wholeJson = (value: SQL) =>
  sql`(case jsonb_typeof(${value})
    when 'number' then (case when ${value}::numeric = trunc(${value}::numeric) and ${value}::numeric between 1 and ${sql.raw(MAX_SAFE)} then ${value}::numeric end)
    when 'string' then ${wholeText(sql`(${value} #>> '{}')`)}
    end)`;

/** Present: neither missing nor JSON null. */
const present = (value: SQL) => sql`(coalesce(jsonb_typeof(${value}), 'null') <> 'null')`;

/**
 * Paid by the order `orders` (the outer query's row): the sum of its paid units' deposits, or, when it
 * has a transaction id and no unit carries a payment status, its whole value.
 */
export function paidCentsSql(): SQL<string> {
  const data = sql.raw('i.current_stage_data');
  const status = sql`(${data} -> 'paymentStatus')`;
  const orderAmount = wholeText(sql.raw('orders.amount'));
  const deposit = sql`coalesce(${wholeJson(sql`(${data} -> 'paymentAmount')`)}, ${wholeJson(sql`(${data} -> 'amount')`)}, ${orderAmount}, 0)`;
  return sql<string>`(case
    when orders.transaction_id ~ '[^[:space:]]'
      and not exists (select 1 from order_items i where i.order_id = orders.id and ${present(status)})
    then coalesce(${orderAmount}, 0)
    else coalesce((select sum(case when lower(${data} ->> 'paymentStatus') in ('paid', 'completed', 'success', 'successful') then ${deposit} else 0 end)
      from order_items i where i.order_id = orders.id), 0)
    end)`;
}

/** The order's value in cents (its amount as `wholeCents` reads it), or null. */
export function orderValueCentsSql(): SQL<string | null> {
  return sql<string | null>`${wholeText(sql.raw('orders.amount'))}`;
}
