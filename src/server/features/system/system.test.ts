import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '../../../shared/theme-init.js';
import { buildApp } from '../../app.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signedInCustomer, signedInStaff } from '../../test/auth-flow.js';
import { cookieHeader } from '../../test/live-socket.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { googleMapsApiKey: 'maps-key', stripeSecretKey: 'sk_test_secret' } });
});
afterAll(async () => {
  await t?.close();
});

describe('health and configuration', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await t.client().get('/healthz');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers /readyz only while the database is reachable', async () => {
    expect((await t.client().get('/readyz')).status).toBe(200);
  });

  it('gives the browser only the public configuration', async () => {
    const res = await t.client().get('/api/config');
    expect(res.body).toEqual({
      googleMapsApiKey: 'maps-key',
      isDevelopment: true,
      companyName: 'OrderFlow',
      brandColor: '#4f46e5',
      faqUrl: '',
      storeUrl: '',
      membersAreaUrl: '/',
      locales: ['en', 'es', 'fr'],
    });
    expect(JSON.stringify(res.body)).not.toContain('sk_test_secret');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('/api/nope');
  });

  it('sends security headers', async () => {
    const res = await t.client().get('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('lets pages frame the partner’s documents and load Google’s address script and the page’s theme script, and nothing else', async () => {
    const csp = (await t.client().get('/healthz')).headers.get('content-security-policy') ?? '';
    const themeScript = createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${themeScript}' https://maps.googleapis.com;`);
    expect(csp).toMatch(/frame-src 'self' https:/);
    expect(csp).toContain("object-src 'none'");
  });
});

describe('without GOOGLE_MAPS_API_KEY', () => {
  it('allows no script, connection or image from Google’s map hosts', async () => {
    const plain = await startTestApp();
    try {
      const csp = (await plain.client().get('/healthz')).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-[^']+';/);
      expect(csp).not.toContain('maps.googleapis.com');
      expect(csp).not.toContain('maps.gstatic.com');
    } finally {
      await plain.close();
    }
  });
});

