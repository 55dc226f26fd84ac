import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../shared/schemas/settings.js';
import { openDatabase } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, TestClient, type TestResponse } from '../../test/app.js';
import { signedInAdmin, signIn, signUp } from '../../test/auth-flow.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { startServer, waitForListening } from '../../test/server-process.js';
import { startStripeStandIn } from '../../test/stripe-stand-in.js';
import { createOrderAtStages } from '../orders/index.js';
import { createSettingsService } from '../settings/service.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

const settingsOf = (app: TestApp) =>
  createSettingsService({ db: app.database.db, clock: systemClock, config: app.config });

describe('POST /api/stripe/update-key', () => {
  it('is for admins only: 401 for a visitor, 403 for a customer', async () => {
    await expectAdminOnly(t, [
      { method: 'POST', path: '/api/stripe/update-key', json: { key: 'sk_test_guardCheck0001' } },
    ]);
    expect((await settingsOf(t).read('integrations')).stripeSecretKey).toBe('');
  });

  it('saves a secret or restricted key and never sends it back', async () => {
    for (const key of ['sk_test_51Hq2xAbCdEfGh', 'rk_live_51Hq2xAbCdEfGh', 'sk_live_51Hq2xAbCdEfGh']) {
      const res = await admin.post('/api/stripe/update-key', { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Stripe key updated' });
      expect(JSON.stringify(res.body)).not.toContain(key);
      expect((await settingsOf(t).read('integrations')).stripeSecretKey).toBe(key);
    }
  });

  it('refuses what is not a Stripe secret key with 400 naming the field, without echoing it, and keeps the saved key', async () => {
    await admin.post('/api/stripe/update-key', { key: 'sk_test_keptKey000001' });
    for (const key of [
      'pk_live_publishableKey01',
      'sk_test_',
      'whsec_0123456789abcdef',
      'sk_test_has spaces in it',
    ]) {
      const res = await admin.post('/api/stripe/update-key', { key });
      expect(res.status, key).toBe(400);
      expect(res.body.fields).toHaveProperty('key');
      if (key.length > 12) expect(JSON.stringify(res.body)).not.toContain(key);
    }
    expect((await admin.post('/api/stripe/update-key', {})).status).toBe(400);
    expect((await settingsOf(t).read('integrations')).stripeSecretKey).toBe('sk_test_keptKey000001');
  });

  it('keeps the key when the masked value comes back, and removes it on an empty one', async () => {
    await admin.post('/api/stripe/update-key', { key: 'sk_test_maskedKey00001' });
    const masked = await admin.post('/api/stripe/update-key', { key: `${SECRET_MASK}0001` });
    expect(masked.body).toEqual({ message: 'Stripe key unchanged' });
    expect((await settingsOf(t).read('integrations')).stripeSecretKey).toBe('sk_test_maskedKey00001');

    const removed = await admin.post('/api/stripe/update-key', { key: '' });
    expect(removed.body).toEqual({ message: 'Stripe key removed' });
    expect(await settingsOf(t).stripeKeys()).toMatchObject({ secretKey: undefined, source: 'none' });
  });
});

/**
 * Acceptance 4: the Stripe secret key, from the environment or from settings, never appears in an
 * answer or a log line. The real server process runs at the most verbose log level, so that its
 * whole output can be searched.
 */
describe('the Stripe secret key', () => {
  const ENV_KEY = 'sk_test_fromEnvironmentLeakCheck7f3a';
  const SETTINGS_KEY = 'sk_live_fromSettingsLeakCheck9c2e';
  const REFUSED_KEY = 'pk_live_refusedLeakCheck4d1b';
  const ADMIN = { email: 'leaks-admin@example.com', password: 'leak-admin-password' };
  const CUSTOMER = 'leaks-customer@example.com';

  it('never appears in an answer or a log line', async () => {
    const stripe = await startStripeStandIn();
    const mail = await startMailCatcher();
    const dataDir = mkdtempSync(join(tmpdir(), 'orderflow-leaks-'));
    const seed = openDatabase({ dataDir });
    await seed.migrate();
    const { items } = await createOrderAtStages(
      seed.db,
      { orderId: 'VH4401', productName: 'Cabin 400', email: CUSTOMER },
      [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 750_000 } }],
    );
    await seed.close();

    // The most verbose log level, so that the whole output can be searched.
    const server = startServer({
      LOG_LEVEL: 'trace',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_URL: mail.smtpUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STRIPE_SECRET_KEY: ENV_KEY,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
    const answers: TestResponse<any>[] = [];
    try {
      const url = await waitForListening(server);
      const fake = { mail } as unknown as TestApp;
      const customer = new TestClient(url);
      const staff = new TestClient(url);
      const visitor = new TestClient(url);
      await signUp(fake, customer, CUSTOMER);
      await signIn(fake, staff, ADMIN.email, ADMIN.password);
      const keep = async (response: Promise<TestResponse<any>>) => {
        const answer = await response;
        answers.push(answer);
        return answer;
      };

      // With the environment's key: a Stripe checkout, its session, a signed event.
      const link = await keep(customer.post(`/api/order-items/${items[0]!.id}/payment`));
      expect(link.status).toBe(200);
      const delivery = stripe.signedDelivery(stripe.pay(link.body.sessionId));
      const webhook = await keep(
        visitor.request('POST', '/api/stripe/webhook', {
          body: delivery.body,
          headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        }),
      );
      expect(webhook.status).toBe(200);
      await keep(visitor.get(`/api/stripe/sessions/${link.body.sessionId}`));

      // A key saved through settings, a refused one, and everything the browser may read afterwards.
      expect((await keep(staff.post('/api/stripe/update-key', { key: SETTINGS_KEY }))).status).toBe(200);
      expect((await keep(staff.post('/api/stripe/update-key', { key: REFUSED_KEY }))).status).toBe(400);
      for (const path of ['/api/config', '/api/settings/integrations', '/api/auth/user', '/api/orders']) {
        await keep(staff.get(path));
        await keep(customer.get(path));
      }
      await keep(visitor.get(`/api/stripe/sessions/${link.body.sessionId}`));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await stripe.close();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    }

    // The checkout really went through Stripe with the key, so there was something to leak.
    expect(stripe.requests.some((r) => r.path === '/v1/checkout/sessions')).toBe(true);
    const everything = [
      server.output(),
      ...answers.map((a) => JSON.stringify(a.body) + JSON.stringify([...a.headers])),
    ].join('\n');
    // The log did record these requests, so searching it means something.
    expect(server.output()).toContain('"url":"/api/stripe/update-key"');
    expect(server.output()).toContain('Stripe event received');
    for (const secret of [ENV_KEY, SETTINGS_KEY, REFUSED_KEY]) {
      expect(everything).not.toContain(secret);
      // Nor its distinctive middle, in case something masked only its prefix.
      expect(everything).not.toContain(secret.slice(8, -4));
    }
  });
});
