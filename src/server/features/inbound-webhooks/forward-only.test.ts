import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { seedOrder, sendWebhook, statusEvents, unitsOf } from '../../test/webhooks.js';

const OWNER = 'forward.owner@example.com';

let t: TestApp;
let admin: TestClient;
let owner: TestClient;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  owner = (await signedInCustomer(t, OWNER)).client;
  key = (await admin.post('/api/admin/api-keys', { name: 'Logistics partner' })).body.key;
});

afterAll(async () => {
  await t?.close();
});

const orderStatus = (json: Record<string, unknown>) => sendWebhook(t.client(), 'order-status', json, { key });

async function allowBackwardMoves(allow: boolean) {
  const res = await admin.post('/api/settings/integrations/batch', { allowBackwardMoves: allow });
  expect(res.status).toBe(200);
}

describe('the order-status webhook moves units forward only', () => {
  it('is off by default: Settings answers allowBackwardMoves false', async () => {
    const res = await admin.get('/api/settings/integrations');
    expect(res.body).toContainEqual({ key: 'allowBackwardMoves', value: false });
  });

  it('refuses a move to an earlier stage with 409 STAGE_BACKWARD naming the current stage, changes nothing and logs the refusal', async () => {
    const order = await seedOrder(t, ['DELIVERY_DATE_CONFIRMED'], { email: OWNER });
    const history = await statusEvents(t, order.id);
    const res = await orderStatus({ orderId: order.orderId, status: 'SITE_PREP' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'STAGE_BACKWARD',
      currentStage: 'DELIVERY_DATE_CONFIRMED',
      fields: { status: 'Earlier than the current stage, Delivery Scheduled' },
    });
    expect(res.body.message).toBe(
      `${order.orderId} · Unit 1 is at Delivery Scheduled: a partner cannot move it back to Site Preparation. Staff can allow backward moves in Settings → Integrations.`,
    );
    expect((await unitsOf(t, order.id)).map((unit) => unit.status)).toEqual(['DELIVERY_DATE_CONFIRMED']);
    expect(await statusEvents(t, order.id)).toEqual(history);

    // The Webhooks page's log shows the refused delivery, its answer and why.
    const log = await admin.get(`/api/admin/webhook-events?q=${encodeURIComponent(order.orderId)}`);
    expect(log.status).toBe(200);
    const [row] = log.body.items;
    expect(row).toMatchObject({ status: 'error', orderId: order.id });
    expect(JSON.stringify(row)).toContain('STAGE_BACKWARD');
  });

  it('refuses a whole-order move when any unit is further along, and still moves units forward and repeats a stage', async () => {
    const order = await seedOrder(t, ['SITE_PREP', 'PRODUCTION', 'FINAL_DOCUMENTS'], { email: OWNER });
    const refused = await orderStatus({ orderId: order.orderId, status: 'PRODUCTION' });
    expect(refused.status).toBe(409);
    expect(refused.body.message, refused.body.message).toMatch(
      new RegExp(
        `^${order.orderId} · Unit 3 is at Final Documentation: a partner cannot move it back to In Production`,
      ),
    );
    const refusedTwo = await orderStatus({ orderId: order.orderId, status: 'SITE_PREP' });
    expect(refusedTwo.body.message).toMatch(/has units at In Production, Final Documentation/);

    const forward = await orderStatus({ orderId: order.orderId, status: 'PRODUCTION', itemNumber: 1 });
    expect(forward.status).toBe(200);
    const same = await orderStatus({ orderId: order.orderId, status: 'PRODUCTION', itemNumber: 2 });
    expect(same.status).toBe(200);
    expect((await unitsOf(t, order.id)).map((unit) => unit.status)).toEqual([
      'PRODUCTION',
      'PRODUCTION',
      'FINAL_DOCUMENTS',
    ]);
  });

  it('with allowBackwardMoves on, moves back and records the move as a correction both histories show', async () => {
    const order = await seedOrder(t, ['DELIVERY_DATE_CONFIRMED'], { email: OWNER });
    const seeded = (await statusEvents(t, order.id)).length;
    await allowBackwardMoves(true);
    try {
      const res = await orderStatus({ orderId: order.orderId, status: 'SITE_PREP' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, status: 'SITE_PREP', updatedItems: 1 });
    } finally {
      await allowBackwardMoves(false);
    }
    expect((await unitsOf(t, order.id)).map((unit) => unit.status)).toEqual(['SITE_PREP']);

    const [event] = (await statusEvents(t, order.id)).slice(seeded);
    expect(event?.data).toMatchObject({
      oldStatus: 'DELIVERY_DATE_CONFIRMED',
      status: 'SITE_PREP',
      correction: true,
    });
    // The customer's history of the unit carries it…
    const customerEvents = await owner.get(`/api/orders/${order.id}/events`);
    expect(customerEvents.status).toBe(200);
    expect(customerEvents.body).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ correction: true, status: 'SITE_PREP' }) }),
    );
    // …and so does the staff's.
    const activity = await admin.get(`/api/admin/orders/${order.id}/activity`);
    expect(activity.body).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ correction: true }) }),
    );

    // Switched off again, the same move back is refused.
    const forward = await orderStatus({ orderId: order.orderId, status: 'PRODUCTION' });
    expect(forward.status).toBe(200);
    const [, forwardEvent] = (await statusEvents(t, order.id)).slice(seeded);
    expect(forwardEvent?.data).not.toHaveProperty('correction');
    // (A new message: the same body within the hour would be answered as a repeat of the first.)
    const again = await orderStatus({
      orderId: order.orderId,
      status: 'SITE_PREP',
      stageData: { notes: 'again' },
    });
    expect(again.status).toBe(409);
  });

  it('the switch is staff-only: a customer or a visitor cannot turn it on', async () => {
    expect((await owner.post('/api/settings/integrations/batch', { allowBackwardMoves: true })).status).toBe(
      403,
    );
    expect(
      (await t.client().post('/api/settings/integrations/batch', { allowBackwardMoves: true })).status,
    ).toBe(401);
  });
});
