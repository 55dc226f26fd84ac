/**
 * The back office by keyboard and the orders table an operator lives in: find an order by its ID in
 * the command palette and move it to its next stage by keyboard alone, counting the keystrokes; undo;
 * j/k/x/Enter and / on the list, never while typing; `?`; three stages chosen through the chips and
 * named on them; full IDs at 1280 px; rows per page remembered; a saved view as a tab. axe light and
 * dark at 1280 and 375 px; screenshots. Works on the 'AOK' orders only (seed-keyboard.ts).
 */
import type { Page } from '@playwright/test';
import { expectToast, toasts } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { KEYBOARD_ORDERS as K } from './support/seed-keyboard.js';
import { expect, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

async function ordersPage(page: Page, search: string) {
  await page.goto(`/admin/orders?q=${encodeURIComponent(search)}`);
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ orders?/)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Presses keys and counts them: a chord such as Control+K counts each key held (two). */
function keyboard(page: Page) {
  let count = 0;
  return {
    press: async (keys: string) => {
      count += keys.split('+').length;
      await page.keyboard.press(keys);
    },
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    get count() {
      return count;
    },
  };
}

test('keyboard only: find an order by its ID and move it to the next stage in at most 15 keystrokes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, K.search);
  const keys = keyboard(page);

  await keys.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await keys.type(K.moved.orderId);
  // The order found by its ID is the one chosen; Enter opens it.
  const open = palette.getByRole('option', { name: new RegExp(`^Open ${K.moved.orderId}\\b`) });
  await expect(open).toHaveAttribute('aria-selected', 'true');
  await expectAccessibleEverywhere(page, 'command palette with an order found');
  await shoot(page, 'back-office-command-palette');
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`Order ${K.moved.orderId}`);
  await expect(heading).toContainText('Site Preparation');

  // On the order's page the palette offers to move it on, first.
  await keys.press('Control+K');
  const move = palette.getByRole('option', { name: `Move ${K.moved.orderId} to In Production` });
  await expect(move).toHaveAttribute('aria-selected', 'true');
  await keys.press('Enter');
  await expectToast(page, `${K.moved.orderId} moved to In Production`);
  await expect(heading).toContainText('In Production');
  expect(keys.count).toBeLessThanOrEqual(15);
  console.log(`keystrokes to find ${K.moved.orderId} and move it on: ${keys.count}`);

  // Undo, from the toast: back where it was.
  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expectToast(page, `${K.moved.orderId} moved back to Site Preparation`);
  await expect(heading).toContainText('Site Preparation');
  await expect(page.getByRole('button', { name: 'Move to In Production' })).toBeVisible();

  // The same move from the page's own button, one click.
  await page.getByRole('button', { name: 'Move to In Production' }).click();
  await expectToast(page, `${K.moved.orderId} moved to In Production`);
  await expect(heading).toContainText('In Production');
  await expect(page.getByRole('button', { name: 'Move to Delivery Scheduled' })).toBeVisible();
  await shoot(page, 'back-office-order-next-stage');
});

test('j, k, x, Enter and / on the list; none of them while typing; ? lists them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, 'AOK Staged');
  const ids = await page.locator('[data-order-link]').allInnerTexts();
  expect(ids.length).toBe(K.staged.length);

  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: ids[0], exact: true })).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: ids[1], exact: true })).toBeFocused();
  await page.keyboard.press('k');
  await expect(page.getByRole('link', { name: ids[0], exact: true })).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select order ${ids[0]}` })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Selected orders' })).toContainText('1 selected');
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select order ${ids[0]}` })).not.toBeChecked();

  // `/` goes to the search box; there the same letters are only typed.
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await expect(search).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' jkx?/');
  await expect(search).toHaveValue('AOK Staged jkx?/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Selected orders' })).toHaveCount(0);
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await ordersPage(page, 'AOK Staged');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const what of ['Search the orders', 'Next order in the list', 'Open the order'])
    await expect(help).toContainText(what);
  await expectAccessibleEverywhere(page, 'keyboard shortcuts');
  await shoot(page, 'back-office-shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Every shortcut has a button: the menu opens the same two overlays.
  await page.getByRole('button', { name: /Keyboard shortcuts/ }).click();
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Search or jump to/ }).click();
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await page.keyboard.type('Customers');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/customers/);

  // Enter on a row opens it.
  await ordersPage(page, 'AOK Staged');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${ids[0]}`);
});

test('three stages through the chips, named on the chip; full IDs at 1280 px; a saved view as a tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, K.search);
  const chips = page.getByRole('region', { name: 'Filters' });

  // Every ID whole, the longest included: nothing is cut.
  await expect(page.getByRole('link', { name: K.longId.orderId, exact: true })).toBeVisible();
  const cut = await page
    .locator('[data-order-link]')
    .evaluateAll((links) =>
      links
        .filter((link) => link.scrollWidth > link.clientWidth + 1 || link.getBoundingClientRect().width < 1)
        .map((link) => link.textContent),
    );
  expect(cut).toEqual([]);

  // The three stages, among the staged orders only (another journey moves the 'AOK' cabin).
  await ordersPage(page, 'AOK Staged');
  await chips.getByRole('button', { name: /^Stage/ }).click();
  const menu = page.getByRole('menu');
  for (const stage of ['Payment Pending', 'In Production', 'Delivered'])
    await menu.getByRole('menuitemcheckbox', { name: stage }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=FINANCING_PAYMENT(%2C|,)PRODUCTION(%2C|,)DELIVERED/);
  await expect(chips).toContainText('Stage: Payment Pending, In Production, Delivered');
  await expect(page.getByText('Showing 1 to 3 of 3 orders')).toBeVisible();
  for (const order of K.staged.slice(0, 3))
    await expect(page.getByRole('link', { name: order.orderId, exact: true })).toBeVisible();
  // On a phone the named chip is cut short rather than widening the page.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(chips).toContainText('Stage: Payment Pending');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessibleEverywhere(page, 'orders filtered by three stages');
  await shoot(page, 'back-office-stage-chips');

  // Saved as a view: a tab over the table that brings the three stages back.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const save = page.getByRole('dialog', { name: 'Save current view' });
  await save.getByLabel('View name').fill('Paying, building, done');
  await save.getByRole('button', { name: 'Save view' }).click();
  const tabs = page.getByRole('navigation', { name: 'Saved views' });
  await expect(tabs.getByRole('link', { name: 'Paying, building, done' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await chips.getByRole('button', { name: 'Remove the stage filter' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(chips).not.toContainText('Stage:');
  await tabs.getByRole('link', { name: 'Paying, building, done' }).click();
  await expect(chips).toContainText('Stage: Payment Pending, In Production, Delivered');
  await shoot(page, 'back-office-view-tabs');

  // Leaves no view behind for the journeys that follow.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  await page.getByRole('button', { name: 'Delete view Paying, building, done' }).click();
  await expectToast(page, 'View “Paying, building, done” deleted');
});

test('rows per page: 50 until chosen, then the staff member’s own on every visit', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ordersPage(page, K.search);
  const size = page.getByLabel('Rows per page');
  await expect(size).toHaveValue('50');
  await size.selectOption('100');
  await expect(page).not.toHaveURL(/pageSize=/);
  await ordersPage(page, K.search);
  await expect(size).toHaveValue('100');
  // Back to the default for the journeys that follow.
  await size.selectOption('50');
  await ordersPage(page, K.search);
  await expect(size).toHaveValue('50');
});
