import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedDeliveries } from '../../db/schema.js';
import { systemClock } from '../../lib/clock.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { seedDepositOrder, unitState } from '../../test/payments.js';
import { type StandInEvent, type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.js';
import { createSettingsService } from '../settings/service.js';

const SECRET_KEY = 'sk_test_standInAccount0001';

let stripe: StripeStandIn;
let t: TestApp;
let ann: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await startTestApp({
    config: {
      stripeSecretKey: SECRET_KEY,
      stripeWebhookSecret: stripe.webhookSecret,
      stripeApiBase: stripe.url,
    },
  });
  ann = (await signedInCustomer(t, 'ann@example.com')).client;
  visitor = t.client();
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const askForLink = (client: TestClient, itemId: number) => client.post(`/api/order-items/${itemId}/payment`);

/** Delivers an event to the webhook as Stripe does: raw JSON and its Stripe-Signature header. */
function deliver(event: StandInEvent, options: Parameters<StripeStandIn['signedDelivery']>[1] = {}) {
  const { body, signature } = stripe.signedDelivery(event, options);
  return visitor.request('POST', '/api/stripe/webhook', {
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

async function openCheckout() {
  const seeded = await seedDepositOrder(t, 'ann@example.com');
  const res = await askForLink(ann, seeded.item.id);
  expect(res.status).toBe(200);
  return { ...seeded, sessionId: res.body.sessionId as string, link: res.body };
}

const processedCount = async () => (await t.database.db.select().from(processedDeliveries)).length;

describe('starting a Stripe checkout', () => {
  it('creates a Checkout Session for the deposit with the unit in its metadata and the success URL', async () => {
    const { item, order, sessionId, link } = await openCheckout();
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'us_bank_account'],
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '750000',
            // What the customer reads on Stripe's page names the unit as the portal does.
            product_data: {
              name: `Deposit for ${order.productName} (${order.orderId} · Unit ${item.itemNumber})`,
            },
          },
        },
      ],
      customer_email: 'ann@example.com',
      metadata: { orderId: order.orderId, itemId: String(item.id) },
      payment_intent_data: { metadata: { orderId: order.orderId, itemId: String(item.id) } },
      success_url: `${t.config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicUrl}/orders/${order.id}`,
    });
    expect(link).toEqual({
      paymentUrl: `${stripe.url}/c/pay/${sessionId}`,
      sessionId,
      paymentIntentId: null,
    });

    // Opening the dialog again offers the same checkout instead of creating another.
    expect((await askForLink(ann, item.id)).body).toEqual(link);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('opens the payment page in the customer’s language, the deposit named in it', async () => {
    const { client: eva } = await signedInCustomer(t, 'eva@example.com');
    expect((await eva.request('PATCH', '/api/user/preferences', { json: { locale: 'es' } })).status).toBe(
      200,
    );
    const { item, order } = await seedDepositOrder(t, 'eva@example.com');
    expect((await askForLink(eva, item.id)).status).toBe(200);
    const created = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.params.customer_email === 'eva@example.com',
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({
      locale: 'es',
      line_items: [
        {
          price_data: {
            product_data: { name: `Depósito para Cabin 400 (${order.orderId} · Unidad 1)` },
          },
        },
      ],
    });
  });

  it('answers 502 with a message when Stripe refuses, and records no checkout', async () => {
    const seeded = await seedDepositOrder(t, 'ann@example.com', {
      units: [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 10 } }],
    });
    const res = await askForLink(ann, seeded.item.id);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'PAYMENT_PROVIDER_UNREACHABLE',
      message: 'The payment provider could not be reached. Please try again in a moment.',
    });
    expect((await unitState(t, seeded.item.id)).sessions).toEqual([]);
  });
});

