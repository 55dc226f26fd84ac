/**
 * Inbound webhooks and the Webhooks page: an admin generates a key in Settings → API Keys, an external
 * system (a request without the admin's cookies) sends a webhook with it, the delivery shows in Logs
 * after Refresh and opens in the detail dialog; axe and screenshots of every tab and the dialog.
 */
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expectToast } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { baseUrl } from './support/env.js';
import { shoot } from './support/screenshots.js';
import { WEBHOOK_ORDERS } from './support/seed-webhooks.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

const KEY_NAME = 'E2E Webhooks';

/** An external system: no cookies, only what it is given. */
async function externalSystem(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseUrl() });
}

async function generateKey(page: Page): Promise<string> {
  await page.goto('/admin/settings?tab=api-keys');
  await page.getByRole('button', { name: 'Generate New Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate New Key' });
  await dialog.getByLabel('Key Name').fill(KEY_NAME);
  await dialog.getByRole('button', { name: 'Generate Key' }).click();
  await expectToast(page, 'New API key generated');
  const key = await page
    .getByRole('region', { name: `New key “${KEY_NAME}”` })
    .getByLabel('API Key', { exact: true })
    .inputValue();
  expect(key).toMatch(/^ofk_[A-Za-z0-9]{24}$/);
  return key;
}

test.afterAll(async ({ browser, admin }) => {
  const context = await browser.newContext({ storageState: admin.storageState });
  const keys = (await (await context.request.get('/api/admin/api-keys')).json()) as {
    id: number;
    name: string;
  }[];
  for (const key of keys.filter((k) => k.name === KEY_NAME)) {
    await context.request.delete(`/api/admin/api-keys/${key.id}`);
  }
  await context.close();
});

test('a webhook sent with a generated key moves the order and shows in Logs after Refresh', async ({
  page,
}) => {
  const key = await generateKey(page);
  const { orderId } = WEBHOOK_ORDERS.placed;

  await page.goto('/admin/webhooks?tab=logs');
  await expect(page.getByText(/^Showing \d+ events?/)).toBeVisible();

  const external = await externalSystem();
  const refused = await external.post('/api/webhooks/order-status', {
    data: { orderId, status: 'PRODUCTION' },
  });
  expect(refused.status()).toBe(401);
  const sent = await external.post('/api/webhooks/order-status', {
    headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-${Date.now()}` },
    data: { orderId, status: 'PRODUCTION', stageData: { notes: 'From the e2e journey' } },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ success: true, orderId, status: 'PRODUCTION' });
  await external.dispose();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expectToast(page, 'Logs refreshed');
  const row = page.getByRole('row').filter({ hasText: orderId }).first();
  await expect(row).toContainText('ORDER_STATUS_UPDATE');
  await expect(row).toContainText('Success');

  await row.getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook Event Details' });
  await expect(dialog).toContainText(orderId);
  await expect(dialog).toContainText('"notes": "From the e2e journey"');
  await expect(dialog).toContainText(KEY_NAME);

  // The admin side sees the new stage.
  const list = await page.request.get(`/api/admin/orders?q=${orderId}`);
  const { items } = (await list.json()) as { items: { orderId: string; status: string }[] };
  expect(items.find((o) => o.orderId === orderId)?.status).toBe('PRODUCTION');
});

/** Each tab and the dialog, from a fresh load, for axe and the screenshots. */
const VIEWS: { name: string; open(page: Page): Promise<void> }[] = [
  {
    name: 'endpoints',
    async open(page) {
      await page.goto('/admin/webhooks');
      await page.getByRole('button', { name: /^Document signing/ }).click();
      await expect(page.getByRole('region', { name: 'Document signing payload' })).toBeVisible();
    },
  },
  {
    name: 'logs',
    async open(page) {
      await page.goto('/admin/webhooks?tab=logs');
      await expect(page.getByText(/^Showing \d+ events?/)).toBeVisible();
    },
  },
  {
    name: 'logs-detail-dialog',
    async open(page) {
      await page.goto('/admin/webhooks?tab=logs');
      await page
        .getByRole('button', { name: /^Details/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Webhook Event Details' })).toBeVisible();
    },
  },
  {
    name: 'guidelines',
    async open(page) {
      await page.goto('/admin/webhooks?tab=guidelines');
      await expect(page.getByRole('heading', { name: 'Format Guidelines' })).toBeVisible();
    },
  },
];

for (const view of VIEWS) {
  test(`webhooks ${view.name} has no serious or critical axe violations, light and dark`, async ({
    page,
  }) => {
    await view.open(page);
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `webhooks ${view.name} (${theme})`);
    }
  });
}

test.describe('@screenshots webhooks', () => {
  for (const view of VIEWS) {
    test(view.name, async ({ page }) => {
      await view.open(page);
      await shoot(page, `webhooks-${view.name}`);
    });
  }
});
