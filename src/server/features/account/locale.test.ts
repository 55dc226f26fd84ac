/**
 * The customer side's language: the stored choice (PATCH /api/user/preferences), else the request's
 * Accept-Language, else English; the e-mails follow the same rule.
 */
import { eq } from 'drizzle-orm';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales.js';
import { customerStageLabel, STAGES } from '../../../shared/stages.js';
import { users } from '../../db/schema.js';
import { MAIL_MESSAGES, mailStageLabel } from '../../mail/i18n.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    config: {
      outbox: { pollMs: 60_000, retryBaseMs: 200, retryMaxMs: 1_000, maxAttempts: 3, timeoutMs: 2_000 },
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('PATCH /api/user/preferences', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.client().request('PATCH', '/api/user/preferences', { json: { locale: 'es' } });
    expect(res.status).toBe(401);
  });

  it('stores a signed-in user’s language, which GET /api/auth/user then answers', async () => {
    const { client } = await signedInCustomer(t, 'pref@example.com');
    expect((await client.get('/api/auth/user')).body.locale).toBeNull();

    const res = await client.request('PATCH', '/api/user/preferences', { json: { locale: 'fr' } });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ locale: 'fr' });
    expect((await client.get('/api/auth/user')).body.locale).toBe('fr');
  });

  it('answers 400 to anything but one of the languages', async () => {
    const { client } = await signedInCustomer(t, 'bad-pref@example.com');
    for (const json of [
      { locale: 'de' },
      { locale: null },
      {},
      { locale: 'es', other: 1 },
      { locale: 'ES' },
    ]) {
      const res = await client.request('PATCH', '/api/user/preferences', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await client.get('/api/auth/user')).body.locale).toBeNull();
  });

  it('is open to staff too (their own language), never to change someone else’s', async () => {
    const { client } = await signedInAdmin(t);
    const res = await client.request('PATCH', '/api/user/preferences', { json: { locale: 'es' } });
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).body.locale).toBe('es');
  });
});

describe('GET /api/config', () => {
  it('lists the languages', async () => {
    expect((await t.client().get('/api/config')).body.locales).toEqual(['en', 'es', 'fr']);
  });
});

describe('the e-mails’ language', () => {
  const subjectOf = (mail: { subject: string } | undefined) => mail?.subject.replace(/ - OrderFlow$/, '');

  async function codeMailFor(email: string, acceptLanguage?: string) {
    const before = t.mail.forAddress(email).length;
    const res = await t.client().request('POST', '/api/auth/verify-email', {
      json: { email, sendCode: true },
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(res.status).toBe(200);
    await t.mail.waitForCode(email, before);
    return t.mail.forAddress(email).at(-1);
  }

  it('follows Accept-Language for a visitor, else English', async () => {
    expect(subjectOf(await codeMailFor('new-es@example.com', 'es-US,es;q=0.9,en;q=0.8'))).toBe(
      'Tu código de verificación',
    );
    expect(subjectOf(await codeMailFor('new-fr@example.com', 'de-DE,fr-CA;q=0.8'))).toBe(
      'Votre code de vérification',
    );
    expect(subjectOf(await codeMailFor('new-de@example.com', 'de-DE'))).toBe('Your verification code');
    expect(subjectOf(await codeMailFor('new-none@example.com'))).toBe('Your verification code');
  });

  it('follows the stored choice over Accept-Language', async () => {
    const { client } = await signedInCustomer(t, 'stored@example.com');
    await client.request('PATCH', '/api/user/preferences', { json: { locale: 'fr' } });
    const mail = await codeMailFor('stored@example.com', 'es');
    expect(subjectOf(mail)).toBe('Votre code de vérification');
    expect(mail?.html).toContain('<html lang="fr">');
  });

  it('writes a status change in the language of the last sign-in when none is stored', async () => {
    const customer = t.client();
    const email = 'browser-es@example.com';
    const before = t.mail.forAddress(email).length;
    await customer.request('POST', '/api/auth/verify-email', {
      json: { email, sendCode: true },
      headers: { 'accept-language': 'es-MX' },
    });
    const code = await t.mail.waitForCode(email, before);
    const signUp = await customer.request('POST', '/api/auth/set-password', {
      json: { email, password: 'correct horse 1', confirmPassword: 'correct horse 1', code },
      headers: { 'accept-language': 'es-MX' },
    });
    expect(signUp.status).toBe(200);
    const [row] = await t.database.db
      .select({ locale: users.locale, browserLocale: users.browserLocale })
      .from(users)
      .where(eq(users.email, email));
    expect(row).toEqual({ locale: null, browserLocale: 'es' });

    const { order } = await createOrderAtStages(
      t.database.db,
      { orderId: 'LC-1', productName: 'Garden Studio', email },
      [{ stage: 'ORDER_PLACED' }],
    );
    const { client: admin } = await signedInAdmin(t);
    const moved = await admin.request('PATCH', `/api/admin/orders/${order.id}/status`, {
      json: { status: 'SITE_PREP' },
    });
    expect(moved.status).toBe(200);
    await t.app.outbox.drain();
    const mail = t.mail.forAddress(email).find((m) => m.subject.includes('LC-1'));
    expect(subjectOf(mail)).toBe('Pedido LC-1: Preparación del terreno');
    expect(mail?.text).toContain(
      'Tu Garden Studio (pedido LC-1) ahora está en la etapa Preparación del terreno.',
    );
    expect(mail?.text).toContain('Ver tu pedido: ');
  });
});

describe('the e-mail catalogues', () => {
  const argumentsOf = (message: string, locale: string) => {
    const names = new Set<string>();
    const visit = (nodes: unknown[]) => {
      for (const node of nodes as Array<Record<string, unknown>>) {
        if (typeof node.value === 'string' && node.type !== 0) names.add(node.value);
        for (const option of Object.values((node.options as Record<string, { value: unknown[] }>) ?? {}))
          visit(option.value);
      }
    };
    visit(new IntlMessageFormat(message, locale).getAst());
    return [...names].sort();
  };

  it('parse as ICU in every language, with the arguments of English', () => {
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(MAIL_MESSAGES[locale])) {
        expect(argumentsOf(message, locale), `${locale}: ${key}`).toEqual(
          argumentsOf(MAIL_MESSAGES.en[key as keyof typeof MAIL_MESSAGES.en], 'en'),
        );
      }
    }
  });

  it('name every stage, in English as the timeline does', () => {
    for (const stage of STAGES) {
      expect(mailStageLabel(stage, 'en')).toBe(customerStageLabel(stage));
      for (const locale of LOCALES) expect(mailStageLabel(stage, locale)).not.toBe('');
    }
  });
});
