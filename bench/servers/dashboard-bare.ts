/**
 * The reference for GET /api/admin/dashboard on PostgreSQL: bare node:http + pg with the same pool size,
 * running the product's own statements — the session lookup by the cookie's token hash, then the
 * dashboard's three (counts per stage, latest orders, units waiting longest), taken once from the
 * product's statement builders — and answering the same figures as JSON. What remains between the two
 * is the framework, its hooks, validation, the ORM and serialisation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import {
  LONGEST_WAITING_COUNT,
  RECENT_ORDERS_COUNT,
} from '../../src/server/features/admin-orders/dashboard.js';
import { SESSION_USER_STATEMENT, sessionUserSql } from '../../src/server/features/auth/sessions.js';
import { dashboardQueries } from '../../src/server/features/orders/index.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { hashToken } from '../../src/server/lib/crypto.js';
import { PENDING_ACTION_STAGES, STAGES } from '../../src/shared/stages.js';
import { announceListening } from '../lib/server-process.js';

const pool = new pg.Pool({
  connectionString: process.env.BENCH_DATABASE_URL,
  max: Number(process.env.BENCH_POOL_SIZE ?? 10),
});
const builder = drizzle(pool, { schema }) as unknown as Db;
// Drizzle names no column in its SQL and reads the rows by position: so does this server.
const statements = dashboardQueries(builder, RECENT_ORDERS_COUNT, LONGEST_WAITING_COUNT).map((query) => ({
  ...query.toSQL(),
  fields: Object.keys(
    (query as unknown as { _: { selectedFields: Record<string, unknown> } })._.selectedFields,
  ),
}));
const [countsSql, recentSql, waitingSql] = statements;
const named = (fields: string[], rows: unknown[][]) =>
  rows.map((row) => Object.fromEntries(fields.map((field, i) => [field, row[i]])) as Record<string, any>);
const sessionSql = sessionUserSql(builder);

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
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function answer(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
  if (req.method !== 'GET' || req.url !== '/api/admin/dashboard')
    return send(res, 404, { message: 'Not found' });
  const token = sessionToken(req.headers.cookie);
  if (!token) return send(res, 401, { message: 'Not signed in' });
  const now = new Date().toISOString();
  const values = sessionSql.params.map((value) => {
    if (!is(value, Placeholder)) return value;
    return value.name === 'tokenHash' ? hashToken(token) : now;
  });
  const found = await pool.query({ name: SESSION_USER_STATEMENT, text: sessionSql.sql, values });
  const user = found.rows[0];
  if (!user) return send(res, 401, { message: 'Not signed in' });
  if (user.role !== 'ADMIN') return send(res, 403, { message: 'Admins only' });
  const [counts, recent, waiting] = await Promise.all(
    [countsSql, recentSql, waitingSql].map(async (query) =>
      named(
        query?.fields ?? [],
        (await pool.query({ text: query?.sql ?? '', values: query?.params ?? [], rowMode: 'array' })).rows,
      ),
    ),
  );
  const orders = new Map<string, number>();
  const units = new Map<string, number>();
  for (const row of counts ?? []) (row.kind === 'order' ? orders : units).set(row.status, Number(row.count));
  const ordersIn = (stages: readonly string[]) => stages.reduce((sum, s) => sum + (orders.get(s) ?? 0), 0);
  send(res, 200, {
    totalOrders: ordersIn(STAGES),
    pendingActions: ordersIn(PENDING_ACTION_STAGES),
    inProduction: ordersIn(['PRODUCTION']),
    delivered: ordersIn(['DELIVERED']),
    recentOrders: (recent ?? []).map((row) => ({
      id: row.id,
      orderId: row.orderId,
      userId: row.userId,
      customerEmail: row.customerEmail,
      customerName: row.customerName,
      productName: row.productName,
      quantity: row.quantity,
      orderDate: iso(row.orderDate),
      status: row.status,
      amount: row.amount,
      paymentMethod: row.paymentMethod,
      transactionId: row.transactionId,
      deliveryDate: iso(row.deliveryDate),
      zipCode: row.zipCode,
    })),
    unitsPerStage: STAGES.map((stage) => ({ stage, count: units.get(stage) ?? 0 })),
    longestWaiting: (waiting ?? []).map((row) => ({ ...row, since: iso(row.since) })),
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
