/**
 * A landing page's first load asks for every script its first screen runs as soon as the page arrives
 * (the page file names them, scripts/page-preloads.ts), rather than learning them one module at a
 * time; on a phone each wave more is a round trip more before the screen shows.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { FIRST_SCREEN_DATA_ID } from '../src/shared/first-screen.js';
import { LANDING_PAGE_DATA } from '../src/shared/page-paths.js';
import { type Customer, expect, test } from './support/test.js';

/**
 * The scripts the first screen of `path` fetched that its page file does not name. The portal's texts
 * depend on the browser's language, which the page cannot know, so they are left out there.
 */
async function scriptsNotNamed(
  browser: Browser,
  baseURL: string,
  user: Customer,
  path: string,
  shown: (page: Page) => Locator,
): Promise<{ named: number; unnamed: string[] }> {
  const context = await browser.newContext({ baseURL, storageState: user.storageState });
  try {
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
    });
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    const named = new Set(
      [
        ...html.matchAll(/<(?:link rel="modulepreload"[^>]*href|script type="module"[^>]*src)="([^"]+)"/g),
      ].map((match) => match[1]),
    );
    await expect(shown(page)).toBeVisible();
    const portalTexts = path.startsWith('/admin') ? null : /^\/assets\/(texts|common)-/;
    const unnamed = fetched.filter((script) => !named.has(script) && !portalTexts?.test(script));
    return { named: named.size, unnamed };
  } finally {
    await context.close();
  }
}

test('each landing page names every script its first screen runs', async ({
  browser,
  baseURL,
  admin,
  customer,
}) => {
  const pages: [Customer, string, (page: Page) => Locator][] = [
    [admin, '/admin', (page) => page.getByRole('list', { name: 'Order totals' })],
    [admin, '/admin/orders', (page) => page.getByRole('heading', { name: 'Orders', exact: true })],
    [
      customer,
      '/',
      (page) => page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ }),
    ],
  ];
  // My Orders is drawn by the server for a signed-in customer (decision 300): its page names no chunk,
  // so that its paint never waits for one (the last test).
  for (const [user, path, shown] of pages) {
    const { named, unnamed } = await scriptsNotNamed(browser, baseURL ?? '', user, path, shown);
    expect(named, `${path}: scripts its page names`).toBeGreaterThan(5);
    expect(unnamed, `${path}: scripts fetched after the app had started`).toEqual([]);
  }
});

test("a landing screen's first request leaves with the page and is made once", async ({
  browser,
  baseURL,
  admin,
}) => {
  const pages: [Customer, keyof typeof LANDING_PAGE_DATA, (page: Page) => Locator][] = [
    [admin, '/admin', (page) => page.getByRole('list', { name: 'Order totals' })],
    [admin, '/admin/orders', (page) => page.getByRole('heading', { name: 'Orders', exact: true })],
  ];
  for (const [user, path, shown] of pages) {
    const { url } = LANDING_PAGE_DATA[path];
    const context = await browser.newContext({ baseURL, storageState: user.storageState });
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const address = new URL(request.url());
        if (address.pathname === new URL(url, address).pathname)
          asked.push(`${address.pathname}${address.search}`);
      });
      const response = await page.goto(path);
      expect(await response?.text(), `${path}: its page names ${url}`).toContain(
        `<link rel="preload" href="${url.replaceAll('&', '&amp;')}" as="fetch"`,
      );
      await expect(shown(page)).toBeVisible();
      // Once: the screen asked for the very address preloaded and took its answer instead of asking again.
      expect(asked, `${path}: requests for ${url}`).toEqual([url]);
    } finally {
      await context.close();
    }
  }
});

test('My Orders comes drawn with its answer in the page, and the app does not ask for it again', async ({
  browser,
  baseURL,
  customer,
}) => {
  const context = await browser.newContext({ baseURL, storageState: customer.storageState });
  try {
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/orders') asked.push(request.url());
    });
    const response = await page.goto('/orders');
    const html = (await response?.text()) ?? '';
    // Drawn by the server (decision 300): the list's answer travels in the page, not as a preload,
    // and the page asks for the app's chunks only once it has painted.
    expect(html).toContain(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`);
    expect(html).not.toContain('<link rel="preload"');
    expect(html).not.toMatch(/<link rel="modulepreload"(?![^>]*fetchpriority="low")/);
    // The app has taken the page over once the search box answers typing (typed again until it does).
    await expect(async () => {
      await page.getByRole('searchbox').fill('no such order');
      await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    expect(asked).toEqual([]);
  } finally {
    await context.close();
  }
});
