/**
 * Bulk over a filter: a staff member selects a page of the filtered list, then every matching order,
 * and moves them all to another stage in one server job with a progress bar, while another staff
 * member's open list of the same filter empties without a reload (the job's live message).
 */
import type { Page } from '@playwright/test';
import { expectToast } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { BULK } from './support/seed-bulk.js';
import { expect, switchTheme, test } from './support/test.js';

const LIST = `/admin/orders?product=${encodeURIComponent(BULK.productName)}&status=ORDER_PLACED&pageSize=10`;

const showing = (page: Page, total: number) => page.getByText(new RegExp(`of ${total} orders`)).first();

test('select all matching and move every order in one job while another staff member’s list updates live', async ({
  browser,
  admin,
  baseURL,
}) => {
  // Two signed-in browsers and a job: more than the default on a busy 2-CPU machine.
  test.setTimeout(120_000);
  const otherContext = await browser.newContext({ baseURL, storageState: admin.storageState });
  const other = await otherContext.newPage();
  const sockets: string[] = [];
  other.on('websocket', (ws) => sockets.push(ws.url()));
  await other.goto(LIST);
  await expect(showing(other, BULK.count)).toBeVisible();
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  // A marker on the window: a reload would lose it.
  await other.evaluate(() => {
    (window as unknown as { bulkMarker: number }).bulkMarker = 1;
  });

  const context = await browser.newContext({ baseURL, storageState: admin.storageState });
  const page = await context.newPage();
  await page.goto(LIST);
  await expect(showing(page, BULK.count)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar).toContainText('10 selected');
  await bar.getByRole('button', { name: `Select all ${BULK.count} matching orders` }).click();
  await expect(bar).toContainText(`All ${BULK.count} matching orders selected`);
  await page.screenshot({ path: test.info().outputPath('bulk-bar-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(bar).toBeVisible();
  await expectNoSeriousViolations(page, 'the selection bar at 375 px');
  await page.screenshot({ path: test.info().outputPath('bulk-bar-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await bar.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the status of ${BULK.count} matching orders?` });
  await expect(dialog).toContainText('all or nothing');
  await dialog.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'In Production', exact: true }).click();
  await expectNoSeriousViolations(page, 'the bulk job confirmation');
  await page.screenshot({ path: test.info().outputPath('bulk-confirm.png') });
  await dialog.getByRole('button', { name: `Move ${BULK.count} matching orders to In Production` }).click();

  const progress = dialog.getByRole('progressbar', { name: 'Job progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', String(BULK.count));
  await expectToast(page, `${BULK.count} orders moved to In Production.`);
  await expect(dialog).toContainText(`${BULK.count} orders moved to In Production.`);
  await switchTheme(page, 'dark');
  await expectNoSeriousViolations(page, 'the finished bulk job, dark');
  await page.screenshot({ path: test.info().outputPath('bulk-done-dark.png') });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText('No orders match your search or filters.')).toBeVisible();

  // The other staff member's list, still open, emptied by the live message.
  await expect(other.getByText('No orders match your search or filters.')).toBeVisible();
  expect(await other.evaluate(() => (window as unknown as { bulkMarker?: number }).bulkMarker)).toBe(1);
  await other.goto(`/admin/orders?product=${encodeURIComponent(BULK.productName)}&status=PRODUCTION`);
  await expect(showing(other, BULK.count)).toBeVisible();

  await context.close();
  await otherContext.close();
});
