/**
 * The first screens the server draws (decision 300): with JavaScript off, My Orders, an order's page
 * and the tracking page already show each unit and its stage in the server's answer. With it on, the
 * app takes that markup over without replacing it (no unit card leaves the page), reports no failed
 * hydration, and the cards answer clicks as before.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { OrderDto } from '../src/shared/schemas/orders.js';
import { BEN } from './support/seed.js';
import { expect, test } from './support/test.js';

/** The English stage names the customer screens show (`common:stage.<CODE>`). */
const STAGE_NAMES: Record<string, string> = JSON.parse(
  readFileSync(new URL('../src/client/locales/en/common.json', import.meta.url), 'utf8'),
).stage;

/** Each unit of an order as the API answers it: its name and the stage the screens name. */
function units(order: OrderDto): { name: string; stage: string }[] {
  const list =
    order.items.length > 0
      ? order.items.map((item) => ({ number: item.itemNumber, status: item.status }))
      : Array.from({ length: order.quantity || 1 }, (_, i) => ({ number: i + 1, status: order.status }));
  return list.map(({ number, status }) => ({
    name: `${order.orderId} · Unit ${number}`,
    stage: STAGE_NAMES[status] ?? status,
  }));
}

async function bensOrders(page: Page): Promise<OrderDto[]> {
  const orders = (await (await page.request.get('/api/orders')).json()) as OrderDto[];
  expect(orders.map((order) => order.orderId)).toEqual(
    expect.arrayContaining([BEN.tinyHome.orderId, BEN.office.orderId]),
  );
  return orders;
}

test('without JavaScript, My Orders, an order page and its tracking page show every unit and its stage', async ({
  browser,
  ben,
}) => {
  const context = await browser.newContext({ storageState: ben.storageState, javaScriptEnabled: false });
  const page = await context.newPage();
  const orders = await bensOrders(page);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: `My Orders (${orders.length})` })).toBeVisible();
  for (const unit of orders.flatMap(units)) {
    const card = page.locator('article').filter({ hasText: unit.name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(unit.stage);
  }

  const office = orders.find((order) => order.orderId === BEN.office.orderId) as OrderDto;
  await page.goto(`/orders/${office.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${office.orderId}` })).toBeVisible();
  for (const unit of units(office)) {
    const card = page.locator('article').filter({ hasText: unit.name });
    await expect(card).toContainText(unit.stage);
    // Expanded on this page: the unit's timeline names its current step.
    await expect(card.locator('li[aria-current="step"]')).toContainText(unit.stage);
  }
  await context.close();

  // A guest with the link: the one order, nothing signed in.
  const guest = await browser.newContext({ javaScriptEnabled: false });
  const tracking = await guest.newPage();
  await tracking.goto(`/track/${office.trackingToken}`);
  await expect(tracking.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  const cards = tracking
    .getByRole('list', { name: 'Units' })
    .getByRole('listitem')
    .filter({ has: tracking.locator('h2') });
  await expect(cards).toHaveCount(units(office).length);
  for (const [index, unit] of units(office).entries()) {
    await expect(cards.nth(index).locator('h2')).toHaveText(unit.name);
    await expect(cards.nth(index)).toContainText(unit.stage);
  }
  await expect(tracking.getByText(BEN.tinyHome.orderId)).toHaveCount(0);
  await guest.close();
});

test('with JavaScript, the app takes each drawn page over in place, and its controls answer', async ({
  browser,
  ben,
}) => {
  // A phone's width, as the phone audit loads them.
  const context = await browser.newContext({
    storageState: ben.storageState,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  // Counts unit cards (and headed parts) taken off the page: taking the markup over keeps them, drawing
  // anew would not.
  await page.addInitScript(() => {
    const removed = { count: 0 };
    Object.assign(window, { removedCards: removed });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('article, h2') || node.querySelector('article, h2'))) {
            removed.count++;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[0-5]/i.test(message.text())) {
      failures.push(message.text());
    }
  });
  const removedCards = () =>
    page.evaluate(() => (window as unknown as { removedCards: { count: number } }).removedCards.count);
  /** Clicks `toggle` until the app, once it has taken the page over, answers by flipping it. */
  const flip = async (toggle: Locator, from: 'true' | 'false') => {
    const to = from === 'true' ? 'false' : 'true';
    await expect(toggle).toHaveAttribute('aria-expanded', from);
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) === from) await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', to, { timeout: 1_000 });
    }).toPass();
  };

  await page.goto('/orders');
  const office = page.locator('article').filter({ hasText: `${BEN.office.orderId} · Unit 1` });
  await flip(office.locator('button[aria-controls]'), 'false');
  await expect(office.getByRole('list', { name: 'Order timeline' })).toBeVisible();
  expect(await removedCards()).toBe(0);

  const orders = await bensOrders(page);
  const officeOrder = orders.find((order) => order.orderId === BEN.office.orderId) as OrderDto;
  await page.goto(`/orders/${officeOrder.id}`);
  // Expanded on the order page: the first click folds the unit.
  await flip(page.locator('article').first().locator('button[aria-controls]'), 'true');
  expect(await removedCards()).toBe(0);

  await page.goto(`/track/${officeOrder.trackingToken}`);
  await expect(async () => {
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Sigue tu pedido' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  expect(await removedCards()).toBe(0);
  expect(failures).toEqual([]);
  await context.close();
});
