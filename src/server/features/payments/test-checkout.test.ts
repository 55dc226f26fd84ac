import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSessions, processedDeliveries } from '../../db/schema.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { seedDepositOrder, unitState } from '../../test/payments.js';

let t: TestApp;
let ann: TestClient;
let bob: TestClient;
let admin: TestClient;
let visitor: TestClient;
const clock = manualClock();

beforeAll(async () => {
  t = await startTestApp({ clock, config: { paymentsTestMode: true } });
  ann = (await signedInCustomer(t, 'ann@example.com')).client;
  bob = (await signedInCustomer(t, 'bob@example.com')).client;
  admin = (await signedInAdmin(t)).client;
  visitor = t.client();
});

afterAll(async () => {
  await t?.close();
});

const askForLink = (client: TestClient, itemId: number) => client.post(`/api/order-items/${itemId}/payment`);
const choose = (client: TestClient, sessionId: string, outcome: string) =>
  client.post(`/api/payments/test-checkout/${sessionId}`, { outcome });

describe('asking for a payment link', () => {
  it('answers 401 to a visitor and 404 for another customer’s unit, an admin’s (not the owner) or an unknown one', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com');
    expect((await askForLink(visitor, item.id)).status).toBe(401);
    for (const client of [bob, admin]) {
      const res = await askForLink(client, item.id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'ORDER_ITEM_NOT_FOUND', message: 'Order item not found' });
    }
    expect((await askForLink(ann, 999_999)).status).toBe(404);
    expect((await unitState(t, item.id)).sessions).toEqual([]);
  });

  it('refuses a unit that is not awaiting payment with 409 and says why', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com', {
      units: [{ stage: 'SITE_PREP', stageData: { paymentAmount: 750_000 } }],
    });
    const res = await askForLink(ann, item.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'NOT_AWAITING_PAYMENT', message: 'This unit is not awaiting payment' });
    expect((await unitState(t, item.id)).sessions).toEqual([]);
  });

  it('refuses a unit with nothing to pay, a paid one and one whose bank payment is on its way', async () => {
    const { items } = await seedDepositOrder(t, 'ann@example.com', {
      units: [
        { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 'soon' } },
        { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 1000, paymentStatus: 'PAID' } },
        { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 1000, paymentStatus: 'processing' } },
      ],
    });
    const messages = [];
    for (const item of items) {
      const res = await askForLink(ann, item.id);
      expect(res.status).toBe(409);
      messages.push(res.body.message);
    }
    expect(messages).toEqual([
      'There is no deposit to pay for this unit yet',
      'The deposit for this unit is already paid',
      'A payment for this unit is already on its way',
    ]);
  });

  it('charges the stage data’s paymentAmount, else its amount, else the order’s amount, in cents', async () => {
    const { items } = await seedDepositOrder(t, 'ann@example.com', {
      amount: '990000',
      units: [
        { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 750_000, amount: 1 } },
        { stage: 'FINANCING_PAYMENT', stageData: { amount: '150050' } },
        { stage: 'FINANCING_PAYMENT' },
      ],
    });
    const amounts = [];
    for (const item of items) {
      const { sessionId } = (await askForLink(ann, item.id)).body;
      amounts.push((await visitor.get(`/api/payments/test-checkout/${sessionId}`)).body.amount);
    }
    expect(amounts).toEqual([750_000, 150_050, 990_000]);
  });

  it('starts a test checkout without a Stripe key and offers the same one again while it is open', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com');
    const first = await askForLink(ann, item.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      paymentUrl: `/payment/test-checkout/${first.body.sessionId}`,
      sessionId: expect.stringMatching(/^test_cs_[0-9a-f]{32}$/),
      paymentIntentId: expect.stringMatching(/^test_pi_[0-9a-f]{32}$/),
    });
    expect((await askForLink(ann, item.id)).body).toEqual(first.body);

    // Stripe expires a checkout after a day; after 23 hours a new one is started.
    clock.advanceMinutes(23 * 60 + 1);
    const later = await askForLink(ann, item.id);
    expect(later.body.sessionId).not.toBe(first.body.sessionId);
    expect((await unitState(t, item.id)).sessions).toHaveLength(2);
  });
});

