import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJobView } from '../../../shared/schemas/bulk-jobs.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { auditLog, bulkJobs, mailOutbox } from '../../db/schema.js';
import { systemClock } from '../../lib/clock.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/auth-flow.js';
import { cookieHeader, openSocket } from '../../test/live-socket.js';
import { createOrderAtStages } from '../orders/index.js';
import { type BulkJobProgress, createBulkJobs } from './bulk-jobs.js';

let t: TestApp;
let admin: TestClient;
let operations: TestClient;
let ann: TestClient;
let operationsId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  const staff = await signedInStaff(t, 'OPERATIONS');
  operations = staff.client;
  operationsId = staff.user.id;
  ann = (await signedInCustomer(t, 'ann@example.com')).client;
  // Product names tell the groups apart, so each test filters its own orders.
  let n = 0;
  const add = async (productName: string, stages: ('PRODUCTION' | 'SITE_PREP' | 'ORDER_PLACED')[]) => {
    n++;
    await createOrderAtStages(
      t.database.db,
      { orderId: `VH${7000 + n}`, productName, email: 'ann@example.com' },
      stages.map((stage) => ({ stage })),
    );
  };
  for (let i = 0; i < 5; i++) await add('Bulk Cabin', ['PRODUCTION', 'PRODUCTION']);
  for (let i = 0; i < 3; i++) await add('Export Studio', ['ORDER_PLACED']);
  for (let i = 0; i < 4; i++) await add('Doomed Shed', ['ORDER_PLACED']);
});

afterAll(async () => {
  await t?.close();
});

async function finished(client: TestClient, jobId: number): Promise<BulkJobView> {
  let job: BulkJobView | undefined;
  await expect
    .poll(
      async () => {
        job = (await client.request('GET', `/api/admin/jobs/${jobId}`)).body as BulkJobView;
        return job.state;
      },
      { timeout: 30_000 },
    )
    .not.toBe('running');
  return job as BulkJobView;
}

async function ordersOf(productName: string) {
  return t.database.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.productName, productName));
}

