/**
 * Settings and service areas: each tab's journey, the General settings reaching the customer side,
 * service areas moving the seeded orders, and axe plus screenshots of every tab and dialog. Everything
 * changed here is put back at the end, so the other journeys see what they saw before.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectToast, signUp, toasts, uniqueEmail } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { SEEDED_ZIP_CODES, SERVICE_AREA_ORDERS } from './support/seed-settings.js';
import { type Customer, expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

/** A request context signed in as the admin, for setting up and putting back state. */
async function adminApi(browser: Browser, admin: Customer): Promise<APIRequestContext> {
  const context = await browser.newContext({ storageState: admin.storageState });
  return context.request;
}

const CATEGORIES = ['general', 'notifications', 'integrations', 'serviceareas'] as const;
type Snapshot = Record<(typeof CATEGORIES)[number], Record<string, unknown>>;
let before: Snapshot | undefined;

/**
 * Every category as the screens read it. Posted back, it restores what was there: saved secrets come
 * back masked, which the server reads as "unchanged", and server-owned values are ignored.
 */
async function readSettings(api: APIRequestContext): Promise<Snapshot> {
  const snapshot: Partial<Snapshot> = {};
  for (const category of CATEGORIES) {
    const entries = (await (await api.get(`/api/settings/${category}`)).json()) as {
      key: string;
      value: unknown;
    }[];
    snapshot[category] = Object.fromEntries(entries.map(({ key, value }) => [key, value]));
  }
  return snapshot as Snapshot;
}

async function restoreSettings(api: APIRequestContext) {
  if (!before) throw new Error('no settings were read before the journeys');
  for (const category of CATEGORIES) {
    const res = await api.post(`/api/settings/${category}/batch`, { data: before[category] });
    expect(res.status(), `restoring ${category}`).toBe(200);
  }
  const keys = (await (await api.get('/api/admin/api-keys')).json()) as { id: number; name: string }[];
  for (const key of keys.filter((k) => k.name.startsWith('E2E '))) {
    await api.delete(`/api/admin/api-keys/${key.id}`);
  }
}

test.beforeAll(async ({ browser, admin }) => {
  before = await readSettings(await adminApi(browser, admin));
  expect(before.serviceareas.enabledZipCodes).toEqual(SEEDED_ZIP_CODES);
});

test.afterAll(async ({ browser, admin }) => {
  await restoreSettings(await adminApi(browser, admin));
});

async function openTab(page: Page, tab: string, ready: string) {
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('heading', { name: ready })).toBeVisible();
}

/** The units' stages of a seeded order, read as the admin. */
async function unitStages(page: Page, orderId: string): Promise<string[]> {
  const list = await page.request.get(`/api/admin/orders?q=${orderId}`);
  const { items } = (await list.json()) as { items: { id: number; orderId: string }[] };
  const order = items.find((row) => row.orderId === orderId);
  if (!order) throw new Error(`order ${orderId} not found`);
  const units = (await (await page.request.get(`/api/orders/${order.id}/items`)).json()) as {
    itemNumber: number;
    status: string;
  }[];
  return units.sort((a, b) => a.itemNumber - b.itemNumber).map((unit) => unit.status);
}

