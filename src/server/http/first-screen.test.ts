import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_DATA_ID,
  type FirstScreen,
  type FirstScreenRenderer,
  STATIC_FRAME_END,
  STATIC_FRAME_START,
} from '../../shared/first-screen.js';
import { users } from '../db/schema.js';
import { createOrderAtStages } from '../features/orders/index.js';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInCustomer } from '../test/auth-flow.js';

// The drawing module as the build makes it from its source (src/client/first-screen/render.tsx); read
// through a path the server's type check does not follow, as the server loads the built one.
const RENDER_MODULE = new URL('../../client/first-screen/render.tsx', import.meta.url).pathname;

const PAGE = `<!doctype html>
<html lang="en">
  <head><script>theme</script></head>
  <body>
    <div id="root">${STATIC_FRAME_START}<div>static frame</div>${STATIC_FRAME_END}</div>
  </body>
</html>
`;

const XSS_PRODUCT = 'Cabin <script>alert("x")</script> 400';

let t: TestApp;
let clientDir: string;
let alice: TestClient;
let bob: TestClient;
let visitor: TestClient;
let aliceOrder: { id: number; trackingToken: string };
let bobOrder: { id: number; trackingToken: string };

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'first-screen-'));
  for (const file of ['index.html', 'orders.html']) writeFileSync(join(clientDir, file), PAGE);
  const { renderFirstScreen } = (await import(RENDER_MODULE)) as { renderFirstScreen: FirstScreenRenderer };
  t = await startTestApp({ clientDir, firstScreen: renderFirstScreen });
  alice = (await signedInCustomer(t, 'alice.first@example.com')).client;
  bob = (await signedInCustomer(t, 'bob.first@example.com')).client;
  visitor = t.client();
  const db = t.database.db;
  ({ order: aliceOrder } = await createOrderAtStages(
    db,
    { orderId: 'FSA-1001', productName: XSS_PRODUCT, email: 'alice.first@example.com' },
    [{ stage: 'PRODUCTION' }, { stage: 'ORDER_PLACED' }],
  ));
  ({ order: bobOrder } = await createOrderAtStages(
    db,
    { orderId: 'FSB-2002', productName: 'Barn 900', email: 'bob.first@example.com' },
    [{ stage: 'SITE_PREP' }],
  ));
  // Bob chose French on his account; Alice chose nothing, so her browser's language applies.
  await db.update(users).set({ locale: 'fr' }).where(eq(users.email, 'bob.first@example.com'));
});

afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function page(client: TestClient, path: string, language = 'en-US,en;q=0.9') {
  return client.request<string>('GET', path, {
    headers: { accept: 'text/html', 'accept-language': language },
  });
}

/** The answers the page carries for the app, parsed as the browser parses them. */
function carried(html: string): FirstScreen | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as FirstScreen) : null;
}

/** The page's script elements other than the JSON one: the page file's own, and nothing else. */
function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)].map((m) => m[0]);
}

describe('first screens drawn by the server', () => {
  it("draws a customer's own units and their stages into My Orders, and nobody else's", async () => {
    const res = await page(alice, '/orders');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('FSA-1001 · Unit 1');
    expect(html).toContain('FSA-1001 · Unit 2');
    expect(html).toContain('>Production<');
    expect(html).toContain('>Order Placed<');
    expect(html).not.toContain('static frame');
    // Its buttons wait for the app (index.css) until it has taken the markup over.
    expect(html).toContain('<div id="root" data-drawn>');
    expect(html).not.toContain('FSB-2002');
    expect(html).not.toContain('Barn 900');
    expect(carried(html)?.answers.orders?.map((o) => o.orderId)).toEqual(['FSA-1001']);

    const bobs = (await page(bob, '/orders')).body;
    expect(bobs).toContain('FSB-2002 · Unité 1');
    expect(bobs).not.toContain('FSA-1001');
    expect(bobs).not.toContain('Cabin');
  });

  it('is never kept by a cache, nor shared between visitors', async () => {
    for (const res of [
      await page(alice, '/orders'),
      await page(alice, `/orders/${aliceOrder.id}`),
      await page(visitor, `/track/${aliceOrder.trackingToken}`),
    ]) {
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('vary')).toMatch(/Cookie/);
      expect(res.headers.get('etag')).toBeNull();
      expect(carried(res.body)).not.toBeNull();
    }
  });

  it('gives a signed-out visitor the plain page, with no one’s orders in it', async () => {
    for (const path of ['/orders', `/orders/${aliceOrder.id}`]) {
      const html = (await page(visitor, path)).body;
      expect(html).toContain('static frame');
      expect(carried(html)).toBeNull();
      expect(html).not.toContain('FSA-1001');
      expect(html).not.toContain('Cabin');
    }
  });

  it("draws a customer's own order page, and not another customer's", async () => {
    const own = (await page(alice, `/orders/${aliceOrder.id}`)).body;
    expect(own).toContain('Order FSA-1001');
    expect(own).toContain('FSA-1001 · Unit 2');
    expect(carried(own)?.answers.order?.orderId).toBe('FSA-1001');

    const other = (await page(alice, `/orders/${bobOrder.id}`)).body;
    expect(other).toContain('static frame');
    expect(carried(other)).toBeNull();
    expect(other).not.toContain('FSB-2002');
    expect(other).not.toContain('Barn 900');
  });

  it("draws a tracking link's one order for a guest, in the browser's language", async () => {
    const res = await page(visitor, `/track/${bobOrder.trackingToken}`, 'es-MX,es;q=0.9');
    const html = res.body;
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('FSB-2002 · Unidad 1');
    expect(html).toContain('Preparación del terreno');
    expect(html).not.toContain('FSA-1001');
    expect(html).not.toContain('bob.first@example.com');
    const screen = carried(html);
    expect(Object.keys(screen?.answers ?? {}).sort()).toEqual(['config', 'tracked']);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');

    // A link that leads nowhere gets the plain page; the app says so.
    const unknown = (await page(visitor, '/track/no-such-link')).body;
    expect(carried(unknown)).toBeNull();
    expect(unknown).toContain('static frame');
  });

  it("follows the account's stored language over the browser's", async () => {
    const html = (await page(bob, '/orders', 'en-US')).body;
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Préparation du terrain');
    expect(carried(html)?.locale).toBe('fr');
  });

  it('writes every text escaped and runs no script the page file did not have', async () => {
    for (const res of [
      await page(alice, '/orders'),
      await page(alice, `/orders/${aliceOrder.id}`),
      await page(visitor, `/track/${aliceOrder.trackingToken}`),
    ]) {
      const html = res.body;
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('Cabin &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 400');
      expect(executableScripts(html)).toEqual(['<script>']);
      // The answers travel as data, `<` written so that nothing can close their element.
      expect(
        carried(html)?.answers.orders?.[0]?.productName ?? carried(html)?.answers.tracked?.productName,
      ).toBe(XSS_PRODUCT);
      const csp = res.headers.get('content-security-policy') ?? '';
      // Only the page's own theme script, by its hash: no inline script of the drawing's.
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).toMatch(/^'self' 'sha256-[^']+'$/);
    }
  });
});