describe('the test checkout', () => {
  it('shows the deposit to whoever holds the link, and 404 for an unknown one', async () => {
    const { item, order } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;
    const res = await visitor.get(`/api/payments/test-checkout/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sessionId,
      orderId: order.orderId,
      productName: 'Cabin 400',
      itemNumber: 1,
      amount: 750_000,
      currency: 'usd',
      customerEmail: 'ann@example.com',
      status: 'open',
      paymentStatus: 'unpaid',
      cancelUrl: `/orders/${order.id}`,
    });
    expect((await visitor.get('/api/payments/test-checkout/test_cs_forged')).status).toBe(404);
  });

  it('paid by card: the unit is paid once, moves to SITE_PREP and the order records the payment', async () => {
    const { item, order } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId, paymentIntentId } = (await askForLink(ann, item.id)).body;

    const paid = await choose(visitor, sessionId, 'card');
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      status: 'complete',
      paymentStatus: 'paid',
      redirectUrl: `/payment/success?session_id=${sessionId}`,
    });
    const after = await unitState(t, item.id);
    expect(after.item.status).toBe('SITE_PREP');
    expect(after.item.currentStageData).toMatchObject({
      paymentAmount: 750_000,
      paymentStatus: 'paid',
      transactionId: paymentIntentId,
      paymentMethod: 'card',
      paymentSessionId: sessionId,
    });
    expect(after.order).toMatchObject({
      status: 'SITE_PREP',
      transactionId: paymentIntentId,
      paymentMethod: 'card',
    });
    const moves = after.statusEvents.filter((e) => e.stage === 'SITE_PREP');
    expect(moves.map((e) => [e.data.oldStatus, e.data.status, e.initiatedBy])).toEqual([
      ['FINANCING_PAYMENT', 'SITE_PREP', 'system'],
    ]);

    // Paying again is refused and changes nothing.
    const again = await choose(visitor, sessionId, 'card');
    expect(again.status).toBe(409);
    expect((await unitState(t, item.id)).statusEvents).toHaveLength(after.statusEvents.length);

    // The customer sees it in their own order too.
    const items = await ann.get(`/api/orders/${order.id}/items`);
    expect(items.body[0]).toMatchObject({ status: 'SITE_PREP', currentStageData: { paymentStatus: 'paid' } });
  });

  it('answers the success page with exactly the documented payment session fields', async () => {
    const { item, order } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;
    await choose(visitor, sessionId, 'card');
    const res = await visitor.get(`/api/stripe/sessions/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payment_status: 'paid',
      payment_method_types: ['card'],
      amount_total: 750_000,
      currency: 'usd',
      metadata: { orderId: order.orderId, itemId: String(item.id) },
      customer_details: { email: 'ann@example.com' },
      // The page names the unit by its order and number, and leads back to the order's page.
      unit: { itemNumber: item.itemNumber, orderPath: `/orders/${order.id}` },
    });
  });

  it('paid by bank account: awaits its funds without moving, then settles and moves', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;

    expect((await choose(visitor, sessionId, 'bank')).body.paymentStatus).toBe('processing');
    const waiting = await unitState(t, item.id);
    expect(waiting.item).toMatchObject({
      status: 'FINANCING_PAYMENT',
      currentStageData: { paymentStatus: 'processing' },
    });
    expect(waiting.order.transactionId).toBeNull();
    expect((await visitor.get(`/api/stripe/sessions/${sessionId}`)).body).toMatchObject({
      payment_status: 'processing',
      payment_method_types: ['us_bank_account'],
    });
    // No second checkout while the money is on its way.
    expect((await askForLink(ann, item.id)).status).toBe(409);

    expect((await choose(visitor, sessionId, 'settle')).body.paymentStatus).toBe('paid');
    const settled = await unitState(t, item.id);
    expect(settled.item).toMatchObject({
      status: 'SITE_PREP',
      currentStageData: { paymentStatus: 'paid', paymentMethod: 'us_bank_account' },
    });
  });

  it('a failed bank payment leaves the unit awaiting payment, and a new checkout can start', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;
    await choose(visitor, sessionId, 'bank');
    expect((await choose(visitor, sessionId, 'fail')).body.paymentStatus).toBe('failed');
    const failed = await unitState(t, item.id);
    expect(failed.item).toMatchObject({
      status: 'FINANCING_PAYMENT',
      currentStageData: { paymentStatus: 'failed' },
    });
    // A failed payment cannot be settled afterwards.
    expect((await choose(visitor, sessionId, 'settle')).status).toBe(409);

    const retry = await askForLink(ann, item.id);
    expect(retry.status).toBe(200);
    expect(retry.body.sessionId).not.toBe(sessionId);
  });

  it('cancelling expires the checkout, leads back to the order and leaves the unit as it was', async () => {
    const { item, order } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;
    const before = await unitState(t, item.id);
    const res = await choose(visitor, sessionId, 'cancel');
    expect(res.body).toEqual({
      status: 'expired',
      paymentStatus: 'unpaid',
      redirectUrl: `/orders/${order.id}`,
    });
    const after = await unitState(t, item.id);
    expect(after.item.currentStageData).toEqual(before.item.currentStageData);
    expect(after.item.status).toBe('FINANCING_PAYMENT');
    expect((await askForLink(ann, item.id)).body.sessionId).not.toBe(sessionId);
  });

  it('refuses an unknown choice with 400 naming the field, and changes nothing', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;
    const res = await choose(visitor, sessionId, 'free');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('outcome');
    const [row] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.sessionId, sessionId));
    expect(row).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });
  });
});

