import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Stage } from '../../../shared/stages.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { settings } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  // Each test starts with no enabled codes; orders are created per test with unique ids.
  await t.database.db.delete(settings).where(eq(settings.key, 'enabledZipCodes'));
});

let nextOrder = 1;
async function order(zipCode: string | null, stages: Stage[]) {
  const created = await createOrderAtStages(
    t.database.db,
    { orderId: `SA-${nextOrder++}`, productName: 'Studio 240', zipCode },
    stages.map((stage) => ({ stage })),
  );
  return created.order.id;
}

async function unitStages(orderId: number) {
  const rows = await t.database.db
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.itemNumber));
  return rows.map((row) => row.status);
}

async function orderStatus(orderId: number) {
  const [row] = await t.database.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

async function enabled() {
  const res = await admin.get('/api/admin/service-areas');
  expect(res.status).toBe(200);
  return res.body.enabledZipCodes as string[];
}

async function locationEvents(orderIds: number[]) {
  return t.database.db
    .select({
      orderId: eventLogs.orderId,
      stage: eventLogs.stage,
      initiatedBy: eventLogs.initiatedBy,
      data: eventLogs.data,
    })
    .from(eventLogs)
    .where(
      and(
        inArray(eventLogs.orderId, orderIds),
        eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED'),
        eq(eventLogs.stage, 'LOCATION_ENABLED'),
      ),
    );
}

describe('service areas access', () => {
  it('refuses visitors (401) and customers (403) on every service-area route', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/service-areas' },
      { method: 'POST', path: '/api/admin/service-areas', json: { zipCode: '78701' } },
      { method: 'DELETE', path: '/api/admin/service-areas/78701' },
      { method: 'POST', path: '/api/admin/revalidate-locations' },
    ]);
    expect(await enabled()).toEqual([]);
  });
});

