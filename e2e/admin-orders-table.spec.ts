/**
 * The orders table as an operator with a long list uses it: the page size kept for the staff member and
 * a jump to a page kept in the address; at 1280 px the pinned Actions column covers no Stage and expanding an order moves no
 * column; at 375 px cards that fit the screen; axe light and dark at both sizes; screenshots. It reads
 * the seeded 'AOX' orders and changes none.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { ADMIN_ORDERS as A } from './support/seed-admin-orders.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

const SHOWING = /^Showing ([\d,]+) to ([\d,]+) of ([\d,]+) orders?/;

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

test('changes the page size, kept for this staff member, and jumps to a page kept in the address', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/orders?q=${A.search}`);
  await expect(page.getByText(SHOWING)).toBeVisible();
  const { total } = await showing(page);
  expect(total).toBeGreaterThan(10);

  const asked = page.waitForRequest((req) => /\/api\/admin\/orders\?.*pageSize=25/.test(req.url()));
  await page.getByLabel('Rows per page').selectOption('25');
  expect(new URL((await asked).url()).searchParams.get('page')).toBe('1');
  // The staff member's own choice: kept on the server, not in the address.
  await expect(page).not.toHaveURL(/pageSize=/);
  await settled(page);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(25, total) + 1);

  // Down to 10 a page, then straight to the second page by number.
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

  // A reload keeps the page, and the size comes back from the server; a size in a link wins.
  await page.reload();
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  await expect(page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} orders`)).toBeVisible();
  await page.goto(`/admin/orders?q=${A.search}&pageSize=25`);
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await pager.getByRole('button', { name: 'Page 1' }).waitFor();
  await expect(page.getByText(`Showing 1 to ${Math.min(25, total)} of ${total} orders`)).toBeVisible();

  // Back to the default for the journeys that follow.
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page.getByText(`Showing 1 to ${Math.min(50, total)} of ${total} orders`)).toBeVisible();
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
  await expect(page.getByRole('row', { name: `${A.lookout.orderId} · Unit 3` })).toBeVisible();
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

/** A CSS colour (any syntax the browser knows) as sRGB 0–255, read back from a canvas. */
function rgbOf(page: Page, color: string) {
  return page.evaluate((css) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as const;
  }, color);
}

/** WCAG contrast ratio of two sRGB colours. */
function contrast(a: readonly number[], b: readonly number[]) {
  const luminance = (rgb: readonly number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('in dark mode a row checkbox reached by keyboard shows a focus ring that stands out from its row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/orders?q=${A.search}`);
  await expect(page.getByText(SHOWING)).toBeVisible();
  await switchTheme(page, 'dark');
  const boxes = page.getByRole('table').getByRole('checkbox', { name: /^Select order / });
  const target = boxes.nth(1);
  const ringOf = () =>
    target.evaluate((box) => {
      const style = getComputedStyle(box);
      // The colour behind the row: the first ancestor that paints one.
      let background = 'rgb(0, 0, 0)';
      for (let node: Element | null = box; node; node = node.parentElement) {
        const paint = getComputedStyle(node).backgroundColor;
        if (paint && !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(paint)) {
          background = paint;
          break;
        }
      }
      return {
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        outlineStyle: style.outlineStyle,
        outlineColor: style.outlineColor,
        boxShadow: style.boxShadow,
        background,
      };
    });
  const unfocused = await ringOf();

  // From the first row's box, Tab through that row's controls to the second row's box.
  await boxes.first().focus();
  for (let i = 0; i < 20 && !(await target.evaluate((box) => box === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  expect(await target.evaluate((box) => box.matches(':focus-visible'))).toBe(true);
  const focused = await ringOf();
  expect(`${focused.outline} | ${focused.boxShadow}`).not.toBe(
    `${unfocused.outline} | ${unfocused.boxShadow}`,
  );

  // The ring's colour: the outline when there is one, else the widest box-shadow layer (a ring is a
  // spread shadow; its offset layer is drawn in the background's colour beneath it).
  let ring = focused.outlineColor;
  if (focused.outlineStyle === 'none') {
    const layers = focused.boxShadow.split(/,(?![^(]*\))/).map((layer) => {
      const color = /^(\w+\([^)]*\)|#\w+)/.exec(layer.trim())?.[1] ?? '';
      const lengths = [...layer.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
      return { color, spread: lengths[3] ?? 0 };
    });
    ring = layers.sort((a, b) => b.spread - a.spread)[0]?.color ?? '';
  }
  expect(ring).not.toBe('');
  const ratio = contrast(await rgbOf(page, ring), await rgbOf(page, focused.background));
  // Non-text contrast (WCAG 1.4.11): at least 3:1 against the row it sits on.
  expect(ratio).toBeGreaterThanOrEqual(3);
  // Only this state matters here (the shared shooter re-renders and drops the focus).
  await page.screenshot({ path: test.info().outputPath('row-checkbox-focus-dark.png') });
});
