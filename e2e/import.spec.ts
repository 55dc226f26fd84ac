/**
 * The Import Data journey against the real server: 'File required', a preview (dry run) with a row
 * error, the error list downloaded as CSV, 'Import valid rows only', and the new orders in the orders
 * table. Axe on the page and the preview, light and dark; screenshots at 375 and 1280 px. The journey's
 * orders are 'IMP-…' ids unique to the run.
 */
import { readFile } from 'node:fs/promises';
import { expectToast, toasts } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

const run = Date.now().toString(36).toUpperCase();
const ids = [1, 2, 3, 4].map((n) => `IMP-${run}-${n}`);
const CSV = [
  'Order ID,Product Name,Quantity,Order Date,Status,Email,Zip Code',
  `${ids[0]},Studio 240,2,3/14/2025,,imp-e2e-${run.toLowerCase()}@example.com,78701`,
  `${ids[1]},"Cabin 400, cedar",1,2025-03-15,SITE_PREP,,94110`,
  `${ids[2]},Tiny Home 320,two,2025-03-16,,,`,
  `${ids[3]},Guest House 500,1,2025-03-17,PRODUCTION,,10001`,
].join('\r\n');

test('the admin previews an import, sees and downloads the errors, imports the valid rows, and finds the orders', async ({
  page,
}) => {
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Data' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectNoSeriousViolations(page, `import page (${theme})`);
  }
  await switchTheme(page, 'light');
  await shoot(page, 'admin-import');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'File required');
  // Closed here: left to its own timer, its fade-out can fall inside the preview's axe checks, which
  // then measure its text half faded (seen under load).
  await toasts(page).getByRole('button', { name: 'Close notification' }).click();
  await expect(toasts(page).getByText('File required', { exact: true })).toBeHidden();

  await page.getByLabel('Order file (.csv, .xlsx or .xls)').setInputFiles({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect(page.getByText('orders.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(page.getByText('To create').locator('..')).toContainText('3');
  await expect(page.getByText('Rejected', { exact: true }).locator('..')).toContainText('1');
  const reason = "quantity must be a whole number of at least 1 (got 'two')";
  const errorRow = page.getByRole('row').filter({ hasText: reason });
  await expect(errorRow).toContainText('4');
  await expect(errorRow).toContainText('quantity');
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectNoSeriousViolations(page, `import preview (${theme})`);
  }
  await switchTheme(page, 'light');
  await shoot(page, 'admin-import-preview');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download errors' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('import-errors.csv');
  const errorsCsv = await readFile((await download.path()) ?? '', 'utf8');
  expect(errorsCsv).toBe(`row,column,message\r\n4,quantity,${reason}\r\n`);

  await page.getByRole('button', { name: 'Import valid rows only' }).click();
  await expectToast(page, 'Import successful');
  await expect(page.getByRole('heading', { name: 'Import result' })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Created' }).locator('..')).toContainText('3');
  await shoot(page, 'admin-import-result');

  await page.goto(`/admin/orders?q=${encodeURIComponent(`IMP-${run}`)}`);
  await expect(page.getByText('Showing 1 to 3 of 3 orders')).toBeVisible();
  for (const id of [ids[0], ids[1], ids[3]])
    await expect(page.getByText(id ?? '', { exact: true })).toBeVisible();
  await expect(page.getByText(ids[2] ?? '', { exact: true })).toHaveCount(0);
});