test.describe('General', () => {
  test('saving changes the company name, brand colour and links the customer side uses', async ({
    page,
    browser,
  }) => {
    await openTab(page, 'General', 'General Settings');
    await page.getByLabel('Company Name').fill('Northwind Cabins');
    await page.getByLabel('Brand Color', { exact: true }).fill('#0f766e');
    await page.getByLabel('Help & Support (FAQ) URL').fill('https://help.northwind.example/faq');
    await page.getByLabel('Store URL').fill('https://shop.northwind.example/');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const banner = page.getByText('Settings saved successfully.');
    await expect(banner).toBeVisible();
    await expectToast(page, 'Settings saved');
    // The banner stays for 3 s.
    await expect(banner).toBeHidden({ timeout: 5000 });

    // The admin's own screens follow at once.
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByText('Northwind Cabins')).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );

    // A customer's next page load uses the new name, colour and links.
    // A customer of their own: this file's contexts otherwise start with the admin's session.
    const customerPage = await (
      await browser.newContext({ storageState: { cookies: [], origins: [] } })
    ).newPage();
    await signUp(customerPage, uniqueEmail('settings'), 'customer-password-1');
    await customerPage.goto('/');
    await expect(customerPage.getByRole('complementary').getByText('Northwind Cabins')).toBeVisible();
    await expect(customerPage.getByRole('link', { name: /^Help & Support/ })).toHaveAttribute(
      'href',
      'https://help.northwind.example/faq',
    );
    await customerPage.goto('/orders');
    await expect(customerPage.getByRole('link', { name: /Browse Products/ })).toHaveAttribute(
      'href',
      'https://shop.northwind.example/',
    );
    await customerPage.goto('/account');
    await expect(customerPage.getByRole('link', { name: /Place Your First Order/ })).toHaveAttribute(
      'href',
      'https://shop.northwind.example/',
    );
    const primary = await customerPage.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#0f766e');
    await shoot(customerPage, 'settings-branded-account');

    // Back to what was there (the defaults): the designed palette returns.
    await restoreSettings(page.request);
    await customerPage.reload();
    await expect(customerPage.getByRole('complementary').getByText('OrderFlow')).toBeVisible();
    await expect
      .poll(() => customerPage.evaluate(() => document.getElementById('brand-colours') === null))
      .toBe(true);
  });

  test('a bad value is named at its field and nothing is saved', async ({ page }) => {
    await openTab(page, 'General', 'General Settings');
    await page.getByLabel('Brand Color', { exact: true }).fill('teal');
    await page.getByLabel('Store URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Use a colour such as #4f46e5')).toBeVisible();
    await expect(page.getByText('Enter an http(s) address or a path')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Brand Color', { exact: true })).toHaveValue('#4f46e5');
  });
});

test('Notifications: the three toggles are saved', async ({ page }) => {
  await openTab(page, 'Notifications', 'Notification Preferences');
  const payments = page.getByRole('switch', { name: 'Payment Processing' });
  await expect(payments).toBeChecked();
  await payments.click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expectToast(page, 'Settings saved');
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Payment Processing' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'New Order Alerts' })).toBeChecked();
});

test('Integrations: saved secrets come back masked and are kept when sent back', async ({ page }) => {
  const secret = 'sk_test_e2eSecretValue7d3f';
  await openTab(page, 'Integrations', 'Integrations');
  await expect(page.getByText('Not Verified')).toBeVisible();
  await page.getByLabel('Site ID').fill('northwind-site');
  await page.getByLabel('Automation Webhook URL').fill('https://hooks.zapier.example/catch/42');
  await page.getByRole('switch', { name: 'Enable card payments' }).click();
  await page.getByLabel('Publishable Key').fill('pk_test_e2e');
  await page.getByLabel('Secret Key', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Save Integrations' }).click();
  await expectToast(page, 'Settings saved');

  await page.reload();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  const secretField = page.getByLabel('Secret Key', { exact: true });
  await expect(secretField).toHaveValue(/^•+7d3f$/);
  expect(await page.content()).not.toContain(secret);
  await page.getByRole('button', { name: 'Show secret key' }).click();
  await expect(secretField).toHaveAttribute('type', 'text');

  // Saving again with the masked value keeps the secret (its last characters still show).
  await page.getByLabel('Site ID').fill('northwind-site-2');
  await page.getByRole('button', { name: 'Save Integrations' }).click();
  await expectToast(page, 'Settings saved');
  await page.reload();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByLabel('Secret Key', { exact: true })).toHaveValue(/^•+7d3f$/);
  await expect(page.getByLabel('Site ID')).toHaveValue('northwind-site-2');
});

