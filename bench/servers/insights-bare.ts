/**
 * The reference for GET /api/admin/insights/:chart on PostgreSQL: bare node:http + pg (pool of
 * BENCH_POOL_SIZE) that checks the session with the product's own statement, then runs each chart's
 * statements and arithmetic (the insights service handed a plain node-postgres connection, which only
 * renders the statements and sends them through the pool) and writes the rows with JSON.stringify.
 * What remains between the two is the framework, its hooks, validation and serialisation.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { testConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { SESSION_USER_STATEMENT, sessionUserSql } from '../../src/server/features/auth/sessions.js';
import { createForecastService } from '../../src/server/features/forecast/index.js';
import { createInsightsService } from '../../src/server/features/insights/index.js';
import { createSettingsService } from '../../src/server/features/settings/index.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { hashToken } from '../../src/server/lib/crypto.js';
import { can } from '../../src/shared/permissions.js';
import { INSIGHT_CHARTS, type InsightChart } from '../../src/shared/schemas/insights.js';
import { announceListening } from '../lib/server-process.js';

const pool = new pg.Pool({
  connectionString: process.env.BENCH_DATABASE_URL,
  max: Number(process.env.BENCH_POOL_SIZE ?? 10),
});
const db = drizzle(pool, { schema }) as unknown as Db;
const settings = createSettingsService({
  db,
  clock: systemClock,
  config: testConfig({ logLevel: 'silent' }),
});
const forecast = createForecastService({ db, clock: systemClock, settings });
const insights = createInsightsService({ db, clock: systemClock, forecast });
const sessionSql = sessionUserSql(db);
const PREFIX = '/api/admin/insights/';

function sessionToken(cookie: string | undefined): string | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value;
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://bench');
  const chart = url.pathname.slice(PREFIX.length) as InsightChart;
  if (req.method !== 'GET' || !url.pathname.startsWith(PREFIX) || !INSIGHT_CHARTS.includes(chart)) {
    return send(res, 404, { message: 'Not found' });
  }
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
  if (!can(user.role, 'insights.read')) return send(res, 403, { message: 'Not allowed' });
  const text = (name: string) => url.searchParams.get(name) ?? undefined;
  send(
    res,
    200,
    await insights.rows(chart, { from: text('from'), to: text('to'), product: text('product') }),
  );
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
