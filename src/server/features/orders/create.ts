import { asc, eq, sql } from 'drizzle-orm';
import { leastAdvanced, type Stage } from '../../../shared/stages.js';
import { arrayParam, rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';
import { orderItems, orders, type ShippingAddress, type StageData } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { type Actor, initiatedBy, type OrderEvents, type OrderWay, wayOf } from './events.js';

export interface NewOrder {
  orderId: string;
  productName: string;
  quantity?: number;
  /** Links the order to the customer with this e-mail, creating a PENDING account when none exists. */
  email?: string | null;
  orderDate?: Date;
  /** One stage for every unit, or one stage per unit (length = quantity). */
  status?: Stage | Stage[];
  zipCode?: string | null;
  phoneNumber?: string | null;
  shippingAddress?: ShippingAddress | null;
  amount?: string | null;
  paymentMethod?: string | null;
  transactionId?: string | null;
  itemStageData?: StageData;
}

/** Finds the customer with this e-mail or creates one with no password (a PENDING account). */
export async function findOrCreateCustomer(executor: Executor, email: string): Promise<number> {
  const normalised = email.trim().toLowerCase();
  const [created] = await executor
    .insert(users)
    .values({ email: normalised })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return created.id;
  const [existing] = await executor.select({ id: users.id }).from(users).where(eq(users.email, normalised));
  if (!existing) throw new Error(`customer ${normalised} vanished while being linked`);
  return existing.id;
}

/**
 * Creates an order with one unit per quantity, in the caller's transaction. The order's status is the
 * least advanced of its units, as everywhere else. The same statement as a batch (createOrders).
 */
export async function createOrder(
  events: OrderEvents,
  executor: Executor,
  input: NewOrder,
  actor: Actor,
  now?: Date,
) {
  const ids = await createOrders(events, executor, [input], actor, now);
  const id = ids.get(input.orderId);
  if (id === undefined) throw new Error('order insert returned nothing');
  const [order] = await executor.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`order ${input.orderId} vanished after its insert`);
  const items = await executor
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.itemNumber));
  return { order, items };
}

/** The stage of each unit of a new order. */
function unitStages(input: NewOrder): Stage[] {
  const quantity = input.quantity ?? 1;
  const { status = 'ORDER_PLACED' } = input;
  const stages = Array.isArray(status) ? status : Array.from({ length: quantity }, () => status);
  if (stages.length !== quantity) throw new Error('one stage per unit is needed');
  return stages;
}

const emailOf = (input: NewOrder) => (input.email ? input.email.trim().toLowerCase() : null);

/**
 * The one writer of new orders: one statement for the whole batch, whatever its size (the import
 * sends thousands of rows at a time): the customers by e-mail (created with no password, a PENDING
 * account, when new), the orders, one unit per quantity at its stage, and each order's ORDER_CREATED
 * event. Every value travels as one array parameter per column, so the statement has a fixed number
 * of parameters; the order ids are drawn first, so the units and events are written straight from the
 * input without joining it back to the inserted orders. `now` stamps the rows (the database's clock when omitted). Answers orderId → id.
 */
export async function createOrders(
  events: OrderEvents,
  executor: Executor,
  inputs: readonly NewOrder[],
  actor: Actor,
  now?: Date,
  way: OrderWay = wayOf(actor),
): Promise<Map<string, number>> {
  if (inputs.length === 0) return new Map();
  const rows = inputs.map((input) => {
    // One stage for every unit (an import's rows): nothing to compare or join.
    if (!Array.isArray(input.status) && (input.quantity ?? 1) >= 1) {
      return { input, stages: null, status: input.status ?? 'ORDER_PLACED', email: emailOf(input) };
    }
    const stages = unitStages(input);
    const status = leastAdvanced(stages);
    return {
      input,
      stages: stages.every((stage) => stage === status) ? null : stages.join(','),
      status,
      email: emailOf(input),
    };
  });
  type Row = (typeof rows)[number];
  const column = (pick: (row: Row) => string | number | null, type: string) =>
    arrayParam(rows.map(pick), type);
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const stamp = sql`coalesce(${now?.toISOString() ?? null}::timestamptz, now())`;
  const result = await executor.execute(sql`
    with input as (
      select t.*, nextval(pg_get_serial_sequence('orders', 'id')) as id from unnest(
        ${column((row) => row.input.orderId, 'text[]')},
        ${column((row) => row.input.productName, 'text[]')},
        ${column((row) => row.input.quantity ?? 1, 'int[]')},
        ${column((row) => (row.input.orderDate ?? now)?.toISOString() ?? null, 'timestamptz[]')},
        ${column((row) => row.status, 'text[]')},
        ${column((row) => row.stages, 'text[]')},
        ${column((row) => row.email, 'text[]')},
        ${column((row) => row.input.zipCode ?? null, 'text[]')},
        ${column((row) => row.input.phoneNumber ?? null, 'text[]')},
        ${column((row) => json(row.input.shippingAddress), 'text[]')},
        ${column((row) => row.input.amount ?? null, 'text[]')},
        ${column((row) => row.input.paymentMethod ?? null, 'text[]')},
        ${column((row) => row.input.transactionId ?? null, 'text[]')},
        ${column((row) => json(row.input.itemStageData), 'text[]')}
      ) with ordinality as t(order_id, product_name, quantity, order_date, status, unit_stages, email,
        zip_code, phone_number, shipping_address, amount, payment_method, transaction_id, item_stage_data,
        position)
    ),
    new_users as (
      insert into users (email)
      select distinct email from input where email is not null
      on conflict (email) do nothing
      returning id, email
    ),
    linked as (
      select id, email from new_users
      union all
      select id, email from users where email in (select email from input where email is not null)
    ),
    new_orders as (
      insert into orders (id, order_id, user_id, product_name, quantity, order_date, status, zip_code,
        phone_number, shipping_address, amount, payment_method, transaction_id, created_at, updated_at)
      select i.id, i.order_id, l.id, i.product_name, i.quantity, coalesce(i.order_date, ${stamp}), i.status,
        i.zip_code, i.phone_number, i.shipping_address::jsonb, i.amount, i.payment_method,
        i.transaction_id, ${stamp}, ${stamp}
      from input i left join linked l on l.email = i.email
      order by i.position
      returning id, order_id
    ),
    new_units as (
      insert into order_items (order_id, item_number, status, current_stage_data, status_changed_at,
        created_at, updated_at)
      select i.id, n, coalesce((string_to_array(i.unit_stages, ','))[n], i.status),
        coalesce(i.item_stage_data::jsonb, '{}'::jsonb), ${stamp}, ${stamp}, ${stamp}
      from input i cross join lateral generate_series(1, i.quantity) n
    ),
    new_events as (
      insert into event_logs (order_id, timestamp, stage, type, data, initiated_by)
      select i.id, ${stamp}, i.status, 'ORDER_CREATED',
        jsonb_build_object('orderId', i.order_id, 'quantity', i.quantity), ${initiatedBy(actor)}::text
      from input i
    )
    select id, order_id from new_orders`);
  const ids = new Map(
    rowsOf<{ id: number; order_id: string }>(result).map((row) => [row.order_id, Number(row.id)]),
  );
  const at = now ?? new Date();
  for (const [orderNumber, orderId] of ids) {
    await events.publish(executor, { type: 'order.created', orderId, orderNumber, actor, way, at });
  }
  return ids;
}