test('API Keys: generate (shown once), connect, revoke', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.route('https://zapier.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Zapier</title>' }),
  );
  // 'API key required' needs a screen with no active key; other journeys may hold keys of their own,
  // so this one check sees an empty list.
  await page.route('**/api/admin/api-keys', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.fallback(),
  );
  await openTab(page, 'API Keys', 'API Keys');
  await page.getByRole('button', { name: /Connect to automation service/ }).click();
  await expectToast(page, 'API key required');
  await expect(
    toasts(page).getByText('Please generate an API key before connecting to Zapier.'),
  ).toBeVisible();
  await page.unroute('**/api/admin/api-keys');

  await page.reload();
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Generate New Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate New Key' });
  await dialog.getByLabel('Key Name').fill('E2E Zapier');
  await dialog.getByRole('button', { name: 'Generate Key' }).click();
  await expectToast(page, 'New API key generated');

  const panel = page.getByRole('region', { name: 'New key “E2E Zapier”' });
  const keyField = panel.getByLabel('API Key', { exact: true });
  await expect(keyField).toHaveAttribute('type', 'password');
  const key = await keyField.inputValue();
  expect(key).toMatch(/^ofk_[A-Za-z0-9]{24}$/);
  await panel.getByRole('button', { name: 'Show API key' }).click();
  await expect(keyField).toHaveAttribute('type', 'text');
  await panel.getByRole('button', { name: 'Copy Key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Connect to automation service/ }).click();
  expect((await popup).url()).toContain('zapier.com');
  await (await popup).close();

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByText(`${key.slice(0, 8)}…`)).toBeVisible();
  expect(await page.content()).not.toContain(key);

  await page.getByRole('button', { name: 'Revoke Key E2E Zapier' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Key' }).click();
  await expectToast(page, 'API key revoked');
  await expect(page.getByRole('button', { name: 'Revoke Key E2E Zapier' })).toHaveCount(0);
});

test('Service Areas: add (invalid codes named), remove, revalidate move the seeded orders', async ({
  page,
}) => {
  const { twoPlaced, mixed, waiting } = SERVICE_AREA_ORDERS;
  await openTab(page, 'Service Areas', 'Service Areas');
  const chips = page.getByRole('region', { name: 'Enabled ZIP codes' }).getByRole('listitem');
  await expect(chips).toHaveText(['99003']);
  await expect(page.getByText('Total enabled areas: 1')).toBeVisible();

  const field = page.getByLabel('Add ZIP codes');
  await field.fill('99001, 1234, abcde');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Failed to add zip code');
  await expect(toasts(page).getByText('Invalid ZIP codes: 1234, abcde')).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/Invalid ZIP codes: 1234, abcde/);
  await expect(chips).toHaveText(['99003']);
  expect(await unitStages(page, twoPlaced.orderId)).toEqual(['ORDER_PLACED', 'ORDER_PLACED']);

  await field.fill('99001, 99002, 99001');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Zip code added');
  await expect(chips).toHaveText(['99003', '99001', '99002']);
  await expect(page.getByText('Total enabled areas: 3')).toBeVisible();
  await expect(field).toHaveValue('');
  expect(await unitStages(page, twoPlaced.orderId)).toEqual(['LOCATION_ENABLED', 'LOCATION_ENABLED']);
  expect(await unitStages(page, mixed.orderId)).toEqual(['LOCATION_ENABLED', 'PRODUCTION']);
  expect(await unitStages(page, waiting.orderId)).toEqual(['ORDER_PLACED']);

  await page.getByRole('button', { name: 'Revalidate All Orders' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revalidate all orders?' });
  await confirm.getByRole('button', { name: 'Revalidate' }).click();
  await expectToast(page, 'Location revalidation complete');
  await expect(toasts(page).getByText('Updated 1 order with 1 item in enabled service areas')).toBeVisible();
  expect(await unitStages(page, waiting.orderId)).toEqual(['LOCATION_ENABLED']);

  await page.getByRole('button', { name: 'Remove 99001' }).click();
  await expectToast(page, 'Zip code removed');
  await expect(chips).toHaveText(['99003', '99002']);
  // Forward only: removing a code leaves its orders where they are.
  expect(await unitStages(page, twoPlaced.orderId)).toEqual(['LOCATION_ENABLED', 'LOCATION_ENABLED']);
});

test('Admin Users: the tab opens', async ({ page }) => {
  await openTab(page, 'Admin Users', 'Admin Users');
});

/** Every tab and dialog, each from a fresh load, for axe and the screenshots. */
const VIEWS: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'general', open: (page) => openTab(page, 'General', 'General Settings') },
  { name: 'notifications', open: (page) => openTab(page, 'Notifications', 'Notification Preferences') },
  { name: 'integrations', open: (page) => openTab(page, 'Integrations', 'Integrations') },
  { name: 'admin-users', open: (page) => openTab(page, 'Admin Users', 'Admin Users') },
  { name: 'api-keys', open: (page) => openTab(page, 'API Keys', 'API Keys') },
  {
    name: 'api-keys-generate-dialog',
    async open(page) {
      await openTab(page, 'API Keys', 'API Keys');
      await page.getByRole('button', { name: 'Generate New Key' }).click();
      await expect(page.getByRole('dialog', { name: 'Generate New Key' })).toBeVisible();
    },
  },
  {
    name: 'api-keys-new-key',
    async open(page) {
      await openTab(page, 'API Keys', 'API Keys');
      await page.getByRole('button', { name: 'Generate New Key' }).click();
      await page.getByLabel('Key Name').fill('E2E Screens');
      await page.getByRole('button', { name: 'Generate Key' }).click();
      await expect(page.getByRole('region', { name: 'New key “E2E Screens”' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The confirmation toast fades out on its own after a few seconds: closed here, so that axe never
      // reads its title half faded (a contrast failure that depended on how fast the machine ran).
      await toasts(page).getByRole('button', { name: 'Close notification' }).click();
      await expect(toasts(page).getByRole('listitem')).toHaveCount(0);
    },
  },
  {
    name: 'api-keys-revoke-dialog',
    async open(page) {
      await page.request.post('/api/admin/api-keys', { data: { name: 'E2E Revoke Screen' } });
      await openTab(page, 'API Keys', 'API Keys');
      await page
        .getByRole('button', { name: /^Revoke Key E2E/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
  { name: 'service-areas', open: (page) => openTab(page, 'Service Areas', 'Service Areas') },
  {
    name: 'service-areas-invalid',
    async open(page) {
      await openTab(page, 'Service Areas', 'Service Areas');
      await page.getByLabel('Add ZIP codes').fill('1234');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByLabel('Add ZIP codes')).toHaveAccessibleDescription(/Invalid ZIP code: 1234/);
    },
  },
  {
    name: 'service-areas-revalidate-dialog',
    async open(page) {
      await openTab(page, 'Service Areas', 'Service Areas');
      await page.getByRole('button', { name: 'Revalidate All Orders' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Revalidate all orders?' })).toBeVisible();
    },
  },
];

for (const view of VIEWS) {
  test(`settings ${view.name} has no serious or critical axe violations, light and dark`, async ({
    page,
  }) => {
    await view.open(page);
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `settings ${view.name} (${theme})`);
    }
  });
}

test.describe('@screenshots settings', () => {
  // e2e/customers.spec.ts shoots the Admin Users tab with its dialogs.
  for (const view of VIEWS.filter((v) => v.name !== 'admin-users')) {
    test(view.name, async ({ page }) => {
      await view.open(page);
      await shoot(page, `settings-${view.name}`);
    });
  }
});