describe('adding ZIP codes', () => {
  it('starts with no enabled codes', async () => {
    expect(await enabled()).toEqual([]);
  });

  it('adds one code and answers the message, the list and the counts', async () => {
    const res = await admin.post('/api/admin/service-areas', { zipCode: ' 78701 ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'ZIP code 78701 enabled',
      enabledZipCodes: ['78701'],
      updatedOrders: 0,
      updatedItems: 0,
    });
    expect(await enabled()).toEqual(['78701']);
  });

  it('adds comma-separated codes, trimmed, ignoring repeats in the input and codes already enabled', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78701' });
    const res = await admin.post('/api/admin/service-areas', { zipCode: '78702, 78701,78703 ,78702,' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('ZIP codes 78702, 78703 enabled');
    expect(res.body.enabledZipCodes).toEqual(['78701', '78702', '78703']);
    expect(await enabled()).toEqual(['78701', '78702', '78703']);
  });

  it('answers 200 and changes nothing when every code is already enabled', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78701' });
    const res = await admin.post('/api/admin/service-areas', { zipCode: '78701' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('These ZIP codes are already enabled');
    expect(await enabled()).toEqual(['78701']);
  });

  it('refuses the whole input with 400 naming every invalid code, adding none of the valid ones', async () => {
    const placed = await order('78710', ['ORDER_PLACED']);
    const res = await admin.post('/api/admin/service-areas', { zipCode: '78710, 1234, abcde, 787011' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ZIP_CODE');
    expect(res.body.message).toBe('Invalid ZIP codes: 1234, abcde, 787011');
    expect(res.body.fields).toEqual({ zipCode: 'Invalid ZIP codes: 1234, abcde, 787011' });
    expect(await enabled()).toEqual([]);
    expect(await unitStages(placed)).toEqual(['ORDER_PLACED']);
  });

  it('names a single invalid code in the singular', async () => {
    const res = await admin.post('/api/admin/service-areas', { zipCode: '7870' });
    expect(res.body.code).toBe('INVALID_ZIP_CODE');
    expect(res.body.message).toBe('Invalid ZIP code: 7870');
  });

  it.each([
    [{}, 'zipCode'],
    [{ zipCode: 78701 }, 'zipCode'],
    [{ zipCode: ' , ' }, 'zipCode'],
    [{ zipCode: '1'.repeat(20_001) }, 'zipCode'],
  ])('refuses %j with 400 naming zipCode', async (body, field) => {
    const res = await admin.post('/api/admin/service-areas', body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
    expect(await enabled()).toEqual([]);
  });

  it('moves only the ORDER_PLACED units of orders in the new codes to LOCATION_ENABLED', async () => {
    const single = await order('78720', ['ORDER_PLACED']);
    const mixed = await order('78720', ['ORDER_PLACED', 'PRODUCTION', 'ORDER_PLACED']);
    const zipPlus4 = await order('78721-4410', ['ORDER_PLACED']);
    const further = await order('78720', ['DOCUMENTS_SIGNING']);
    const otherZip = await order('78799', ['ORDER_PLACED']);
    const noZip = await order(null, ['ORDER_PLACED']);

    const res = await admin.post('/api/admin/service-areas', { zipCode: '78720,78721' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updatedOrders: 3, updatedItems: 4 });

    expect(await unitStages(single)).toEqual(['LOCATION_ENABLED']);
    expect(await unitStages(mixed)).toEqual(['LOCATION_ENABLED', 'PRODUCTION', 'LOCATION_ENABLED']);
    expect(await orderStatus(mixed)).toBe('LOCATION_ENABLED');
    expect(await unitStages(zipPlus4)).toEqual(['LOCATION_ENABLED']);
    expect(await unitStages(further)).toEqual(['DOCUMENTS_SIGNING']);
    expect(await unitStages(otherZip)).toEqual(['ORDER_PLACED']);
    expect(await unitStages(noZip)).toEqual(['ORDER_PLACED']);
  });

  it('writes one status event per moved unit, initiated by the system', async () => {
    const mixed = await order('78730', ['ORDER_PLACED', 'SITE_PREP', 'ORDER_PLACED']);
    await admin.post('/api/admin/service-areas', { zipCode: '78730' });

    const events = await locationEvents([mixed]);
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event.initiatedBy).toBe('system');
      expect(event.data).toMatchObject({ oldStatus: 'ORDER_PLACED', status: 'LOCATION_ENABLED' });
    }
    expect(events.map((e) => (e.data as { itemNumber: number }).itemNumber).sort()).toEqual([1, 3]);
  });

  it('moves nothing for a code that was already enabled', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78740' });
    // An order arriving later in an enabled code is the revalidation's job, not a repeated add's.
    const late = await order('78740', ['ORDER_PLACED']);
    const res = await admin.post('/api/admin/service-areas', { zipCode: '78740, 78741' });
    expect(res.body).toMatchObject({ updatedOrders: 0, updatedItems: 0 });
    expect(await unitStages(late)).toEqual(['ORDER_PLACED']);
  });
});

describe('removing ZIP codes', () => {
  it('removes a code, answers {message} and leaves units already moved where they are', async () => {
    const moved = await order('78750', ['ORDER_PLACED']);
    await admin.post('/api/admin/service-areas', { zipCode: '78750, 78751' });

    const res = await admin.request('DELETE', '/api/admin/service-areas/78750');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'ZIP code 78750 removed' });
    expect(await enabled()).toEqual(['78751']);
    expect(await unitStages(moved)).toEqual(['LOCATION_ENABLED']);
  });

  it('answers 404 for a code that is not enabled and 400 for one that is not a ZIP code', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78760' });
    const missing = await admin.request('DELETE', '/api/admin/service-areas/78761');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ZIP_CODE_NOT_ENABLED');
    expect(missing.body.message).toBe('ZIP code 78761 is not enabled');
    const bad = await admin.request('DELETE', '/api/admin/service-areas/7876x');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('zipCode');
    expect(await enabled()).toEqual(['78760']);
  });
});

