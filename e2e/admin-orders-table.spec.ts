/**
 * The orders table as an operator with a long list uses it: the page size and a jump to a page kept in
 * the address; at 1280 px the pinned Actions column covers no Stage and expanding an order moves no
 * column; at 375 px cards that fit the screen; axe light and dark at both sizes; screenshots. It reads
 * the seeded 'AOX' orders and changes none.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { ADMIN_ORDERS as A } from './support/seed-admin-orders.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

const SHOWING = /^Showing ([\d,]+) to ([\d,]+) of ([\d,]+) orders/;

async function showing(page: Page) {
  const text = await page.getByText(SHOWING).innerText();
  const [, first, last, total] = SHOWING.exec(text) ?? [];
  const number = (value = '') => Number(value.replaceAll(',', ''));
  return { first: number(first), last: number(last), total: number(total) };
}

async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The boxes of the header cells, left to right. */
async function headerBoxes(page: Page) {
  return page
    .getByRole('table')
    .getByRole('columnheader')
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const box = cell.getBoundingClientRect();
        return { x: Math.round(box.x), width: Math.round(box.width) };
      }),
    );
}

test('changes the page size and jumps to a page, both kept in the address', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/orders?q=${A.search}`);
  await expect(page.getByText(SHOWING)).toBeVisible();
  const { total } = await showing(page);
  expect(total).toBeGreaterThan(10);

  const asked = page.waitForRequest((req) => /\/api\/admin\/orders\?.*pageSize=25/.test(req.url()));
  await page.getByLabel('Rows per page').selectOption('25');
  expect(new URL((await asked).url()).searchParams.get('page')).toBe('1');
  await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
  await settled(page);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(25, total) + 1);

  // Back to 10 a page, then straight to the second page by number.
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page).not.toHaveURL(/pageSize=/);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByLabel('Go to page').fill('2');
  const second = page.waitForRequest((req) => /\/api\/admin\/orders\?page=2&pageSize=10/.test(req.url()));
  await pager.getByRole('button', { name: 'Go', exact: true }).click();
  await second;
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} orders`)).toBeVisible();

  // A reload keeps the page and the size.
  await page.goto(`/admin/orders?q=${A.search}&pageSize=25`);
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await pager.getByRole('button', { name: 'Page 1' }).waitFor();
  await expect(page.getByText(`Showing 1 to ${Math.min(25, total)} of ${total} orders`)).toBeVisible();
});

test('at 1280 px the Actions column covers no Stage, and expanding an order moves no column', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/orders?q=${A.search}&pageSize=25`);
  await expect(page.getByText(SHOWING)).toBeVisible();
  await settled(page);
  const table = page.getByRole('table');
  const stage = await table.getByRole('columnheader', { name: /Stage/ }).boundingBox();
  const actions = await table.getByRole('columnheader', { name: 'Actions' }).boundingBox();
  if (!stage || !actions) throw new Error('the header cells have no box');
  expect(stage.x + stage.width).toBeLessThanOrEqual(actions.x);
  // Nothing is scrolled out of sight under the pinned column either.
  const overflow = await table.evaluate((element) => {
    const scroller = element.parentElement as HTMLElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);

  const before = await headerBoxes(page);
  await page.getByRole('button', { name: `Show the 3 units of ${A.lookout.orderId}` }).click();
  await expect(page.getByRole('row', { name: `${A.lookout.orderId} · VH (03)` })).toBeVisible();
  expect(await headerBoxes(page)).toEqual(before);

  await expectNoSeriousViolations(page, 'orders table at 1280 px (light)');
  await switchTheme(page, 'dark');
  await expectNoSeriousViolations(page, 'orders table at 1280 px (dark)');
  await shoot(page, 'admin-orders-table-expanded');
});

test('at 375 px the orders are cards that fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/orders?q=${A.search}`);
  await expect(page.getByText(SHOWING)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Orders' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = cards.getByRole('listitem', { name: `Order ${A.status.orderId}` });
  await expect(card).toContainText(`${A.customerName.firstName} ${A.customerName.lastName}`);
  await expect(card).toContainText(A.status.productName);
  await expect(card).toContainText('$75,000.00');
  await expect(card.getByRole('checkbox', { name: `Select order ${A.status.orderId}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Actions for order ${A.status.orderId}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectNoSeriousViolations(page, `orders cards at 375 px (${theme})`);
  }
  await shoot(page, 'admin-orders-table');
});