describe('the Stripe webhook', () => {
  it('marks the unit paid on a signed checkout.session.completed and moves it to SITE_PREP', async () => {
    const { item, sessionId } = await openCheckout();
    const event = stripe.pay(sessionId);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });

    const paymentIntent = stripe.sessions.get(sessionId)?.payment_intent;
    const after = await unitState(t, item.id);
    expect(after.item.status).toBe('SITE_PREP');
    expect(after.item.currentStageData).toMatchObject({
      paymentStatus: 'paid',
      transactionId: paymentIntent,
      paymentMethod: 'card',
    });
    expect(after.order).toMatchObject({ transactionId: paymentIntent, paymentMethod: 'card' });
    expect(after.statusEvents.filter((e) => e.stage === 'SITE_PREP').map((e) => e.initiatedBy)).toEqual([
      'stripe',
    ]);
  });

  it('has one effect when the same event arrives twice, and when it arrives 5 times at once', async () => {
    const { item, sessionId } = await openCheckout();
    const event = stripe.pay(sessionId);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const once = await unitState(t, item.id);
    expect(once.statusEvents.filter((e) => e.stage === 'SITE_PREP')).toHaveLength(1);

    const second = await openCheckout();
    const parallel = stripe.pay(second.sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(parallel)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const after = await unitState(t, second.item.id);
    expect(after.item.status).toBe('SITE_PREP');
    expect(after.statusEvents.filter((e) => e.stage === 'SITE_PREP')).toHaveLength(1);
    // Each event was claimed once, in the transaction that had its effect.
    const claims = await t.database.db.select().from(processedDeliveries);
    for (const id of [event.id, parallel.id]) {
      expect(claims.filter((c) => c.key === `stripe:${id}`)).toHaveLength(1);
    }
  });

  it('refuses unsigned, tampered, wrongly signed and 301-second-old deliveries with 400, changing nothing', async () => {
    const { item, sessionId } = await openCheckout();
    const event = stripe.pay(sessionId);
    const before = await unitState(t, item.id);
    const processed = await processedCount();

    const signed = stripe.signedDelivery(event);
    const tampered = signed.body.replace('"amount_total": 750000', '"amount_total": 1');
    expect(tampered).not.toBe(signed.body);
    const attempts = [
      // No signature at all.
      visitor.request('POST', '/api/stripe/webhook', {
        body: signed.body,
        headers: { 'content-type': 'application/json' },
      }),
      // A signed body changed afterwards (the amount).
      visitor.request('POST', '/api/stripe/webhook', {
        body: tampered,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      }),
      deliver(event, { secret: 'whsec_someone_else' }),
      deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Stripe signature/);
    }
    const after = await unitState(t, item.id);
    expect(after.item).toEqual(before.item);
    expect(after.sessions).toEqual(before.sessions);
    expect(await processedCount()).toBe(processed);

    // The same event, signed and fresh, still works afterwards.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 290 })).status).toBe(200);
    expect((await unitState(t, item.id)).item.status).toBe('SITE_PREP');
  });

  it('refuses a delivery signed more than five minutes in the future, and takes one signed just ahead', async () => {
    const { item, sessionId } = await openCheckout();
    const event = stripe.pay(sessionId);
    const now = Math.floor(Date.now() / 1000);
    const ahead = await deliver(event, { timestamp: now + 301 });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toMatch(/Stripe signature/);
    expect((await unitState(t, item.id)).item.status).not.toBe('SITE_PREP');

    // A sender whose clock runs a little fast is still heard.
    expect((await deliver(event, { timestamp: now + 60 })).status).toBe(200);
    expect((await unitState(t, item.id)).item.status).toBe('SITE_PREP');
  });

  it('checks deliveries with the environment’s signing secret while Stripe is off in Settings, even with one saved there', async () => {
    const settings = createSettingsService({ db: t.database.db, clock: systemClock, config: t.config });
    await settings.save('integrations', {
      stripeEnabled: false,
      stripeWebhookSecret: 'whsec_savedWhileOff01',
    });
    try {
      const { item, sessionId } = await openCheckout();
      const event = stripe.pay(sessionId);
      expect((await deliver(event, { secret: 'whsec_savedWhileOff01' })).status).toBe(400);
      expect((await deliver(event)).status).toBe(200);
      expect((await unitState(t, item.id)).item.status).toBe('SITE_PREP');
    } finally {
      await settings.save('integrations', { stripeWebhookSecret: '' });
    }
  });

  it('shows a bank payment as awaiting its funds until async_payment_succeeded arrives', async () => {
    const { item, sessionId } = await openCheckout();
    expect((await deliver(stripe.pay(sessionId, { method: 'bank' }))).status).toBe(200);
    expect((await unitState(t, item.id)).item).toMatchObject({
      status: 'FINANCING_PAYMENT',
      currentStageData: { paymentStatus: 'processing' },
    });
    expect((await visitor.get(`/api/stripe/sessions/${sessionId}`)).body).toMatchObject({
      payment_status: 'processing',
      payment_method_types: ['us_bank_account'],
    });

    expect((await deliver(stripe.settle(sessionId, 'succeeded'))).status).toBe(200);
    expect((await unitState(t, item.id)).item).toMatchObject({
      status: 'SITE_PREP',
      currentStageData: { paymentStatus: 'paid', paymentMethod: 'us_bank_account' },
    });
  });

  it('records a failed bank payment, and never undoes a payment with a late or out-of-order event', async () => {
    const failing = await openCheckout();
    const completed = stripe.pay(failing.sessionId, { method: 'bank' });
    await deliver(stripe.settle(failing.sessionId, 'failed'));
    // The 'completed' event arriving after the failure says nothing new.
    await deliver(completed);
    expect((await unitState(t, failing.item.id)).item.currentStageData.paymentStatus).toBe('failed');

    const paid = await openCheckout();
    const bank = stripe.pay(paid.sessionId, { method: 'bank' });
    await deliver(stripe.settle(paid.sessionId, 'succeeded'));
    await deliver(bank);
    await deliver(
      stripe.event('checkout.session.async_payment_failed', stripe.sessions.get(paid.sessionId)!),
    );
    expect((await unitState(t, paid.item.id)).item).toMatchObject({
      status: 'SITE_PREP',
      currentStageData: { paymentStatus: 'paid' },
    });
  });

  it('acknowledges events about other checkouts or other things without changing anything', async () => {
    const { item, sessionId } = await openCheckout();
    const before = await unitState(t, item.id);
    const foreign = stripe.pay(sessionId);
    foreign.data.object = { ...foreign.data.object, id: 'cs_test_not_ours' };
    const mismatched = stripe.event('checkout.session.completed', {
      ...stripe.sessions.get(sessionId)!,
      metadata: { orderId: 'VH1', itemId: '999999' },
    });
    const other = stripe.event('customer.created', stripe.sessions.get(sessionId)!);
    for (const event of [foreign, mismatched, other]) expect((await deliver(event)).status).toBe(200);
    expect((await unitState(t, item.id)).item).toEqual(before.item);
  });
});