describe('bulk jobs over a filter', () => {
  it('answers 401 to a visitor and 403 to a customer on every route', async () => {
    await expectAdminOnly(t, [
      {
        method: 'POST',
        path: '/api/admin/orders/bulk',
        json: { filter: { product: 'Bulk Cabin' }, action: 'status', status: 'DELIVERED' },
      },
      { method: 'GET', path: '/api/admin/jobs/1' },
      { method: 'GET', path: '/api/admin/jobs/1/file' },
    ]);
    expect((await ordersOf('Bulk Cabin')).every((order) => order.status === 'PRODUCTION')).toBe(true);
    const [jobs] = await t.database.db.select({ n: count() }).from(bulkJobs);
    expect(jobs?.n).toBe(0);
    // The customer's own orders are matched by the filter, and still refused.
    const res = await ann.request('POST', '/api/admin/orders/bulk', {
      json: { filter: {}, action: 'delete' },
    });
    expect(res.status).toBe(403);
  });

  it('moves every unit of every matching order in one job: events, one audit entry, mails, live message to staff', async () => {
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(operations.cookies) });
    const customerSocket = await openSocket(t.baseUrl, { cookie: cookieHeader(ann.cookies) });
    const before = await ordersOf('Bulk Cabin');
    const moves = async () => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(eventLogs)
        .where(
          and(
            inArray(
              eventLogs.orderId,
              before.map((order) => order.id),
            ),
            eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED'),
          ),
        );
      return row?.n ?? 0;
    };
    const movesBefore = await moves();
    const res = await operations.request('POST', '/api/admin/orders/bulk', {
      json: {
        filter: { product: 'Bulk Cabin', status: 'PRODUCTION' },
        action: 'status',
        status: 'DELIVERED',
      },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(Number), total: 5 });
    const job = await finished(operations, (res.body as { jobId: number }).jobId);
    expect(job).toMatchObject({ state: 'done', done: 5, total: 5, action: 'status', status: 'DELIVERED' });
    expect(job.message).toBe('5 orders moved to Delivered.');

    const after = await ordersOf('Bulk Cabin');
    expect(after.map((order) => order.status)).toEqual(before.map(() => 'DELIVERED'));
    const ids = after.map((order) => order.id);
    const units = await t.database.db
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids));
    expect(units.map((unit) => unit.status)).toEqual(Array(10).fill('DELIVERED'));
    expect((await moves()) - movesBefore).toBe(10);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bulk_job.status_changed'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toMatchObject({ status: 'DELIVERED', count: 5 });
    const mails = await t.database.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'stage-change'));
    expect(mails.filter((mail) => mail.to === 'ann@example.com').length).toBeGreaterThanOrEqual(5);
    await socket.waitFor((m) => (m as { type: string }).type === 'orders_changed', 10_000);
    expect(socket.messages).toContainEqual({ type: 'orders_changed', count: 5 });
    // The job's progress reached staff before its commit did; a customer hears nothing of it.
    const types = socket.messages.map((m) => (m as { type: string }).type);
    expect(socket.messages).toContainEqual({ type: 'bulk_job_progress', jobId: job.id, done: 5, total: 5 });
    expect(types.indexOf('bulk_job_progress')).toBeLessThan(types.indexOf('orders_changed'));
    expect(customerSocket.messages.map((m) => (m as { type: string }).type)).not.toContain(
      'bulk_job_progress',
    );
    socket.close();
    customerSocket.close();
  });

  it('tells its listeners how far it has come after each chunk, before the job ends', async () => {
    for (let i = 0; i < 5; i++) {
      await createOrderAtStages(
        t.database.db,
        { orderId: `VH${7100 + i}`, productName: 'Chunked Barn', email: 'ann@example.com' },
        [{ stage: 'SITE_PREP' }],
      );
    }
    const jobs = createBulkJobs({
      db: t.database.db,
      clock: systemClock,
      orders: t.app.services.orders,
      chunkSize: 2,
    });
    const heard: BulkJobProgress[] = [];
    const stop = jobs.onProgress((progress) => heard.push(progress));
    const { jobId } = await jobs.start(
      { filter: { product: 'Chunked Barn' }, action: 'status', status: 'PRODUCTION' },
      { id: operationsId, email: 'operations@example.com' },
    );
    await jobs.settle();
    stop();
    // The first chunk is told at once, the last always; those between at most every 250 ms.
    expect(heard[0]).toEqual({ jobId, done: 2, total: 5 });
    expect(heard.at(-1)).toEqual({ jobId, done: 5, total: 5 });
    const done = heard.map((progress) => progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect((await ordersOf('Chunked Barn')).map((order) => order.status)).toEqual(
      Array(5).fill('PRODUCTION'),
    );
  });

  it('exports the matching orders to a file the job offers for download', async () => {
    const res = await operations.request('POST', '/api/admin/orders/bulk', {
      json: { filter: { product: 'Export Studio' }, action: 'export' },
    });
    expect(res.status).toBe(202);
    const job = await finished(operations, (res.body as { jobId: number }).jobId);
    expect(job).toMatchObject({ state: 'done', done: 3, total: 3 });
    expect(job.fileUrl).toBe(`/api/admin/jobs/${job.id}/file`);
    const file = await operations.request('GET', job.fileUrl as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const text = String(file.body);
    expect(text.trim().split('\n')).toHaveLength(4);
    expect(text).toContain('Export Studio');
  });

  it('refuses a delete to a role other than ADMIN and changes nothing; an admin deletes every matching order', async () => {
    const refused = await operations.request('POST', '/api/admin/orders/bulk', {
      json: { filter: { product: 'Doomed Shed' }, action: 'delete' },
    });
    expect(refused.status).toBe(403);
    expect(await ordersOf('Doomed Shed')).toHaveLength(4);

    const res = await admin.request('POST', '/api/admin/orders/bulk', {
      json: { filter: { product: 'Doomed Shed' }, action: 'delete' },
    });
    expect(res.status).toBe(202);
    const job = await finished(admin, (res.body as { jobId: number }).jobId);
    expect(job).toMatchObject({ state: 'done', done: 4, total: 4, message: '4 orders deleted.' });
    expect(await ordersOf('Doomed Shed')).toHaveLength(0);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bulk_job.deleted'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toMatchObject({ count: 4, orders: expect.any(Array) });
    expect((entries[0]?.changes as { orders?: string[] } | null)?.orders).toHaveLength(4);
  });

  it('answers 400 for a status job without a stage, 404 when nothing matches and for an unknown job', async () => {
    const noStage = await admin.request('POST', '/api/admin/orders/bulk', {
      json: { filter: {}, action: 'status' },
    });
    expect(noStage.status).toBe(400);
    expect(noStage.body).toMatchObject({ code: expect.any(String), fields: { status: expect.any(String) } });
    const none = await admin.request('POST', '/api/admin/orders/bulk', {
      json: { filter: { product: 'No such product' }, action: 'status', status: 'DELIVERED' },
    });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'NO_ORDERS_MATCH' });
    const unknown = await admin.request('GET', '/api/admin/jobs/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'JOB_NOT_FOUND' });
  });
});
