import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HELP_ENTRIES } from '../../../shared/help-defaults.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';

let t: TestApp;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  customer = (await signedInCustomer(t, 'help.reader@example.com')).client;
});

afterAll(async () => {
  await t?.close();
});

describe('help on a fresh install', () => {
  it('links to no placeholder site: the help and store addresses are unset', async () => {
    const config = await t.client().get('/api/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ faqUrl: '', storeUrl: '' });
  });

  it('lets an admin set an outside address, refuse a bad one by name, and unset it again', async () => {
    const set = await admin.post('/api/settings/general/batch', { faqUrl: 'https://help.acme.example/' });
    expect(set.status).toBe(200);
    expect((await t.client().get('/api/config')).body.faqUrl).toBe('https://help.acme.example/');
    const bad = await admin.post('/api/settings/general/batch', { storeUrl: 'javascript:alert(1)' });
    expect(bad.body.fields).toEqual({ storeUrl: 'Enter an http(s) address or a path' });
    expect((await admin.post('/api/settings/general/batch', { faqUrl: '' })).status).toBe(200);
    expect((await t.client().get('/api/config')).body.faqUrl).toBe('');
  });

  it('answers the built-in questions to anyone, in the language asked for or the browser’s', async () => {
    const english = await t.client().get('/api/help');
    expect(english.status).toBe(200);
    expect(english.body.locale).toBe('en');
    expect(english.body.items).toHaveLength(DEFAULT_HELP_ENTRIES.length);
    expect(english.body.items[0]).toEqual({
      id: 'follow-order',
      question: 'How do I follow my order?',
      answer: expect.stringContaining('My Orders lists your orders.'),
    });

    const spanish = await t.client().get('/api/help?locale=es');
    expect(spanish.body.locale).toBe('es');
    expect(spanish.body.items[0].question).toBe('¿Cómo sigo mi pedido?');

    const french = await t
      .client()
      .request('GET', '/api/help', { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(french.body.locale).toBe('fr');
    expect(french.body.items[0].question).toBe('Comment suivre ma commande ?');

    expect((await t.client().get('/api/help?locale=de')).status).toBe(400);
  });
});

describe('Settings → Help', () => {
  const entry = {
    id: 'opening-hours',
    question: { en: 'When are you open?', es: '¿Cuándo abren?', fr: '' },
    answer: { en: 'Monday to Friday, 8 to 6.', es: 'De lunes a viernes, de 8 a 6.', fr: '' },
  };

  it('staff replace the questions; an untranslated one is shown in English', async () => {
    const saved = await admin.post('/api/settings/help/batch', { helpEntries: [entry] });
    expect(saved.status).toBe(200);
    const read = await admin.get('/api/settings/help');
    expect(read.body).toEqual([{ key: 'helpEntries', value: [entry] }]);

    expect((await t.client().get('/api/help?locale=es')).body.items).toEqual([
      { id: 'opening-hours', question: '¿Cuándo abren?', answer: 'De lunes a viernes, de 8 a 6.' },
    ]);
    expect((await t.client().get('/api/help?locale=fr')).body.items).toEqual([
      { id: 'opening-hours', question: 'When are you open?', answer: 'Monday to Friday, 8 to 6.' },
    ]);
    await admin.post('/api/settings/help/batch', { helpEntries: DEFAULT_HELP_ENTRIES });
  });

  it('refuses a question with no English text, naming the field, and saves nothing', async () => {
    const res = await admin.post('/api/settings/help/batch', {
      helpEntries: [{ ...entry, question: { en: ' ', es: 'x', fr: '' } }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_SETTINGS',
      fields: { helpEntries: 'Enter the question in English' },
    });
    expect((await t.client().get('/api/help')).body.items).toHaveLength(DEFAULT_HELP_ENTRIES.length);
  });

  it('is staff-only: a customer gets 403 and a visitor 401', async () => {
    expect((await customer.post('/api/settings/help/batch', { helpEntries: [] })).status).toBe(403);
    expect((await customer.get('/api/settings/help')).status).toBe(403);
    expect((await t.client().post('/api/settings/help/batch', { helpEntries: [] })).status).toBe(401);
  });
});
