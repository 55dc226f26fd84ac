/**
 * The admin Dashboard and Orders journeys against the real server: search, paging, filters and sort on
 * the server, status changes (all units, one unit, several orders), the activity feed with the admin's
 * e-mail, internal notes, delete and export; axe on every page and dialog, light and dark; screenshots
 * of each at 375 and 1280 px. Each journey changes only its own seeded 'AOX' orders.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectToast, toasts } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { ADMIN_EMAIL } from './support/env.js';
import { shoot } from './support/screenshots.js';
import { ADMIN_ORDERS as A } from './support/seed-admin-orders.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

function orderRow(page: Page, label: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(label, { exact: true }) });
}

async function ordersPage(page: Page, search?: string) {
  await page.goto(search ? `/admin/orders?q=${encodeURIComponent(search)}` : '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ orders?/)).toBeVisible();
}

/** Waits until the list on screen is the one asked for (the previous page stays, busy, while it loads). */
async function settled(page: Page) {
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}

async function rowAction(page: Page, label: string, action: string) {
  await page.getByRole('button', { name: `Actions for order ${label}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function showing(page: Page): Promise<{ first: number; last: number; total: number }> {
  const text = await page.getByText(/^Showing \d+ to \d+ of \d+ orders?/).innerText();
  const [, first, last, total] = /Showing (\d+) to (\d+) of (\d+) orders?/.exec(text) ?? [];
  return { first: Number(first), last: Number(last), total: Number(total) };
}

test.describe('orders list', () => {
  test('searches, pages and keeps both in the address; guests say Guest', async ({ page }) => {
    // Ten a page, named in the address (the staff member's own size is 50), so the search spans two.
    await page.goto('/admin/orders?pageSize=10');
    await expect(page.getByText(/^Showing \d+ to \d+ of \d+ orders?/)).toBeVisible();
    await page.getByLabel('Search orders').fill(A.search);
    await expect(page).toHaveURL(/[?&]q=AOX/);
    // The address changes a moment before the list does: wait for the searched total.
    await expect.poll(async () => (await showing(page)).total).toBeLessThanOrEqual(A.count);
    await settled(page);
    await expect(page.getByText(/^Showing 1 to 10 of \d+ orders?/)).toBeVisible();
    const { total } = await showing(page);
    expect(total).toBeGreaterThanOrEqual(11);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    await expect(orderRow(page, A.status.orderId)).toContainText(A.customer);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Showing 11 to ${total} of ${total} orders`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    // The oldest of them, a guest order whose id does not start with 'VH', is on the last page, by
    // its own id as the customer knows it (no made-up VH number).
    const guest = page.getByRole('row').filter({ hasText: A.guest.orderId });
    await expect(guest).toContainText('Guest');
    await expect(guest).not.toContainText(/VH\d{2,}/);

    await page.reload();
    await expect(page.getByText(`Showing 11 to ${total} of ${total} orders`)).toBeVisible();
    await expect(page.getByLabel('Search orders')).toHaveValue(A.search);
    await page.goBack();
    await expect(page.getByText(/^Showing 1 to 10 of \d+ orders?/)).toBeVisible();
  });

  test('filters on the server: registration, product, payment, status and the whole to day', async ({
    page,
  }) => {
    await ordersPage(page, A.search);
    await page.getByRole('button', { name: /^Filter/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Filter orders' });
    await choose(dialog, page, 'Registration', 'Guest');
    await dialog.getByLabel('Product name').fill('filler');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('Showing 1 to 4 of 4 orders')).toBeVisible();
    for (const row of await page
      .getByRole('table')
      .getByRole('row')
      .all()
      .then((rows) => rows.slice(1))) {
      await expect(row).toContainText('Guest');
      await expect(row).toContainText('AOX Filler');
    }
    await expect(page).toHaveURL(/registration=guest/);

    // Paid: a transaction id is recorded.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: /^Filter/ }).click();
    dialog = page.getByRole('dialog', { name: 'Filter orders' });
    await choose(dialog, page, 'Payment', 'Paid');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('Showing 1 to 1 of 1 order')).toBeVisible();
    await expect(orderRow(page, A.status.orderId)).toContainText('Paid');

    // An order placed at noon on the 'to' day is inside a one-day range.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: /^Filter/ }).click();
    dialog = page.getByRole('dialog', { name: 'Filter orders' });
    await dialog.getByLabel('Date from').fill(A.dated.day);
    await dialog.getByLabel('Date to').fill(A.dated.day);
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('Showing 1 to 1 of 1 order')).toBeVisible();
    await expect(orderRow(page, A.dated.orderId)).toBeVisible();

    // The twelve status choices; Delivered finds the delivered unit's order only when all its units are.
    await page.goto(`/admin/orders?q=${A.search}&status=PRODUCTION`);
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ orders?/)).toBeVisible();
    for (const row of await page
      .getByRole('table')
      .getByRole('row')
      .all()
      .then((rows) => rows.slice(1))) {
      await expect(row).toContainText('In Production');
    }
    await page.getByRole('button', { name: /^Filter/ }).click();
    dialog = page.getByRole('dialog', { name: 'Filter orders' });
    await expect(dialog.getByRole('group', { name: 'Status' }).getByRole('checkbox')).toHaveCount(10);
    await expect(dialog.getByRole('checkbox', { name: 'In Production' })).toBeChecked();
    await page.keyboard.press('Escape');
  });

  test('sorts on the server by order id', async ({ page }) => {
    await ordersPage(page, 'AOX Filler');
    await page.getByRole('button', { name: /^Order ID/ }).click();
    await expect(page.getByRole('columnheader', { name: /Order ID/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('VH4620');
    await page.getByRole('button', { name: /^Order ID/ }).click();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('VH4627');
    await expect(page).toHaveURL(/sort=orderId%3Adesc|sort=orderId:desc/);
  });
});

test('the row menu and its dialogs work from the keyboard', async ({ page }) => {
  await ordersPage(page, A.lookout.orderId);
  const trigger = page.getByRole('button', { name: `Actions for order ${A.lookout.orderId}` });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Change Status' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Order details' });
  await expect(details).toBeVisible();
  // Focus stays inside the dialog while it is open, and returns to the row when it closes.
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  await expect(details.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(trigger).toBeFocused();
});

