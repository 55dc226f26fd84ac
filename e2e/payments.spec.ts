/**
 * Paying a deposit in the browser on the built-in test checkout: the dialog asks for the link, the
 * checkout opens in a new window, the success page shows the result, and the portal shows the unit paid
 * and moved on. Also: accessibility and screenshots of the dialog, the test checkout and the success
 * page, and the Stripe secret key never reaching the browser.
 */
import type { Browser, Page } from '@playwright/test';
import { SECRET_MASK } from '../src/shared/schemas/settings.js';
import { signInSeeded } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { baseUrl } from './support/env.js';
import { shoot } from './support/screenshots.js';
import { PIA } from './support/seed-payments.js';
import { type Customer, expect, test } from './support/test.js';

const unitCard = (page: Page, orderId: string) =>
  page.locator('article').filter({ hasText: `${orderId} · Unit 1` });

/** The 'Purchase Tasks' entry of the order's unit 1. */
const paymentTask = (page: Page, orderId: string) =>
  page.getByRole('link', { name: new RegExp(`${orderId} · Unit 1.*Complete payment`) });

let piaState: Customer['storageState'];

test.beforeAll(async ({ browser }) => {
  // An explicit empty state: Playwright would otherwise apply a describe's storageState (the admin's).
  const context = await browser.newContext({
    baseURL: baseUrl(),
    storageState: { cookies: [], origins: [] },
  });
  await signInSeeded(await context.newPage(), PIA.email, PIA.password);
  piaState = await context.storageState();
  await context.close();
});

async function piaPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseUrl(), storageState: piaState });
  return context.newPage();
}

/** Opens the unit's payment dialog and waits for the link it asks for. */
async function openPaymentDialog(page: Page, orderId: string) {
  await page.goto('/orders');
  await unitCard(page, orderId).getByRole('button', { name: 'Complete payment (1 pending action)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit payment' });
  await expect(dialog.getByRole('link', { name: /Open Payment Page/ })).toBeVisible();
  return dialog;
}

/** 'Open Payment Page': the checkout opens in a new window. */
async function openPaymentPage(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: /Open Payment Page/ }).click(),
  ]);
  await expect(checkout.getByRole('heading', { name: 'Pay your deposit' })).toBeVisible();
  return checkout;
}

async function unitFromServer(page: Page, orderId: string) {
  const orders = await (await page.request.get('/api/orders')).json();
  const order = orders.find((o: { orderId: string }) => o.orderId === orderId);
  return { order, unit: order.items[0] };
}

