/**
 * An order's own page, reached from the table and the dashboard, with its units, activity and notes;
 * saved views and the several-stage filter; exporting and deleting selected orders. Works on the
 * 'AOP' orders only (seed-admin-orders.ts), which no other journey counts.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectToast } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { ORDER_PAGE as P } from './support/seed-admin-orders.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

async function ordersPage(page: Page, search: string) {
  await page.goto(`/admin/orders?q=${encodeURIComponent(search)}`);
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ orders?/)).toBeVisible();
}

async function axeBothThemes(page: Page, label: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `${label} at ${width} px (${theme})`);
    }
  }
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an order page from the table: units, activity, notes and the customer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, P.shown.productName);
  await page.getByRole('link', { name: P.shown.orderId, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${P.shown.orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('In Production');

  const units = page.getByRole('list', { name: 'Units' }).getByRole('listitem');
  await expect(units).toHaveCount(2);
  await expect(units.nth(0)).toContainText(`${P.shown.orderId} · Unit 1`);
  await expect(units.nth(0).getByTestId('delivery-estimate')).toContainText('Estimated delivery');
  await expect(units.nth(1)).toContainText('Delivered');
  await expect(units.nth(1)).toContainText(/Delivery booked for|Delivery day: not booked/);
  await expect(
    units.nth(1).getByRole('button', { name: `Update Status of ${P.shown.orderId} · Unit 2` }),
  ).toBeVisible();

  const feed = page.getByRole('list', { name: 'Activity, newest first' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await page.getByLabel('Add internal note').fill('Crane booked for the 14th');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expectToast(page, 'Note added');
  await expect(feed.getByRole('listitem').first()).toContainText('Crane booked for the 14th');

  await axeBothThemes(page, 'order page');
  await shoot(page, 'admin-order-page');

  await page.getByRole('link', { name: 'ao-ann@example.com' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=ao-ann%40example\.com$/);
  await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('ao-ann@example.com');

  await page.goto('/admin/orders/999999999');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
});

test('the dashboard opens filtered lists and order pages', async ({ page }) => {
  await page.goto('/admin');
  const totals = page.getByRole('list', { name: 'Order totals' });
  await totals.getByRole('link', { name: 'In Production' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=PRODUCTION$/);
  await expect(page.getByRole('button', { name: /Filter.*1 filter set/ })).toBeVisible();
  for (const row of (await page.getByRole('table').getByRole('row').all()).slice(1)) {
    await expect(row).toContainText('In Production');
  }
  await page.goBack();
  const recent = page.getByRole('link', { name: /^View order / }).first();
  await recent.click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Order ');
  await expect(page.getByRole('list', { name: 'Units' })).toBeVisible();
});

test('several stages at once, saved as a view and applied again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, P.search);
  await page.getByRole('button', { name: /^Filter/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter orders' });
  await dialog.getByRole('checkbox', { name: 'In Production' }).check();
  await dialog.getByRole('checkbox', { name: 'Delivered' }).check();
  await dialog.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=PRODUCTION(%2C|,)DELIVERED/);
  const matching = [P.shown.orderId, ...P.exported.map((order) => order.orderId)];
  await expect(page.getByText(`Showing 1 to ${matching.length} of ${matching.length} orders`)).toBeVisible();
  for (const id of matching) await expect(page.getByRole('link', { name: id, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: P.third.orderId, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const save = page.getByRole('dialog', { name: 'Save current view' });
  await save.getByLabel('View name').fill('Built or delivered');
  await save.getByRole('button', { name: 'Save view' }).click();
  await expectToast(page, 'View “Built or delivered” saved');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(/of [5-9] orders/)).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await shoot(page, 'admin-order-views-menu');
  await page.getByRole('menuitem', { name: 'Built or delivered' }).click();
  await expect(page.getByText(`Showing 1 to ${matching.length} of ${matching.length} orders`)).toBeVisible();
  await expect(page).toHaveURL(/status=PRODUCTION(%2C|,)DELIVERED/);
});

test('selected orders: export just those, delete them after naming the count', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, 'AOP Export');
  for (const order of P.exported) {
    await page.getByRole('checkbox', { name: `Select order ${order.orderId}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar).toContainText('2 selected');
  await axeBothThemes(page, 'orders with the bulk bar');
  await shoot(page, 'admin-orders-bulk-bar');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('button', { name: 'Export selected' }).click(),
  ]);
  const csv = await readFile((await file.path()) as string, 'utf8');
  const rows = csv.trim().split(/\r?\n/).slice(1);
  expect(rows).toHaveLength(2);
  expect(rows.map((row) => row.split(',')[0]).sort()).toEqual(P.exported.map((order) => order.orderId));

  await ordersPage(page, 'AOP Drop');
  await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
  await page
    .getByRole('region', { name: 'Selected orders' })
    .getByRole('button', { name: 'Delete selected' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 orders?' });
  await expect(confirm).toBeVisible();
  await shoot(page, 'admin-orders-bulk-delete');
  await page.setViewportSize({ width: 1280, height: 800 });
  await confirm.getByRole('button', { name: 'Delete 2 orders' }).click();
  await expectToast(page, '2 orders deleted');
  await expect(page.getByText('No orders found')).toBeVisible();
});

test('search finds the order asked for first, and customers by name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, P.exactId.orderId);
  const orderLinks = page.getByRole('table').getByRole('link', { name: /^VH47/ });
  // Newest first would put VH47070 on top; the exact ID comes first whatever the order.
  await expect(orderLinks).toHaveText([P.exactId.orderId, P.longerId.orderId]);
  await orderLinks.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${P.exactId.orderId}`);

  await ordersPage(page, 'Okonkwo-Fairweather');
  await expect(page.getByRole('link', { name: P.shown.orderId, exact: true })).toBeVisible();
});