test.describe('status changes', () => {
  test("all units, then one unit, show in the order's activity feed with the admin's e-mail", async ({
    page,
  }) => {
    await ordersPage(page, A.status.orderId);
    const row = orderRow(page, A.status.orderId);
    await expect(row).toContainText('Document Signing');

    await rowAction(page, A.status.orderId, 'Change Status');
    let dialog = page.getByRole('dialog', { name: 'Change Status' });
    await choose(dialog, page, 'New status', 'Site Preparation');
    await expect(dialog.getByRole('radio', { name: 'All items (2)' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(page, 'Order status updated');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Site Preparation');

    // Individual without an item: a validation toast, and nothing changes.
    await rowAction(page, A.status.orderId, 'Change Status');
    dialog = page.getByRole('dialog', { name: 'Change Status' });
    await dialog.getByRole('radio', { name: 'Individual item' }).click();
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(page, 'Update failed');
    await expect(
      toasts(page).getByText('Please select an item to update or choose to update all items'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Unit 2 from its expanded row.
    await page.getByRole('button', { name: `Show the 2 units of ${A.status.orderId}` }).click();
    const unit2 = page.getByRole('row', { name: `${A.status.orderId} · Unit 2` });
    await expect(unit2).toContainText('Site Preparation');
    await unit2.getByRole('button', { name: /^Update Status/ }).click();
    dialog = page.getByRole('dialog', { name: 'Change Status' });
    await expect(dialog.getByRole('combobox', { name: 'Item' })).toContainText(
      `${A.status.orderId} · Unit 2`,
    );
    await choose(dialog, page, 'New status', 'Delivery Scheduled');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(page, 'Item status updated');
    await expect(unit2).toContainText('Delivery Scheduled');
    await expect(page.getByRole('row', { name: `${A.status.orderId} · Unit 1` })).toContainText(
      'Site Preparation',
    );

    await rowAction(page, A.status.orderId, 'View Details');
    const details = page.getByRole('dialog', { name: 'Order details' });
    const feed = details.getByRole('list', { name: 'Activity, newest first' });
    const newest = feed.getByRole('listitem').first();
    await expect(newest).toContainText(ADMIN_EMAIL);
    await expect(newest).toContainText('Unit 2: Site Preparation → Delivery Scheduled');
    await expect(
      feed.getByRole('listitem').filter({ hasText: 'Unit 1: Document Signing → Site Preparation' }),
    ).toContainText(ADMIN_EMAIL);

    // An internal note, marked as such.
    await details.getByLabel('Add internal note').fill('Customer asked for a morning delivery');
    await details.getByRole('button', { name: 'Add note' }).click();
    await expectToast(page, 'Note added');
    const note = feed.getByRole('listitem').first();
    await expect(note).toContainText('Customer asked for a morning delivery');
    await expect(note).toContainText('Internal — not visible to the customer');
    await expect(note).toContainText(ADMIN_EMAIL);
  });

  test('several selected orders move in one action', async ({ page }) => {
    await ordersPage(page, 'AOX Bulk');
    await expect(page.getByText('Showing 1 to 2 of 2 orders')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change status of selected orders' });
    await choose(dialog, page, 'New status', 'In Production');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(page, 'Order status updated');
    for (const order of A.bulk) await expect(orderRow(page, order.orderId)).toContainText('In Production');
    await expect(bar).toBeHidden();
  });
});

test('delete asks first, then removes the order', async ({ page }) => {
  await ordersPage(page, A.doomed.orderId);
  await rowAction(page, A.doomed.orderId, 'Delete');
  const confirm = page.getByRole('alertdialog', { name: `Delete order ${A.doomed.orderId}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(orderRow(page, A.doomed.orderId)).toBeVisible();

  await rowAction(page, A.doomed.orderId, 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Order deleted');
  await expect(page.getByText('No orders found')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Showing 0 to 0 of 0 orders')).toBeVisible();
});

test.describe('export', () => {
  test('the current search as orders-export-{date}.csv, formulas neutralised', async ({ page }) => {
    await ordersPage(page, A.search);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    await expectToast(page, 'Orders exported');
    expect(file.suggestedFilename()).toMatch(/^orders-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path()) as string, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Order ID');
    expect(lines.length - 1).toBe((await showing(page)).total);
    expect(csv).toContain(A.lookout.orderId);
    expect(csv).not.toContain('VH5001');
    // The hostile name no longer starts with '=' inside its cell.
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  test('one order as order-{orderId}.csv', async ({ page }) => {
    await ordersPage(page, A.lookout.orderId);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      rowAction(page, A.lookout.orderId, 'Export'),
    ]);
    await expectToast(page, 'Order exported');
    expect(file.suggestedFilename()).toBe(`order-${A.lookout.orderId}.csv`);
  });

  test('nothing to export says so', async ({ page }) => {
    await ordersPage(page, 'AOX no such order');
    await expect(page.getByText('No orders found')).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    await expectToast(page, 'No orders to export');
  });
});

test('dashboard: the four cards, recent orders, units per stage and the longest waits', async ({ page }) => {
  await page.goto('/admin');
  const totals = page.getByRole('list', { name: 'Order totals' });
  for (const title of ['Total Orders', 'Pending Actions', 'In Production', 'Delivered']) {
    await expect(totals.getByRole('listitem').filter({ hasText: title })).toContainText(/\d/);
  }
  await expect(page.getByRole('heading', { name: 'Recent Orders' })).toBeVisible();
  const chart = page.getByRole('table', { name: 'Units per stage' });
  await expect(chart.getByRole('rowheader')).toHaveCount(10);
  const waiting = page.getByRole('listitem').filter({ hasText: `${A.lookout.orderId} · Unit 1` });
  await expect(waiting).toContainText(`${A.waitedDays} days in Location Enabled`);
  await waiting.getByRole('link', { name: /View order/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`Order ${A.lookout.orderId}`) }),
  ).toBeVisible();
  await expect(page.getByText(A.lookout.productName).first()).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

/** Every page and dialog of this area, opened from a fresh load, on orders no journey changes. */
const VIEWS: { name: string; open(page: Page): Promise<void> }[] = [
  {
    name: 'dashboard',
    async open(page) {
      await page.goto('/admin');
      await expect(page.getByRole('table', { name: 'Units per stage' })).toBeVisible();
    },
  },
  {
    name: 'orders',
    async open(page) {
      await ordersPage(page, A.search);
    },
  },
  {
    name: 'orders-expanded',
    async open(page) {
      await ordersPage(page, A.lookout.orderId);
      await page.getByRole('button', { name: `Show the 3 units of ${A.lookout.orderId}` }).click();
      await expect(page.getByRole('row', { name: `${A.lookout.orderId} · Unit 3` })).toBeVisible();
    },
  },
  {
    name: 'orders-selected',
    async open(page) {
      await ordersPage(page, 'AOX Filler');
      await page.getByRole('checkbox', { name: 'Select order VH4621' }).check();
      await page.getByRole('checkbox', { name: 'Select order VH4623' }).check();
      await expect(page.getByRole('region', { name: 'Selected orders' })).toContainText('2 selected');
    },
  },
  {
    name: 'orders-row-menu',
    async open(page) {
      // Opened on a phone-sized page: the open menu follows its button through the later resize.
      await page.setViewportSize({ width: 375, height: 812 });
      await ordersPage(page, A.lookout.orderId);
      await page.getByRole('button', { name: `Actions for order ${A.lookout.orderId}` }).click();
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    },
  },
  {
    name: 'filter-dialog',
    async open(page) {
      await page.goto(`/admin/orders?q=${A.search}&registration=registered&dateFrom=2024-01-01`);
      await page.getByRole('button', { name: /^Filter/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filter orders' })).toBeVisible();
    },
  },
  {
    name: 'status-dialog',
    async open(page) {
      await ordersPage(page, A.lookout.orderId);
      await rowAction(page, A.lookout.orderId, 'Change Status');
      const dialog = page.getByRole('dialog', { name: 'Change Status' });
      await dialog.getByRole('radio', { name: 'Individual item' }).click();
      await expect(dialog.getByRole('combobox', { name: 'Item' })).toBeVisible();
    },
  },
  {
    name: 'details-dialog',
    async open(page) {
      await ordersPage(page, A.lookout.orderId);
      await rowAction(page, A.lookout.orderId, 'View Details');
      const feed = page
        .getByRole('dialog', { name: 'Order details' })
        .getByRole('list', { name: 'Activity, newest first' });
      await expect(feed).toBeVisible();
      // The feed is below the order's fields: bring it into the screenshot.
      await feed.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'delete-confirmation',
    async open(page) {
      await ordersPage(page, A.lookout.orderId);
      await rowAction(page, A.lookout.orderId, 'Delete');
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
];

test.describe('accessibility', () => {
  for (const view of VIEWS) {
    test(`admin ${view.name} has no serious or critical axe violations, light and dark`, async ({ page }) => {
      await view.open(page);
      for (const theme of ['light', 'dark'] as const) {
        await switchTheme(page, theme);
        await expectNoSeriousViolations(page, `admin ${view.name} (${theme})`);
      }
    });
  }
});

test.describe('@screenshots admin orders', () => {
  for (const view of VIEWS) {
    test(view.name, async ({ page }) => {
      await view.open(page);
      await shoot(page, `admin-${view.name}`);
    });
  }
});
