/**
 * Insights: an admin's open screen follows a stage change another member of staff makes, without a
 * reload; the screen at a phone's and a desktop's width, light and dark, accessible, each table
 * reachable by keyboard.
 */
import type { Page } from '@playwright/test';
import { STAGE_LABELS } from '../src/shared/stages.js';
import { expectToast, signInWithPassword } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { baseUrl } from './support/env.js';
import { shoot } from './support/screenshots.js';
import { INSIGHTS } from './support/seed-insights.js';
import { expect, test } from './support/test.js';

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function filterOnProduct(page: Page) {
  await page.goto('/admin/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await page.getByLabel('Product', { exact: true }).fill(INSIGHTS.product);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('a stage change shows in the flow chart of another staff member’s open Insights screen', async ({
  browser,
  admin,
}) => {
  test.setTimeout(90_000);
  const watcherContext = await browser.newContext({ baseURL: baseUrl(), storageState: admin.storageState });
  const watcher = await watcherContext.newPage();
  const sockets: string[] = [];
  watcher.on('websocket', (ws) => sockets.push(ws.url()));
  await filterOnProduct(watcher);
  const flow = card(watcher, 'Units in each stage');
  await expect(flow.locator('[data-reading]')).toHaveText(
    `1 unit on their way at the end of the range; most of them in ${STAGE_LABELS.SITE_PREP} (1).`,
  );
  // The table is a tab away, by keyboard: focus the Chart tab, arrow to Table.
  await flow.getByRole('tab', { name: 'Chart' }).focus();
  await watcher.keyboard.press('ArrowRight');
  await expect(flow.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  const lastWeek = (stage: string) => flow.getByRole('row').filter({ hasText: stage }).last();
  await expect(lastWeek(STAGE_LABELS.SITE_PREP)).toContainText(/1$/);
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  await watcher.evaluate(() => {
    (window as unknown as { insightsMarker: number }).insightsMarker = 1;
  });

  // Another member of staff (operations) moves the unit on.
  const moverContext = await browser.newContext({
    baseURL: baseUrl(),
    storageState: { cookies: [], origins: [] },
  });
  const mover = await moverContext.newPage();
  await mover.goto('/auth');
  await signInWithPassword(mover, INSIGHTS.operations.email, INSIGHTS.operations.password);
  await mover.goto(`/admin/orders?q=${INSIGHTS.order.orderId}`);
  await mover.getByRole('button', { name: `Actions for order ${INSIGHTS.order.orderId}` }).click();
  await mover.getByRole('menuitem', { name: 'Change Status' }).click();
  const dialog = mover.getByRole('dialog', { name: 'Change Status' });
  await dialog.getByRole('combobox', { name: 'New status' }).click();
  await mover.getByRole('option', { name: STAGE_LABELS.PRODUCTION, exact: true }).click();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expectToast(mover, 'Order status updated');

  await expect(flow.locator('[data-reading]')).toHaveText(
    `1 unit on their way at the end of the range; most of them in ${STAGE_LABELS.PRODUCTION} (1).`,
    { timeout: 10_000 },
  );
  await expect(lastWeek(STAGE_LABELS.PRODUCTION)).toContainText(/1$/);
  await expect(lastWeek(STAGE_LABELS.SITE_PREP)).toContainText(/0$/);
  expect(
    await watcher.evaluate(() => (window as unknown as { insightsMarker?: number }).insightsMarker),
  ).toBe(1);

  await moverContext.close();
  await watcherContext.close();
});

test.describe('the Insights screen', () => {
  test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

  test('shows every chart with its reading, table and CSV; accessible at 375 and 1280 px, light and dark', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/admin/insights');
    const titles = [
      'Units in each stage',
      'Throughput per week',
      'Time in each stage',
      'Promises kept',
      'Waiting on whom',
      'First reply to customers',
      'Deposits collected',
      'Delivery capacity ahead',
    ];
    for (const title of titles) {
      const region = card(page, title);
      await expect(region.locator('[data-reading]')).not.toBeEmpty();
      await expect(region.getByRole('link', { name: `Download ${title} as CSV` })).toHaveAttribute(
        'href',
        /format=csv/,
      );
    }
    // The charts are drawn (the library's chunk arrived).
    await expect(card(page, 'Units in each stage').locator('svg.recharts-surface')).toBeVisible();
    const csv = await page.request.get(
      (await card(page, 'Throughput per week').getByRole('link').getAttribute('href')) ?? '',
    );
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect((await csv.text()).split('\r\n')[0]).toBe('week,production,delivered');

    await expectAccessibleEverywhere(page, 'Insights');
    await shoot(page, 'insights');
    // The tables too.
    for (const title of titles) await card(page, title).getByRole('tab', { name: 'Table' }).click();
    await expectAccessibleEverywhere(page, 'Insights tables');
    await shoot(page, 'insights-tables');
  });
});