test('a customer pays a deposit by card on the test checkout and sees the unit paid and moved on', async ({
  browser,
}) => {
  const page = await piaPage(browser);
  await page.goto('/orders');
  await expect(paymentTask(page, PIA.byCard.orderId)).toBeVisible();
  const dialog = await openPaymentDialog(page, PIA.byCard.orderId);
  await expect(dialog.getByText(PIA.byCard.shown)).toBeVisible();
  await expect(dialog.getByText('Pending', { exact: true })).toBeVisible();

  const checkout = await openPaymentPage(page, dialog);
  await expect(checkout.getByRole('note')).toContainText('Test mode');
  await expect(
    checkout.getByText(`${PIA.byCard.productName} · ${PIA.byCard.orderId} · Unit 1`),
  ).toBeVisible();
  await checkout.getByRole('button', { name: `Pay ${PIA.byCard.shown} with a test card` }).click();

  // The success page, in the payment window.
  await expect(checkout).toHaveURL(/\/payment\/success\?session_id=test_cs_[0-9a-f]+$/);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const result = checkout.locator('dl');
  await expect(result).toContainText(`Order ID${PIA.byCard.orderId}`);
  await expect(result).toContainText(`Amount${PIA.byCard.shown}`);
  await expect(result).toContainText(`Email${PIA.email}`);
  await expect(result.getByText('Paid', { exact: true })).toBeVisible();
  const { order, unit } = await unitFromServer(page, PIA.byCard.orderId);
  // The unit by the name every screen gives it, never by its internal id.
  await expect(result).toContainText(`Unit${PIA.byCard.orderId} · Unit 1`);
  await expectNoSeriousViolations(checkout, 'payment success page');
  await shoot(checkout, 'payments-success');

  // Back in the portal: refreshed at once, the unit is paid and has left the payment stage.
  await expect(dialog.getByText('Paid', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  const card = unitCard(page, PIA.byCard.orderId);
  await expect(card).toHaveAttribute('data-status', 'SITE_PREP');
  await expect(card.getByText('Deposit Paid')).toBeVisible();
  await expect(card.getByText('Site Preparation', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Complete payment/ })).toHaveCount(0);
  await expect(paymentTask(page, PIA.byCard.orderId)).toHaveCount(0);
  expect(unit).toMatchObject({
    status: 'SITE_PREP',
    currentStageData: { paymentStatus: 'paid', paymentMethod: 'card' },
  });
  expect(unit.currentStageData.transactionId).toMatch(/^test_pi_/);

  // 'Back to order' leads to the order's page in the portal.
  await expect(checkout.getByRole('link', { name: 'Back to order' })).toHaveAttribute(
    'href',
    `/orders/${order.id}`,
  );
  await checkout.close();
  await page.context().close();
});

test('a bank payment shows as awaiting its funds until they arrive', async ({ browser }) => {
  const page = await piaPage(browser);
  const dialog = await openPaymentDialog(page, PIA.byBank.orderId);
  const checkout = await openPaymentPage(page, dialog);
  const checkoutUrl = checkout.url();
  await checkout.getByRole('button', { name: 'Pay by test bank account' }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Payment Processing' })).toBeVisible();
  await expect(checkout.getByText('Awaiting Funds')).toBeVisible();
  await expectNoSeriousViolations(checkout, 'payment processing page');
  await shoot(checkout, 'payments-processing');

  await expect(dialog.getByText('Awaiting Funds')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Open Payment Page/ })).toHaveCount(0);
  expect((await unitFromServer(page, PIA.byBank.orderId)).unit.status).toBe('FINANCING_PAYMENT');

  // The tester lets the bank's funds arrive.
  await checkout.goto(checkoutUrl);
  await checkout.getByRole('button', { name: 'Funds arrive' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(dialog.getByText('Paid', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(unitCard(page, PIA.byBank.orderId).getByText('Deposit Paid')).toBeVisible();
  await page.context().close();
});

test('@screenshots the payment dialog and the test checkout, and the success page’s error card', async ({
  browser,
}) => {
  const page = await piaPage(browser);
  const dialog = await openPaymentDialog(page, PIA.lookedAt.orderId);
  await expect(dialog.getByText(PIA.lookedAt.shown)).toBeVisible();
  await expectNoSeriousViolations(page, 'payment dialog');
  await shoot(page, 'payments-dialog');

  const checkout = await openPaymentPage(page, dialog);
  await expectNoSeriousViolations(checkout, 'test checkout');
  await shoot(checkout, 'payments-test-checkout');
  await checkout.close();

  await page.goto('/payment/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText('No session ID provided')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expectNoSeriousViolations(page, 'payment error card');
  await shoot(page, 'payments-error');
  expect((await unitFromServer(page, PIA.lookedAt.orderId)).unit.status).toBe('FINANCING_PAYMENT');
  await page.context().close();
});

test.describe('the Stripe secret key', () => {
  test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

  test('never reaches the browser once saved', async ({ page }) => {
    const key = `sk_test_e2eNeverLeaks${Date.now().toString(36)}`;
    const answers: Promise<string>[] = [];
    page.on('response', (response) => answers.push(response.text().catch(() => '')));
    // Saved with Stripe left disabled, so the shared server stays in test-checkout mode meanwhile.
    const saved = await page.request.post('/api/stripe/update-key', { data: { key } });
    expect(saved.status()).toBe(200);
    try {
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await page.getByRole('tab', { name: 'Integrations' }).click();
      // The saved key shows masked: its last four characters only.
      await expect(page.getByLabel('Secret Key', { exact: true })).toHaveValue(
        `${SECRET_MASK}${key.slice(-4)}`,
      );
      for (const path of ['/api/settings/integrations', '/api/config', '/api/auth/user']) {
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(200);
        answers.push(response.text());
      }
      const bodies = await Promise.all(answers);
      // The integrations answer was read: it names the key, masked.
      expect(bodies.join('\n')).toContain('stripeSecretKey');
      for (const body of bodies) expect(body).not.toContain(key);
    } finally {
      await page.request.post('/api/stripe/update-key', { data: { key: '' } });
    }
  });
});
