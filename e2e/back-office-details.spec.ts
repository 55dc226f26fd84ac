/**
 * The back office's smaller details: the conversations list with each newest message's first line and
 * an unread state; delivery days published as a weekly pattern in one step; the import switches in
 * words; the theme following the device until chosen; the brand colour preview equal to what the
 * portal draws; the signing dialog when its document cannot load. Each screen is checked with axe and
 * photographed, light and dark, at 375 and 1280 px.
 */
import type { Browser, Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../src/shared/constants.js';
import { expectToast, signInSeeded } from './support/auth.js';
import { expectAccessibleEverywhere, expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { DETAILS } from './support/seed-details.js';
import { type Customer, expect, test } from './support/test.js';

let doraState: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>> | undefined;

/** Dora's signed-in page: through account set-up the first time, her session after that. */
async function doraPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, storageState: doraState });
  const page = await context.newPage();
  if (!doraState) {
    await signInSeeded(page, DETAILS.email, DETAILS.password);
    doraState = await context.storageState();
  }
  return page;
}

async function staffPage(browser: Browser, baseURL: string | undefined, admin: Customer) {
  return (await browser.newContext({ baseURL, storageState: admin.storageState })).newPage();
}

test('the conversations list shows the newest message’s first line, bold and labelled Unread until opened', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await doraPage(browser, baseURL);
  const orders = (await (await customer.request.get('/api/orders')).json()) as {
    id: number;
    orderId: string;
  }[];
  const order = orders.find((row) => row.orderId === DETAILS.order.orderId);
  expect(order).toBeDefined();
  const posted = await customer.request.post(`/api/orders/${order?.id}/messages`, {
    data: { text: 'Can the delivery be on a Saturday?\nWe are away during the week.' },
  });
  expect(posted.status()).toBe(201);

  const staff = await staffPage(browser, baseURL, admin);
  await staff.goto('/admin/conversations');
  const row = staff.getByRole('link', { name: new RegExp(DETAILS.order.orderId) });
  await expect(row).toContainText('Can the delivery be on a Saturday?');
  await expect(row).not.toContainText('We are away');
  await expect(row).toContainText('Unread');
  await expect(row.getByText(/^Unread/)).toBeVisible();
  await expect(row.getByText(`Order ${DETAILS.order.orderId}`, { exact: false })).toHaveCSS(
    'font-weight',
    '700',
  );
  await shoot(staff, 'details-conversations-unread');
  await expectAccessibleEverywhere(staff, 'the Conversations page with an unread conversation');

  // Opening it reads it: back on the list it is no longer bold or labelled.
  await row.click();
  await expect(staff.getByRole('region', { name: 'Conversation with the customer' })).toContainText(
    'Can the delivery be on a Saturday?',
  );
  await staff.goto('/admin/conversations');
  await expect(row).toContainText('Can the delivery be on a Saturday?');
  await expect(row).not.toContainText('Unread');
  await staff.context().close();
  await customer.context().close();
});

test('delivery days are published as a weekly pattern in one step', async ({ browser, admin, baseURL }) => {
  test.setTimeout(90_000);
  const staff = await staffPage(browser, baseURL, admin);
  // A Monday far enough ahead that no other journey publishes or books there.
  const today = new Date();
  const monday = new Date(
    Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + 280 - ((today.getUTCDay() + 6) % 7),
    ),
  );
  const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await staff.goto(`/admin/delivery-days?week=${day(0)}`);
  await staff.getByRole('button', { name: 'Publish several days' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Publish several days' });
  await dialog.getByRole('radio', { name: 'Weekly, for a number of weeks' }).click();
  await dialog.getByLabel('First day').fill(day(0));
  await dialog.getByRole('spinbutton', { name: 'Weeks' }).fill('3');
  for (const weekday of ['Monday', 'Wednesday', 'Friday']) {
    await dialog.getByRole('checkbox', { name: weekday }).uncheck();
  }
  await dialog.getByRole('spinbutton', { name: 'Places per day' }).fill('3');
  await shoot(staff, 'details-publish-days-dialog');
  await expectAccessibleEverywhere(staff, 'the Publish several days dialog');

  const answer = staff.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/delivery-slots/batch') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Publish days' }).click();
  expect((await answer).status()).toBe(201);
  await expectToast(staff, '6 delivery days published');
  await expect(dialog).toBeHidden();
  for (const [offset, published] of [
    [1, true],
    [3, true],
    [0, false],
    [5, false],
  ] as const) {
    const cell = staff.getByTestId(`delivery-day-${day(offset)}`);
    if (published) await expect(cell.getByTestId('booked-count')).toHaveText('0 of 3 booked');
    else await expect(cell).toContainText('Not published');
  }
  await staff.goto(`/admin/delivery-days?week=${day(14)}`);
  await expect(staff.getByTestId(`delivery-day-${day(15)}`).getByTestId('booked-count')).toHaveText(
    '0 of 3 booked',
  );
  // Three weeks of Tuesdays and Thursdays, nothing in the fourth.
  const listed = await staff.request.get(`/api/admin/delivery-slots?from=${day(0)}&to=${day(27)}`);
  expect(((await listed.json()) as { items: { date: string }[] }).items.map((slot) => slot.date)).toEqual(
    [1, 3, 8, 10, 15, 17].map(day),
  );
  await shoot(staff, 'details-delivery-days-pattern');
  await staff.context().close();
});