describe('the success page’s session lookup', () => {
  it('answers 404 for a forged id and never changes the unit, even for an open checkout', async () => {
    const { item } = await seedDepositOrder(t, 'ann@example.com');
    const { sessionId } = (await askForLink(ann, item.id)).body;
    const before = await unitState(t, item.id);
    const processedBefore = await t.database.db.select().from(processedDeliveries);

    const forged = await visitor.get('/api/stripe/sessions/cs_test_forged');
    expect(forged.status).toBe(404);
    expect(forged.body).toEqual({
      code: 'PAYMENT_SESSION_NOT_FOUND',
      message: 'Session information not found',
    });
    const open = await visitor.get(`/api/stripe/sessions/${sessionId}`);
    expect(open.body.payment_status).toBe('unpaid');

    const after = await unitState(t, item.id);
    expect(after.item).toEqual(before.item);
    expect(after.sessions).toEqual(before.sessions);
    expect(await t.database.db.select().from(processedDeliveries)).toHaveLength(processedBefore.length);
  });
});

describe('in production without Stripe', () => {
  it('offers no online payment rather than a test checkout anyone could complete', async () => {
    const production = await startTestApp({ config: { isProduction: true, nodeEnv: 'production' } });
    try {
      const { client } = await signedInCustomer(production, 'cara@example.com');
      const { item } = await seedDepositOrder(production, 'cara@example.com');
      const res = await askForLink(client, item.id);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ONLINE_PAYMENT_UNAVAILABLE');
      expect(res.body.message).toBe(
        'Online payment is not available yet. Please contact us to pay your deposit.',
      );
      expect((await unitState(production, item.id)).sessions).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe('without PAYMENTS_TEST_MODE', () => {
  it('offers no online payment, and a test checkout session cannot be completed by anyone', async () => {
    // The defaults of a fresh clone: NODE_ENV unset (development), no Stripe key, no test mode.
    const plain = await startTestApp({ config: { nodeEnv: 'development', isProduction: false } });
    try {
      const { client } = await signedInCustomer(plain, 'dora@example.com');
      const { order, item } = await seedDepositOrder(plain, 'dora@example.com');
      const res = await askForLink(client, item.id);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ONLINE_PAYMENT_UNAVAILABLE');
      expect(res.body.message).toBe(
        'Online payment is not available yet. Please contact us to pay your deposit.',
      );
      // A test session left from a time the mode was on (or guessed) changes nothing either.
      await plain.database.db.insert(paymentSessions).values({
        sessionId: 'cs_test_leftover',
        provider: 'test',
        orderId: order.id,
        orderItemId: item.id,
        amount: 500_000,
        currency: 'usd',
        customerEmail: 'dora@example.com',
        status: 'open',
      });
      const before = await unitState(plain, item.id);
      const forged = await plain
        .client()
        .post('/api/payments/test-checkout/cs_test_leftover', { outcome: 'card' });
      expect(forged.status).toBe(404);
      expect((await plain.client().get('/api/payments/test-checkout/cs_test_leftover')).status).toBe(404);
      expect((await unitState(plain, item.id)).item).toEqual(before.item);
    } finally {
      await plain.close();
    }
  });
});

describe('the public session lookup', () => {
  it('is rate limited per client: 429 with Retry-After after 60 lookups a minute', async () => {
    const limited = await startTestApp();
    try {
      const client = limited.client();
      const statuses = [];
      for (let i = 0; i < 60; i += 1)
        statuses.push((await client.get('/api/stripe/sessions/cs_test_x')).status);
      expect(new Set(statuses)).toEqual(new Set([404]));
      const last = await client.get('/api/stripe/sessions/cs_test_x');
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
