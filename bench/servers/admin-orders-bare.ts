/**
 * The reference for GET /api/admin/orders on PostgreSQL: bare node:http + pg with the same pool size,
 * running the very statements the product runs for each measured query (BENCH_QUERIES, a JSON array
 * of query strings) — the session lookup by the cookie's token hash, then the page and its count —
 * taken once from the same query builders (`.toSQL()`), answering the same JSON with the same headers
 * (BENCH_RESPONSE_HEADERS, captured from the full stack). What remains between the two is the
 * framework, its hooks, validation, the ORM and serialisation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as z from 'zod/mini';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { adminOrderListQueries } from '../../src/server/features/admin-orders/list.js';
import { SESSION_USER_STATEMENT, sessionUserSql } from '../../src/server/features/auth/sessions.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { hashToken } from '../../src/server/lib/crypto.js';
import { adminOrdersQuerySchema } from '../../src/shared/schemas/admin-orders.js';
import { announceListening } from '../lib/server-process.js';

const pool = new pg.Pool({
  connectionString: process.env.BENCH_DATABASE_URL,
  max: Number(process.env.BENCH_POOL_SIZE ?? 10),
});
const builder = drizzle(pool, { schema }) as unknown as Db;
const PATH = '/api/admin/orders';
/** Each measured URL and its two statements, built once. */
const statements = new Map(
  (JSON.parse(process.env.BENCH_QUERIES ?? '[]') as string[]).map((text) => {
    const query = z.parse(adminOrdersQuerySchema, Object.fromEntries(new URLSearchParams(text)));
    const { page, total } = adminOrderListQueries(builder, query);
    return [`${PATH}?${text}`, { page: page.toSQL(), total: total.toSQL() }];
  }),
);
const sessionSql = sessionUserSql(builder);

const headers: Record<string, string> = JSON.parse(process.env.BENCH_RESPONSE_HEADERS ?? '{}');
headers['content-type'] ??= 'application/json; charset=utf-8';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function sessionToken(cookie: string | undefined): string | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value;
  }
  return undefined;
}

function send(res: import('node:http').ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function answer(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
  const statement = req.method === 'GET' ? statements.get(req.url ?? '') : undefined;
  if (!statement) return send(res, 404, { message: 'Not found' });
  const token = sessionToken(req.headers.cookie);
  if (!token) return send(res, 401, { message: 'Not signed in' });
  // The token hash and the time fill the statement's two placeholders, wherever they stand; the other
  // parameters stay as built. The product sends the lookup as a named statement, parsed once per
  // connection, and so does this.
  const now = new Date().toISOString();
  const values = sessionSql.params.map((value) => {
    if (!is(value, Placeholder)) return value;
    return value.name === 'tokenHash' ? hashToken(token) : now;
  });
  const found = await pool.query({ name: SESSION_USER_STATEMENT, text: sessionSql.sql, values });
  const user = found.rows[0];
  if (!user) return send(res, 401, { message: 'Not signed in' });
  if (user.role !== 'ADMIN') return send(res, 403, { message: 'Admins only' });
  // On PostgreSQL the product runs the page and its count together (no count cache there).
  const [rows, counted] = await Promise.all([
    pool.query(statement.page.sql, statement.page.params),
    pool.query(statement.total.sql, statement.total.params),
  ]);
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
    })),
    total: Number(counted.rows[0]?.total ?? 0),
  });
}

const server = createServer((req, res) => {
  answer(req, res).catch((err) => {
    console.error(err);
    send(res, 500, { message: 'Internal server error' });
  });
});
server.listen(0, '127.0.0.1', () => announceListening((server.address() as AddressInfo).port));

const shutdown = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