describe('production mode', () => {
  it('marks the session cookie Secure and frames documents over HTTPS only', async () => {
    const prod = await startTestApp({ config: { isProduction: true, nodeEnv: 'production' } });
    try {
      const client = prod.client();
      await client.post('/api/auth/verify-email', { email: 'p@example.com', sendCode: true });
      const { codeFrom } = await import('../../test/mail-catcher.js');
      const code = codeFrom(await prod.mail.waitForMail('p@example.com'));
      const res = await client.post('/api/auth/set-password', {
        email: 'p@example.com',
        password: 'password123',
        confirmPassword: 'password123',
        code,
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('orderflow_session='));
      expect(cookie).toMatch(/;\s*Secure/i);
      // Documents are framed only over HTTPS in production.
      expect(res.headers.get('content-security-policy')).toMatch(/frame-src 'self' https:(;|$)/);
    } finally {
      await prod.close();
    }
  });
});

describe('serving the built client', () => {
  /** The app serving a client folder holding `files` (name to content). */
  async function appServing(files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'client-'));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return buildApp({ config: t.config, database: t.database, clientDir: dir });
  }

  it('answers page routes with index.html and unknown API routes with JSON', async () => {
    const app = await appServing({
      'index.html': '<!doctype html><div id="root"></div>',
      'app.js': 'console.log(1)',
    });
    try {
      const page = await app.inject({ url: '/orders/12', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['x-robots-tag']).toBeUndefined();
      // A tracking page's address is a secret link: never indexed, never kept by a cache.
      const tracking = await app.inject({ url: '/track/some-token', headers: { accept: 'text/html' } });
      expect(tracking.statusCode).toBe(200);
      expect(tracking.body).toContain('<div id="root">');
      expect(tracking.headers['x-robots-tag']).toBe('noindex');
      expect(tracking.headers['cache-control']).toBe('no-store');
      const asset = await app.inject({ url: '/app.js' });
      expect(asset.statusCode).toBe(200);
      const api = await app.inject({ url: '/api/missing', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'Route GET /api/missing not found' });
    } finally {
      await app.close();
    }
  });

  /**
   * Checks which page file each address is answered with; each page file is named in its title. Asked
   * for without compression, as a monitoring probe or curl does: `/` once answered 403 then.
   */
  async function expectPageFiles(files: string[], expected: Record<string, string>, cookie?: string) {
    const app = await appServing(
      Object.fromEntries(files.map((file) => [file, `<!doctype html><title>${file}</title>`])),
    );
    try {
      for (const [url, file] of Object.entries(expected)) {
        const page = await app.inject({ url, headers: { accept: 'text/html', ...(cookie && { cookie }) } });
        expect(page.statusCode, url).toBe(200);
        expect(/<title>(.*)<\/title>/.exec(page.body)?.[1], url).toBe(file);
      }
    } finally {
      await app.close();
    }
  }

  it("answers each app's page file where the build wrote one: sign-in on /auth, back office under /admin", async () => {
    await expectPageFiles(['index.html', 'sign-in.html', 'back-office.html'], {
      '/auth': 'sign-in.html',
      '/auth?next=%2Forders': 'sign-in.html',
      '/admin': 'back-office.html',
      '/admin/orders?page=2': 'back-office.html',
      '/orders': 'index.html',
      '/': 'index.html',
      '/administrator': 'index.html',
      '/track/some-token': 'index.html',
    });
  });

  it("answers a landing page's own page file, with or without a trailing slash, and the app's elsewhere", async () => {
    const files = [
      'index.html',
      'sign-in.html',
      'back-office.html',
      'home.html',
      'orders.html',
      'admin-orders.html',
    ];
    await expectPageFiles(files, {
      '/': 'home.html',
      '/orders': 'orders.html',
      '/orders/?q=cabin': 'orders.html',
      '/orders/some-id': 'index.html',
      '/admin/orders?page=2': 'admin-orders.html',
      '/admin/orders/some-id': 'back-office.html',
      // The dashboard's file was not written (an older build): the back office's answers.
      '/admin': 'back-office.html',
    });
  });

  describe("a landing screen's first request, preloaded by its page file's data variant", () => {
    const files = [
      'index.html',
      'back-office.html',
      'home.html',
      'orders.html',
      'orders.data.html',
      'dashboard.html',
      'dashboard.data.html',
      'admin-orders.html',
      'admin-orders.data.html',
    ];

    it('goes to a member of staff on the plain back-office landing pages, and not with a query', async () => {
      const { client } = await signedInStaff(t, 'VIEWER', 'page-viewer@example.com');
      await expectPageFiles(
        files,
        {
          '/admin': 'dashboard.data.html',
          '/admin/': 'dashboard.data.html',
          '/admin/orders': 'admin-orders.data.html',
          // The list asks for page 2 then, not the first page the variant names.
          '/admin/orders?page=2': 'admin-orders.html',
          '/orders': 'orders.data.html',
          '/': 'home.html',
        },
        cookieHeader(client.cookies),
      );
    });

    it('goes to a customer on My Orders only: a back-office request would be refused', async () => {
      const { client } = await signedInCustomer(t, 'page-customer@example.com');
      await expectPageFiles(
        files,
        { '/orders': 'orders.data.html', '/admin': 'dashboard.html', '/admin/orders': 'admin-orders.html' },
        cookieHeader(client.cookies),
      );
    });

    it('never goes to a visitor without a live session', async () => {
      const expected = {
        '/orders': 'orders.html',
        '/admin': 'dashboard.html',
        '/admin/orders': 'admin-orders.html',
      };
      await expectPageFiles(files, expected);
      await expectPageFiles(files, expected, 'orderflow_session=not-a-session');
    });
  });
});