test('the import switches say what they do in words', async ({ browser, admin, baseURL }) => {
  const staff = await staffPage(browser, baseURL, admin);
  await staff.goto('/admin/import');
  await expect(staff.getByRole('switch', { name: 'Update existing orders' })).toHaveAccessibleDescription(
    /A row whose order ID is already in OrderFlow updates that order/,
  );
  await expect(staff.getByRole('switch', { name: 'Send notifications' })).toHaveAccessibleDescription(
    /E-mail each customer about the orders this import creates or updates/,
  );
  await expect(staff.getByText(/updateExisting|sendNotification/)).toHaveCount(0);
  await shoot(staff, 'details-import');
  await expectAccessibleEverywhere(staff, 'the Import Data page');
  await staff.context().close();
});

test('the theme follows the device until chosen, remembers the choice and goes back to the device', async ({
  browser,
  admin,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    colorScheme: 'dark',
    storageState: {
      cookies: admin.storageState.cookies,
      origins: admin.storageState.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.filter((entry) => entry.name !== THEME_STORAGE_KEY),
      })),
    },
  });
  // What the page looked like when its body first appeared: before any of the app's script ran.
  await context.addInitScript(() => {
    const record = () => {
      if (document.body && !('firstPaintDark' in window)) {
        (window as unknown as { firstPaintDark: boolean }).firstPaintDark =
          document.documentElement.classList.contains('dark');
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const firstPaintDark = () =>
    page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark);
  const stored = () => page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY);

  await page.goto('/admin');
  const sidebar = page.getByRole('complementary');
  const toggle = sidebar.getByRole('switch', { name: 'Dark Mode' });
  await expect(toggle).toBeChecked();
  expect(await firstPaintDark()).toBe(true);
  await expect(toggle).toHaveAccessibleDescription("Following your device's setting.");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    if (width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.screenshot({
      path: `test-results/screenshots/details-theme-device-dark-${width}.png`,
      animations: 'disabled',
    });
    await expectNoSeriousViolations(page, `the sidebar following the device (${width} px)`);
    if (width === 375) {
      await page.keyboard.press('Escape');
      // The closed menu hands the page back (no aria-hidden left on it) once its exit has ended.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    }
  }

  // A choice is remembered, and no page flashes the device's theme before applying it.
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await stored()).toBe('light');
  await page.reload();
  await expect(toggle).not.toBeChecked();
  expect(await firstPaintDark()).toBe(false);
  await expect(toggle).toHaveAccessibleDescription('Your choice. Use device setting');
  await page.screenshot({
    path: 'test-results/screenshots/details-theme-chosen-light-1280.png',
    animations: 'disabled',
  });

  // Back to the device's setting.
  await sidebar.getByRole('button', { name: 'Use device setting' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await stored()).toBeNull();
  await page.reload();
  expect(await firstPaintDark()).toBe(true);
  await context.close();
});

test('the brand colour preview is what the portal draws, in light and in dark', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const staff = await staffPage(browser, baseURL, admin);
  await staff.goto('/admin/settings');
  await staff.getByRole('tab', { name: 'General' }).click();
  const field = staff.getByLabel('Brand Color', { exact: true });
  const original = await field.inputValue();
  // A pale yellow: the portal darkens it in light for readable text.
  await field.fill('#ffd54f');
  const preview = staff.getByRole('region', { name: 'Brand colour preview' });
  const previewButton = (theme: 'light' | 'dark') =>
    preview.locator(`[data-preview-theme="${theme}"] [data-preview="button"]`);
  // Buttons fade between colours: a colour read mid-fade is neither the old one nor the new one.
  const colours = async (locator: ReturnType<Page['locator']>) => {
    await locator
      .page()
      .waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
    return locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, text: style.color };
    });
  };
  const light = await colours(previewButton('light'));
  const dark = await colours(previewButton('dark'));
  expect(light.background).not.toBe('rgb(255, 213, 79)');
  expect(light).not.toEqual(dark);
  await shoot(staff, 'details-brand-preview');
  await expectAccessibleEverywhere(staff, 'Settings → General with the brand colour preview');

  try {
    await staff.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(staff, 'Settings saved');
    await staff.mouse.move(0, 0);
    const save = staff.getByRole('button', { name: 'Save Changes' });
    // The portal's own buttons, light then dark, are drawn exactly as the preview showed.
    await staff.evaluate(() => document.documentElement.classList.remove('dark'));
    await expect.poll(() => colours(save)).toEqual(light);
    await staff.evaluate(() => document.documentElement.classList.add('dark'));
    await expect.poll(() => colours(save)).toEqual(dark);
    // And the customer's portal too.
    const customer = await doraPage(browser, baseURL);
    await customer.goto('/orders');
    await customer.evaluate(() => document.documentElement.classList.remove('dark'));
    const customerButton = customer.getByRole('button', { name: /Sign required documents/ }).first();
    await expect.poll(() => colours(customerButton)).toEqual(light);
    await customer.context().close();
  } finally {
    await staff.evaluate(() => document.documentElement.classList.remove('dark'));
    await field.fill(original);
    await staff.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(staff, 'Settings saved');
    await staff.context().close();
  }
});

test('the signing dialog says what to do when its document cannot load, never a broken frame', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const customer = await doraPage(browser, baseURL);
  await customer.goto('/orders');
  await customer
    .getByRole('button', { name: /Sign required documents/ })
    .first()
    .click();
  const dialog = customer.getByRole('dialog', { name: 'Sign required documents' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Your document could not be loaded.');
  await expect(alert).toContainText('The signing service could not find this document.');
  await expect(dialog.locator('iframe')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: /Open in a new tab/ })).toHaveAttribute(
    'href',
    /\/expired\/site-agreement$/,
  );
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  await shoot(customer, 'details-signing-cannot-load');
  await expectAccessibleEverywhere(customer, 'the signing dialog when its document cannot load');

  await dialog.getByRole('link', { name: 'Ask us' }).click();
  await expect(dialog).toBeHidden();
  await expect(customer).toHaveURL(/\/orders\/\d+#conversation$/);
  await customer.context().close();
});
