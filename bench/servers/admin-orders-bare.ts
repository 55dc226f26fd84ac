/**
 * The reference for GET /api/admin/orders on PostgreSQL: bare node:http + pg (bench/lib/bare-server.ts:
 * the same pool size, the session check by the cookie's token hash), running the very page and count
 * statements the product runs for each measured query (BENCH_QUERIES, a JSON array of query strings),
 * taken once from the product's own statement builders, answering the same JSON with the same headers
 * (BENCH_RESPONSE_HEADERS, captured from the full stack; the money column through the shared rule the
 * browser uses too, src/shared/schemas/money.ts). What remains between the two is the
 * framework, its hooks, validation, the ORM and serialisation.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import * as z from 'zod/mini';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { adminOrderListStatements } from '../../src/server/features/admin-orders/list.js';
import { adminOrdersQuerySchema } from '../../src/shared/schemas/admin-orders.js';
import { orderMoney } from '../../src/shared/schemas/money.js';
import { pool, send, serveBare, signedIn } from '../lib/bare-server.js';

const builder = drizzle(pool, { schema }) as unknown as Db;
const PATH = '/api/admin/orders';
/** Each measured URL and its two statements, built once. */
const statements = new Map(
  (JSON.parse(process.env.BENCH_QUERIES ?? '[]') as string[]).map((text) => {
    const query = z.parse(adminOrdersQuerySchema, Object.fromEntries(new URLSearchParams(text)));
    return [`${PATH}?${text}`, adminOrderListStatements(builder, query)];
  }),
);

const iso = (value: Date | null) => (value ? value.toISOString() : null);

serveBare(async (req, res) => {
  const statement = req.method === 'GET' ? statements.get(req.url ?? '') : undefined;
  if (!statement) return send(res, 404, { message: 'Not found' });
  const user = await signedIn(req, res);
  if (!user) return;
  if (user.role !== 'ADMIN') return send(res, 403, { message: 'Admins only' });
  // On PostgreSQL the product runs the page and its count together (no count cache there).
  const [rows, counted] = await Promise.all([pool.query(statement.page), pool.query(statement.total)]);
  send(res, 200, {
    items: rows.rows.map((row) => ({
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
        row.unit_payments,
      ),
    })),
    total: Number(counted.rows[0]?.total ?? 0),
  });
});
