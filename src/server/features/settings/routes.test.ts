import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK, SETTINGS_DEFAULTS } from '../../../shared/schemas/settings.js';
import { settings } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

/** The {key, value} list of a category as an object. */
async function readCategory(category: string): Promise<Record<string, unknown>> {
  const res = await admin.get(`/api/settings/${category}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.map((entry: { key: string; value: unknown }) => [entry.key, entry.value]),
  );
}

async function storedRows() {
  return t.database.db
    .select({ key: settings.key, value: settings.value, category: settings.category })
    .from(settings)
    .orderBy(settings.key);
}

describe('settings access', () => {
  it('refuses visitors (401) and customers (403) on every settings route', async () => {
    const routes = [];
    for (const category of ['general', 'notifications', 'integrations', 'serviceareas']) {
      routes.push({ method: 'GET' as const, path: `/api/settings/${category}` });
      routes.push({ method: 'POST' as const, path: `/api/settings/${category}/batch`, json: {} });
    }
    await expectAdminOnly(t, routes);
  });

  it('does not reveal which categories exist to a visitor', async () => {
    expect((await t.client().get('/api/settings/nonsense')).status).toBe(401);
  });
});

describe('reading settings', () => {
  it('answers the defaults of every category as a list of {key, value} before anything is saved', async () => {
    const res = await admin.get('/api/settings/general');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      Object.entries(SETTINGS_DEFAULTS.general).map(([key, value]) => ({ key, value })),
    );
    expect(await readCategory('notifications')).toEqual(SETTINGS_DEFAULTS.notifications);
    expect(await readCategory('integrations')).toEqual(SETTINGS_DEFAULTS.integrations);
    expect(await readCategory('serviceareas')).toEqual({ enabledZipCodes: [] });
  });

  it('answers the default for a stored value that no longer fits its setting', async () => {
    await t.database.db
      .insert(settings)
      .values({ key: 'documentSigning', category: 'notifications', value: 'sometimes' });
    try {
      expect((await readCategory('notifications')).documentSigning).toBe(true);
    } finally {
      await t.database.db.delete(settings).where(eq(settings.key, 'documentSigning'));
    }
  });

  it('answers 404 naming an unknown category', async () => {
    const res = await admin.get('/api/settings/billing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('UNKNOWN_SETTINGS_CATEGORY');
    expect(res.body.message).toBe('Unknown settings category: billing');
  });

  it('points users and apikeys to their own endpoints with a 400', async () => {
    for (const category of ['users', 'apikeys']) {
      const read = await admin.get(`/api/settings/${category}`);
      expect(read.status).toBe(400);
      expect(read.body.fields).toHaveProperty('category');
      const write = await admin.post(`/api/settings/${category}/batch`, { anything: true });
      expect(write.status).toBe(400);
    }
    expect((await admin.get('/api/settings/apikeys')).body.message).toMatch('/api/admin/api-keys');
    expect(await storedRows()).toEqual([]);
  });
});

describe('saving settings', () => {
  it('saves a general batch, answers {message} and reads it back, leaving other keys at their defaults', async () => {
    const res = await admin.post('/api/settings/general/batch', {
      companyName: '  Acme Homes ',
      contactEmail: ' Hello@Acme.example ',
      brandColor: '#0f766e',
      faqUrl: 'https://acme.example/help',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Settings saved' });
    expect(await readCategory('general')).toEqual({
      ...SETTINGS_DEFAULTS.general,
      companyName: 'Acme Homes',
      contactEmail: 'hello@acme.example',
      brandColor: '#0f766e',
      faqUrl: 'https://acme.example/help',
    });
  });

  it('gives the browser the saved company name, brand colour and links through /api/config', async () => {
    await admin.post('/api/settings/general/batch', {
      companyName: 'Acme Homes',
      brandColor: '#0f766e',
      storeUrl: 'https://acme.example/shop',
      membersAreaUrl: 'https://members.acme.example',
    });
    const res = await t.client().get('/api/config');
    expect(res.body).toMatchObject({
      companyName: 'Acme Homes',
      brandColor: '#0f766e',
      storeUrl: 'https://acme.example/shop',
      membersAreaUrl: 'https://members.acme.example',
    });
  });

  it('saves the notification toggles', async () => {
    const res = await admin.post('/api/settings/notifications/batch', {
      newOrderAlerts: false,
      paymentProcessing: true,
      documentSigning: false,
    });
    expect(res.status).toBe(200);
    expect(await readCategory('notifications')).toEqual({
      newOrderAlerts: false,
      paymentProcessing: true,
      documentSigning: false,
      customerMessages: true,
      confirmWebhookOrders: true,
      confirmAdminOrders: true,
    });
  });

  it.each([
    ['general', { companyName: '   ' }, 'companyName'],
    ['general', { contactEmail: 'not-an-email' }, 'contactEmail'],
    ['general', { brandColor: 'teal' }, 'brandColor'],
    ['general', { faqUrl: 'javascript:alert(1)' }, 'faqUrl'],
    ['general', { storeUrl: 'ftp://files.example' }, 'storeUrl'],
    ['general', { theme: 'Sepia' }, 'theme'],
    ['notifications', { newOrderAlerts: 'yes' }, 'newOrderAlerts'],
    ['integrations', { zapierWebhookUrl: 'hooks.zapier.com/x' }, 'zapierWebhookUrl'],
    ['integrations', { stripeEnabled: 1 }, 'stripeEnabled'],
    ['integrations', { webflowSiteId: 'x'.repeat(201) }, 'webflowSiteId'],
    ['serviceareas', { enabledZipCodes: ['7870'] }, 'enabledZipCodes'],
    ['serviceareas', { enabledZipCodes: '78701' }, 'enabledZipCodes'],
    ['general', { colour: '#000000' }, 'colour'],
  ])('refuses a bad %s value with 400 naming the field: %j', async (category, body, field) => {
    const before = await storedRows();
    const res = await admin.post(`/api/settings/${category}/batch`, body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
    expect(await storedRows()).toEqual(before);
  });

  it('words the field messages for people', async () => {
    const res = await admin.post('/api/settings/general/batch', {
      companyName: '',
      contactEmail: 'nope',
      brandColor: 'red',
    });
    expect(res.body.fields).toEqual({
      companyName: 'Company name is required',
      contactEmail: 'Please enter a valid email address',
      brandColor: 'Use a colour such as #4f46e5',
    });
  });

  it('writes nothing of a batch in which one field is bad', async () => {
    const before = await readCategory('general');
    const res = await admin.post('/api/settings/general/batch', {
      companyName: 'Half Written Inc',
      contactEmail: 'ops@half.example',
      brandColor: '#12345',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ brandColor: expect.any(String) });
    expect(await readCategory('general')).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await admin.request('POST', '/api/settings/general/batch', { json: ['companyName'] });
    expect(res.status).toBe(400);
  });

  it('ignores webflowVerified from the browser: only the server sets it', async () => {
    const res = await admin.post('/api/settings/integrations/batch', { webflowVerified: true });
    expect(res.status).toBe(200);
    expect((await readCategory('integrations')).webflowVerified).toBe(false);
  });
});

describe('secrets', () => {
  const WEBFLOW_KEY = 'wf_live_8f3b2c1d9e7a6b5c4d3e';
  const STRIPE_SECRET = 'sk_test_51Hx9aBcDeFgHiJkLmNoPqRsTu';

  it('never sends a saved website-builder key or Stripe secret back, in any answer', async () => {
    const save = await admin.post('/api/settings/integrations/batch', {
      webflowApiKey: WEBFLOW_KEY,
      webflowSiteId: 'site-123',
      stripeEnabled: true,
      stripePublicKey: 'pk_test_abc',
      stripeSecretKey: STRIPE_SECRET,
      zapierWebhookUrl: 'https://hooks.zapier.example/catch/1',
    });
    expect(save.status).toBe(200);
    expect(JSON.stringify(save.body)).not.toContain(WEBFLOW_KEY);

    const answers = await Promise.all(
      ['general', 'notifications', 'integrations', 'serviceareas'].map((c) =>
        admin.get(`/api/settings/${c}`),
      ),
    );
    answers.push(await t.client().get('/api/config'));
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(WEBFLOW_KEY);
      expect(text).not.toContain(STRIPE_SECRET);
      expect(text).not.toContain(STRIPE_SECRET.slice(0, -4));
    }

    const integrations = await readCategory('integrations');
    expect(integrations.webflowApiKey).toBe(`${SECRET_MASK}${WEBFLOW_KEY.slice(-4)}`);
    expect(integrations.stripeSecretKey).toBe(`${SECRET_MASK}${STRIPE_SECRET.slice(-4)}`);
    expect(integrations).toMatchObject({
      webflowSiteId: 'site-123',
      stripeEnabled: true,
      stripePublicKey: 'pk_test_abc',
      zapierWebhookUrl: 'https://hooks.zapier.example/catch/1',
    });
  });

  it('keeps a secret when the masked value comes back with the rest of the form', async () => {
    const shown = await readCategory('integrations');
    const res = await admin.post('/api/settings/integrations/batch', { ...shown, webflowSiteId: 'site-456' });
    expect(res.status).toBe(200);

    const [stored] = await t.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'stripeSecretKey'));
    expect(stored?.value).toBe(STRIPE_SECRET);
    const [webflow] = await t.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'webflowApiKey'));
    expect(webflow?.value).toBe(WEBFLOW_KEY);
    expect((await readCategory('integrations')).webflowSiteId).toBe('site-456');
  });

  it('replaces a secret when a new one is sent', async () => {
    await admin.post('/api/settings/integrations/batch', { stripeSecretKey: 'sk_test_replacement9999' });
    expect((await readCategory('integrations')).stripeSecretKey).toBe(`${SECRET_MASK}9999`);
  });

  it('refuses a Stripe secret that is not a Stripe key, as update-key does, and keeps the saved one', async () => {
    const before = await readCategory('integrations');
    const res = await admin.post('/api/settings/integrations/batch', {
      stripeSecretKey: 'pk_test_notASecret1234',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('stripeSecretKey');
    expect(await readCategory('integrations')).toEqual(before);
  });
});
