import { randomBytes } from 'node:crypto';
import { and, count, eq, like, ne } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJobView } from '../../../shared/schemas/bulk-jobs.js';
import { type Database, openDatabase } from '../../db/client.js';
import { eventLogs, orders } from '../../db/schema/orders.js';
import { auditLog, bulkJobs, mailOutbox, users } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../http/session.js';
import { systemClock } from '../../lib/clock.js';
import { type ServerProcess, startServer, waitForListening } from '../../test/server-process.js';
import { createSessionStore } from '../auth/sessions.js';
import { seedBulkOrders } from '../orders/index.js';

/**
 * A bulk job is all or nothing even when the server process is killed in the middle of it (decision
 * 286): the real server in its own process on a PostgreSQL database, a status change of every order
 * started, the process killed with SIGKILL once the job reports progress, then started again.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const ORDER_COUNT = 30_000;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!SERVER_URL)('a bulk job cut off by a killed server', () => {
  const name = `orderflow_test_stop_${randomBytes(4).toString('hex')}`;
  let url: string;
  let database: Database;
  let cookie: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const target = new URL(SERVER_URL as string);
    target.pathname = `/${name}`;
    url = target.toString();
    database = openDatabase({ url, poolSize: 2 });
    await database.migrate();
    await seedBulkOrders(database.db, ORDER_COUNT);
    const [admin] = await database.db
      .insert(users)
      .values({ email: 'stop-admin@example.com', role: 'ADMIN', verified: true })
      .returning({ id: users.id });
    const { token } = await createSessionStore(database.db, systemClock, 24).create(admin?.id as number, {
      userAgent: 'test',
    });
    cookie = `${SESSION_COOKIE}=${token}`;
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await database?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  const start = async () => {
    server = startServer({ DATABASE_URL: url });
    return waitForListening(server);
  };
  const call = async (base: string, method: string, path: string, json?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { cookie, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, body: await res.json() };
  };
  const notDelivered = async () => {
    const [row] = await database.db.select({ n: count() }).from(orders).where(ne(orders.status, 'DELIVERED'));
    return row?.n ?? 0;
  };
  const traces = async () => {
    const [moves] = await database.db
      .select({ n: count() })
      .from(eventLogs)
      .where(eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED'));
    const [entries] = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(like(auditLog.action, 'bulk_job.%'));
    const [mails] = await database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'stage-change')));
    return { moves: moves?.n, entries: entries?.n, mails: mails?.n };
  };

  it('leaves no order changed, and says after the restart that the job was rolled back; run again, it moves them all', async () => {
    const before = await notDelivered();
    expect(before).toBeGreaterThan(ORDER_COUNT / 2);

    let base = await start();
    const started = await call(base, 'POST', '/api/admin/orders/bulk', {
      filter: {},
      action: 'status',
      status: 'DELIVERED',
    });
    expect(started.status).toBe(202);
    const { jobId, total } = started.body as { jobId: number; total: number };
    expect(total).toBe(ORDER_COUNT);
    // Killed once the job has handled some orders and not all of them.
    await expect
      .poll(async () => ((await call(base, 'GET', `/api/admin/jobs/${jobId}`)).body as BulkJobView).done, {
        timeout: 120_000,
        interval: 20,
      })
      .toBeGreaterThan(0);
    const midway = (await call(base, 'GET', `/api/admin/jobs/${jobId}`)).body as BulkJobView;
    server?.child.kill('SIGKILL');
    await server?.exited;
    expect(midway.state).toBe('running');
    expect(midway.done).toBeLessThan(total);

    // Nothing of the job is in the database: not one order, unit event, audit entry or mail.
    expect(await notDelivered()).toBe(before);
    expect(await traces()).toEqual({ moves: 0, entries: 0, mails: 0 });

    base = await start();
    let job: BulkJobView | undefined;
    await expect
      .poll(
        async () => {
          job = (await call(base, 'GET', `/api/admin/jobs/${jobId}`)).body as BulkJobView;
          return job.state;
        },
        { timeout: 60_000 },
      )
      .toBe('failed');
    expect(job?.message).toMatch(/rolled back: no order was changed/);
    expect(await notDelivered()).toBe(before);

    // The same job started again runs to the end: every order moved, one audit entry.
    const again = await call(base, 'POST', '/api/admin/orders/bulk', {
      filter: {},
      action: 'status',
      status: 'DELIVERED',
    });
    expect(again.status).toBe(202);
    await expect
      .poll(
        async () =>
          (
            (await call(base, 'GET', `/api/admin/jobs/${(again.body as { jobId: number }).jobId}`))
              .body as BulkJobView
          ).state,
        { timeout: 120_000 },
      )
      .toBe('done');
    expect(await notDelivered()).toBe(0);
    const after = await traces();
    expect(after.entries).toBe(1);
    expect(after.moves).toBeGreaterThanOrEqual(before);
    const [states] = await database.db
      .select({ n: count() })
      .from(bulkJobs)
      .where(eq(bulkJobs.state, 'running'));
    expect(states?.n).toBe(0);
  }, 600_000);
});
