/**
 * The customer's first minute: Home shows the tasks and where each unit is, the sidebar's count agrees
 * with the cards, the timeline ticks only what has happened (with dates), and a keyboard user can
 * skip the navigation. Screenshots light and dark at 375 and 1280 px; axe on each.
 */
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot, VIEWPORTS } from './support/screenshots.js';
import { expect, switchTheme, test } from './support/test.js';

test('a customer sees at a glance what to do and where each unit is', async ({ browser, ann }) => {
  const context = await browser.newContext({ storageState: ann.storageState });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');

  const todo = page.getByRole('region', { name: /To do/ });
  const units = page.getByRole('region', { name: 'Where your units are' });
  await expect(todo.getByRole('link').first()).toBeVisible();
  // On a phone the tasks are the first thing under the greeting, above the navigation cards.
  const todoBox = await todo.boundingBox();
  const cardsBox = await page.getByRole('link', { name: /^My Orders/ }).boundingBox();
  expect(todoBox && cardsBox && todoBox.y < cardsBox.y).toBe(true);
  await expect(units.getByRole('link', { name: /ORD-880 · Unit 3.*Next: Delivery Scheduled/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The first Tab stop skips the navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await shoot(page, 'home-at-a-glance');
  for (const { width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `home ${theme} ${width}px`);
    }
  }

  // The sidebar's task count is the number of cards carrying the red '1'.
  await page.setViewportSize({ width: 1280, height: 800 });
  const taskCount = await todo.getByRole('link').count();
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'My Orders (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /pending action/ })).toHaveCount(taskCount);
  await expect(
    page.getByRole('button', { name: new RegExp(`Purchase Tasks\\s*Pending tasks:\\s*${taskCount}$`) }),
  ).toBeVisible();

  // The timeline: ticks behind the unit, each with its date; the current step names the next.
  const production = page.locator('article').filter({ hasText: 'ORD-880 · Unit 3' });
  await production.getByRole('button', { name: /ORD-880 · Unit 3/ }).click();
  const steps = production.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(steps).toHaveCount(9);
  await expect(steps.nth(5)).toContainText('Next: Delivery Scheduled');
  await expect(steps.nth(0)).toContainText(/\(completed\)[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  for (const index of [6, 7, 8]) {
    await expect(steps.nth(index)).toHaveAttribute('data-state', 'upcoming');
    await expect(steps.nth(index).locator('svg')).toHaveCount(0);
  }
  await shoot(page, 'timeline-truthful');
  await context.close();
});

test("a To-do link on a phone opens the unit's task where it is done", async ({ browser, ann }) => {
  const context = await browser.newContext({ storageState: ann.storageState });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const todo = page.getByRole('region', { name: /To do/ });
  // The onboarding form writes nothing until it is sent, so the journey leaves the seeded data as it was.
  await todo.getByRole('link', { name: /Complete onboarding form.*VH5001 · Unit 1/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Onboarding' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('VH5001 · Unit 1');
  await shoot(page, 'task-link-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // Behind the dialog the unit's own card was scrolled to, its button in view.
  const card = page.locator('article').filter({ hasText: 'VH5001 · Unit 1' });
  await expect(card.getByRole('button', { name: /Complete onboarding form/ })).toBeInViewport();
  await context.close();
});

test('a tab from before a deploy recovers when a page chunk is gone: one reload, never a blank app', async ({
  browser,
  ann,
}) => {
  const context = await browser.newContext({ storageState: ann.storageState });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('region', { name: /To do/ })).toBeVisible();

  // The Account page's chunk answers 404 once, as a file the new build no longer has would.
  let refused = 0;
  await page.route(/\/assets\/account-page-[^/]+\.js$/, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'Not found' });
    return route.continue();
  });
  const reloaded = page.waitForEvent('load');
  await page
    .getByRole('navigation', { name: 'Customer Portal' })
    .getByRole('link', { name: 'Account' })
    .click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  expect(refused).toBe(2);

  // Gone for good (the reload did not bring it back): a message and a Reload button, not a blank app.
  await page.unroute(/\/assets\/account-page-[^/]+\.js$/);
  await page.route(/\/assets\/settings-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page
    .getByRole('navigation', { name: 'Customer Portal' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await context.close();
});

test('while data loads, the app frame and placeholders of the page show, not a lone spinner', async ({
  browser,
  ann,
}) => {
  const context = await browser.newContext({ storageState: ann.storageState });
  const page = await context.newPage();
  // The order list answers only when the test lets it, as on a slow connection.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/orders$/, async (route) => {
    await held;
    await route.continue();
  });
  // Reached from another screen: opened by its address, My Orders comes drawn with its list (decision 300).
  await page.goto('/account');
  const nav = page.getByRole('navigation', { name: 'Customer Portal' });
  await nav.getByRole('link', { name: 'My Orders' }).click();
  // The sidebar claims no task count it does not know yet.
  await expect(page.getByText('Loading your tasks…')).toBeVisible();
  const placeholder = page.getByRole('main').getByRole('status');
  await expect(placeholder).toHaveText('Loading');
  // The screen's chunk may still be on its way (its own small fallback first): the page's blocks follow.
  await expect.poll(() => placeholder.locator('.animate-pulse').count()).toBeGreaterThan(2);
  // shoot() waits for animations to settle, which a pulsing placeholder never does: one still frame.
  await page.screenshot({
    path: 'test-results/screenshots/orders-loading-light-desktop.png',
    animations: 'disabled',
  });
  release();
  await expect(page.getByRole('heading', { name: 'My Orders (2)' })).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  await context.close();
});