describe('the success page’s session lookup with Stripe', () => {
  it('reads a checkout Stripe has not told us about yet, without marking the unit paid', async () => {
    const { item, order, sessionId } = await openCheckout();
    stripe.pay(sessionId, { email: 'ann.card@example.com' }); // paid at Stripe, event not delivered
    const res = await visitor.get(`/api/stripe/sessions/${sessionId}`);
    expect(res.body).toEqual({
      payment_status: 'paid',
      payment_method_types: ['card'],
      amount_total: 750_000,
      currency: 'usd',
      metadata: { orderId: order.orderId, itemId: String(item.id) },
      customer_details: { email: 'ann.card@example.com' },
      unit: { itemNumber: item.itemNumber, orderPath: `/orders/${order.id}` },
    });
    const after = await unitState(t, item.id);
    expect(after.item.status).toBe('FINANCING_PAYMENT');
    expect(after.item.currentStageData.paymentStatus).toBeUndefined();
    expect(after.sessions[0]).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });
  });

  it('answers a forged session id with 404 and asks Stripe nothing', async () => {
    const asked = stripe.requests.length;
    const res = await visitor.get('/api/stripe/sessions/cs_test_a1b2c3forged');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'PAYMENT_SESSION_NOT_FOUND', message: 'Session information not found' });
    expect(stripe.requests).toHaveLength(asked);
  });
});

describe('which checkout applies', () => {
  it('uses a key saved in settings only while Stripe is enabled there; the test checkout otherwise', async () => {
    const app = await startTestApp({ config: { stripeApiBase: stripe.url, paymentsTestMode: true } });
    try {
      const { client } = await signedInCustomer(app, 'dee@example.com');
      const { client: admin } = await signedInAdmin(app);
      const { items } = await seedDepositOrder(app, 'dee@example.com', {
        units: [
          { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 5000 } },
          { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 5000 } },
        ],
      });
      expect((await admin.post('/api/stripe/update-key', { key: 'sk_test_fromSettings01' })).status).toBe(
        200,
      );
      const disabled = await askForLink(client, items[0]!.id);
      expect(disabled.body.sessionId).toMatch(/^test_cs_/);

      // The Integrations tab's 'Save Integrations' stores the toggle through the settings service.
      await createSettingsService({ db: app.database.db, clock: systemClock, config: app.config }).save(
        'integrations',
        { stripeEnabled: true },
      );
      const enabled = await askForLink(client, items[1]!.id);
      expect(enabled.body.sessionId).toMatch(/^cs_test_/);
      // The test checkout closes once Stripe applies.
      expect((await client.get(`/api/payments/test-checkout/${disabled.body.sessionId}`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('keeps taking payments with the key it was started with when a key is saved while Stripe is off', async () => {
    const app = await startTestApp({
      config: { stripeSecretKey: SECRET_KEY, stripeApiBase: stripe.url, paymentsTestMode: true },
    });
    try {
      const { client } = await signedInCustomer(app, 'eve@example.com');
      const { client: admin } = await signedInAdmin(app);
      const { item } = await seedDepositOrder(app, 'eve@example.com', {
        units: [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 5000 } }],
      });
      const saved = await admin.post('/api/stripe/update-key', { key: 'sk_test_savedWhileOff01' });
      expect(saved.status).toBe(200);
      const link = await askForLink(client, item.id);
      expect(link.status).toBe(200);
      expect(link.body.sessionId).toMatch(/^cs_test_/);
      const created = stripe.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
      );
      expect(created.at(-1)?.secretKey).toBe(SECRET_KEY);
    } finally {
      await app.close();
    }
  });
});
