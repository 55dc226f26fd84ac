/**
 * The reference for GET /api/admin/dashboard on PostgreSQL: bare node:http + pg (bench/lib/bare-server.ts:
 * the same pool size and session check) running hand-written SQL, three statements at once: the orders
 * and units per stage from the counts the database keeps (`stage_counts`, summed), the latest orders
 * with their customer and their units' payment fields, and the units waiting longest. It answers the
 * same JSON as the product (the money column through the shared rule the browser uses too,
 * src/shared/schemas/money.ts), which the benchmark checks before it measures.
 */
import { orderMoney } from '../../src/shared/schemas/money.js';
import { PENDING_ACTION_STAGES, STAGES } from '../../src/shared/stages.js';
import { pool, send, serveBare, signedIn } from '../lib/bare-server.js';

const STAFF_ROLES = new Set(['ADMIN', 'OPERATIONS', 'SUPPORT', 'VIEWER']);
const ROWS = 5;

const COUNTS_SQL = `select kind, stage, sum(delta)::int as count from stage_counts group by kind, stage`;

const RECENT_SQL = `
  select o.id, o.order_id, o.user_id, u.email as customer_email,
    nullif(concat_ws(' ', nullif(trim(u.first_name), ''), nullif(trim(u.last_name), '')), '') as customer_name,
    o.product_name, o.quantity, o.order_date, o.status, o.amount, o.payment_method, o.transaction_id,
    o.delivery_date, o.zip_code,
    (select coalesce(jsonb_agg(jsonb_build_object('itemNumber', i.item_number, 'status', i.status,
        'stageData', jsonb_strip_nulls(jsonb_build_object(
          'paymentStatus', i.current_stage_data -> 'paymentStatus',
          'paymentAmount', i.current_stage_data -> 'paymentAmount',
          'amount', i.current_stage_data -> 'amount',
          'paymentMethod', i.current_stage_data -> 'paymentMethod',
          'paymentType', i.current_stage_data -> 'paymentType',
          'paidAt', i.current_stage_data -> 'paidAt'))) order by i.item_number), '[]'::jsonb)
      from order_items i where i.order_id = o.id) as units
  from (select * from orders order by order_date desc, id desc limit ${ROWS}) o
  left join users u on u.id = o.user_id
  order by o.order_date desc, o.id desc`;

const WAITING_SQL = `
  select i.id as "itemId", i.order_id as "orderId", o.order_id as "orderRef", i.item_number as "itemNumber",
    i.status, i.status_changed_at as since
  from order_items i join orders o on o.id = i.order_id
  where i.status <> 'DELIVERED'
  order by i.status_changed_at, i.id
  limit ${ROWS}`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

serveBare(async (req, res) => {
  if (req.method !== 'GET' || req.url !== '/api/admin/dashboard')
    return send(res, 404, { message: 'Not found' });
  const user = await signedIn(req, res);
  if (!user) return;
  if (!STAFF_ROLES.has(user.role)) return send(res, 403, { message: 'Not allowed' });
  const [counts, recent, waiting] = await Promise.all([
    pool.query({ name: 'bare_dashboard_counts', text: COUNTS_SQL }),
    pool.query({ name: 'bare_dashboard_recent', text: RECENT_SQL }),
    pool.query({ name: 'bare_dashboard_waiting', text: WAITING_SQL }),
  ]);
  const orders = new Map<string, number>();
  const units = new Map<string, number>();
  for (const row of counts.rows) (row.kind === 'order' ? orders : units).set(row.stage, row.count);
  const ordersIn = (stages: readonly string[]) => stages.reduce((sum, s) => sum + (orders.get(s) ?? 0), 0);
  send(res, 200, {
    totalOrders: ordersIn(STAGES),
    pendingActions: ordersIn(PENDING_ACTION_STAGES),
    inProduction: ordersIn(['PRODUCTION']),
    delivered: ordersIn(['DELIVERED']),
    recentOrders: recent.rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      userId: row.user_id,
      customerEmail: row.customer_email,
      customerName: row.customer_name,
      productName: row.product_name,
      quantity: row.quantity,
      orderDate: iso(row.order_date),
      status: row.status,
      amount: row.amount,
      paymentMethod: row.payment_method,
      transactionId: row.transaction_id,
      deliveryDate: iso(row.delivery_date),
      zipCode: row.zip_code,
      money: orderMoney(
        { amount: row.amount, transactionId: row.transaction_id, paymentMethod: row.payment_method },
        row.units,
      ),
    })),
    unitsPerStage: STAGES.map((stage) => ({ stage, count: units.get(stage) ?? 0 })),
    longestWaiting: waiting.rows.map((row) => ({ ...row, since: iso(row.since) })),
  });
});