describe('revalidating locations', () => {
  it('moves the ORDER_PLACED units of every enabled code and reports the counts', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78770, 78771' });
    const a = await order('78770', ['ORDER_PLACED', 'ORDER_PLACED']);
    const b = await order('78771', ['ORDER_PLACED', 'DELIVERED']);
    const further = await order('78770', ['FINANCING_PAYMENT']);
    const outside = await order('78779', ['ORDER_PLACED']);

    const res = await admin.request('POST', '/api/admin/revalidate-locations');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Updated 2 orders with 3 items in enabled service areas',
      updatedOrders: 2,
      updatedItems: 3,
    });
    expect(await unitStages(a)).toEqual(['LOCATION_ENABLED', 'LOCATION_ENABLED']);
    expect(await unitStages(b)).toEqual(['LOCATION_ENABLED', 'DELIVERED']);
    expect(await unitStages(further)).toEqual(['FINANCING_PAYMENT']);
    expect(await unitStages(outside)).toEqual(['ORDER_PLACED']);
    const events = await locationEvents([a, b]);
    expect(events).toHaveLength(3);
    expect(new Set(events.map((e) => e.initiatedBy))).toEqual(new Set(['system']));

    const again = await admin.request('POST', '/api/admin/revalidate-locations');
    expect(again.body).toMatchObject({ updatedOrders: 0, updatedItems: 0 });
  });

  it('moves nothing when no code is enabled', async () => {
    const placed = await order('78780', ['ORDER_PLACED']);
    const res = await admin.request('POST', '/api/admin/revalidate-locations');
    expect(res.body).toMatchObject({ updatedOrders: 0, updatedItems: 0 });
    expect(await unitStages(placed)).toEqual(['ORDER_PLACED']);
  });
});

describe('the serviceareas settings batch', () => {
  it('saves the whole list, dropping repeats, and moves the orders of newly enabled codes', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78790' });
    const known = await order('78790', ['ORDER_PLACED']);
    const fresh = await order('78791', ['ORDER_PLACED']);

    const res = await admin.post('/api/settings/serviceareas/batch', {
      enabledZipCodes: ['78790', '78791', '78791'],
    });
    expect(res.status).toBe(200);
    expect(await enabled()).toEqual(['78790', '78791']);
    expect(await unitStages(fresh)).toEqual(['LOCATION_ENABLED']);
    // Already enabled before the batch: left to revalidation, like an add.
    expect(await unitStages(known)).toEqual(['ORDER_PLACED']);
  });

  it('refuses a list with a bad code and changes neither the list nor any order', async () => {
    await admin.post('/api/admin/service-areas', { zipCode: '78795' });
    const placed = await order('78796', ['ORDER_PLACED']);
    const res = await admin.post('/api/settings/serviceareas/batch', { enabledZipCodes: ['78796', 'nope'] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('enabledZipCodes');
    expect(await enabled()).toEqual(['78795']);
    expect(await unitStages(placed)).toEqual(['ORDER_PLACED']);
  });
});

describe('atomicity', () => {
  it('keeps the list unchanged when moving the orders fails part-way', async () => {
    const first = await order('78800', ['ORDER_PLACED']);
    const second = await order('78800', ['ORDER_PLACED']);
    // A unit that cannot be written (the event insert fails on the second order) rolls the whole add back.
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_second() RETURNS trigger AS $$ BEGIN
         IF NEW.order_id = ${second} THEN RAISE EXCEPTION 'refused for the test'; END IF;
         RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_second BEFORE INSERT ON event_logs FOR EACH ROW EXECUTE FUNCTION refuse_second()',
      ),
    );
    try {
      const res = await admin.post('/api/admin/service-areas', { zipCode: '78800, 78801' });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER refuse_second ON event_logs`);
      await t.database.db.execute(sql`DROP FUNCTION refuse_second()`);
    }
    expect(await enabled()).toEqual([]);
    expect(await unitStages(first)).toEqual(['ORDER_PLACED']);
    expect(await unitStages(second)).toEqual(['ORDER_PLACED']);
    expect(await locationEvents([first, second])).toEqual([]);
  });

  it('lets two admins add codes at the same time without losing either', async () => {
    const results = await Promise.all([
      admin.post('/api/admin/service-areas', { zipCode: '78810' }),
      admin.post('/api/admin/service-areas', { zipCode: '78811' }),
      admin.post('/api/admin/service-areas', { zipCode: '78812' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await enabled()).sort()).toEqual(['78810', '78811', '78812']);
  });
});
