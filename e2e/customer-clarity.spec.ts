/**
 * What a customer waiting for an expensive unit sees: the order page's total, deposit and its status,
 * the payment dialog's context, one stage word and a mixed order saying so; no page wider than a
 * 375 px phone with a very long name and e-mail; a validation toast that leaves the Submit button
 * free. axe light and dark at 375 and 1280 px; screenshots to look at.
 */
import type { Page } from '@playwright/test';
import { signInWithPassword, toasts } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot, VIEWPORTS } from './support/screenshots.js';
import { LEO } from './support/seed-clarity.js';
import { expect, switchTheme, test } from './support/test.js';

const PHONE = { width: 375, height: 812 };

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function expectNoSeriousViolationsEverywhere(page: Page, label: string) {
  for (const { width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `${label} ${theme} ${width}px`);
    }
  }
  await switchTheme(page, 'light');
  await page.setViewportSize(PHONE);
}

test('a customer finds the money, one stage word and a page that fits the phone', async ({ browser }) => {
  // Four screens, each checked with axe at both sizes in both themes and photographed.
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await signInWithPassword(page, LEO.email, LEO.password);
  const orders: { id: number; orderId: string }[] = await (await page.request.get('/api/orders')).json();
  const cabinId = orders.find((o) => o.orderId === LEO.cabin.orderId)?.id;
  expect(cabinId).toBeDefined();

  // Nothing is wider than the phone, whatever the name and e-mail.
  for (const [path, ready] of [
    ['/', page.getByRole('heading', { name: 'Where your units are' })],
    ['/orders', page.getByRole('heading', { name: /My Orders/ })],
    [`/orders/${cabinId}`, page.getByRole('region', { name: 'Order summary' })],
    ['/account', page.getByRole('region', { name: 'Recent Activity' })],
    ['/settings', page.getByRole('heading', { level: 1 })],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    expect(await pageWidth(page), `${path} at 375 px`).toBeLessThanOrEqual(375);
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await pageWidth(page), 'the menu at 375 px').toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');
  await page.goto('/account');
  await expect(page.getByText(LEO.email.split('@')[0] as string)).toBeVisible();
  await shoot(page, 'clarity-account');

  // The order page: what it costs, the deposit and its status, when it was ordered; units at
  // different stages say so.
  await page.goto(`/orders/${cabinId}`);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(
    `Order value${LEO.cabin.total}Paid$0.00Still due${LEO.cabin.shownDeposit}`,
  );
  await expect(summary).toContainText(`${LEO.cabin.orderId} · Unit 1Deposit ${LEO.cabin.shownDeposit}Due`);
  await expect(summary).toContainText('Ordered on');
  const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(header).toContainText('Units at different stages');
  await expect(header).toContainText('Payment: 1 of 3 · Production: 2 of 3');
  await expect(page.locator('main')).not.toContainText(/Payment Pending|In Production|FINANCING_PAYMENT/);
  await shoot(page, 'clarity-order');
  await expectNoSeriousViolationsEverywhere(page, 'order page');

  // The payment dialog says what the amount is for.
  await page.getByRole('button', { name: 'Complete payment (1 pending action)' }).click();
  const payment = page.getByRole('dialog', { name: 'Deposit payment' });
  await expect(payment.getByRole('link', { name: /Open Payment Page/ })).toBeVisible();
  for (const text of [
    `Order and unit${LEO.cabin.orderId} · Unit 1`,
    `Product${LEO.cabin.productName}`,
    `Order value${LEO.cabin.total}`,
    `Deposit amount${LEO.cabin.shownDeposit}`,
    'Payment statusPending',
    'moves on to Site Preparation',
  ]) {
    await expect(payment).toContainText(text);
  }
  await shoot(page, 'clarity-payment-dialog');
  await expectNoSeriousViolationsEverywhere(page, 'payment dialog');
  await page.keyboard.press('Escape');

  // A refused onboarding submit: the toast leaves the Submit button free on the phone.
  await page.goto('/orders');
  await page
    .locator('article')
    .filter({ hasText: `${LEO.studio.orderId} · Unit 1` })
    .getByRole('button', { name: /Complete onboarding form/ })
    .click();
  const onboarding = page.getByRole('dialog', { name: 'Complete Your Onboarding' });
  await expect(onboarding.getByLabel('First Name', { exact: true })).toHaveValue(LEO.firstName);
  const submit = onboarding.getByRole('button', { name: 'Submit' });
  await submit.click();
  const toast = toasts(page).locator('li').filter({ hasText: 'Validation Error' });
  await expect(toast).toBeVisible();
  for (const { width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const toastBox = await toast.boundingBox();
    const submitBox = await submit.boundingBox();
    if (!toastBox || !submitBox) throw new Error('toast or Submit button not laid out');
    const overlaps =
      toastBox.x < submitBox.x + submitBox.width &&
      submitBox.x < toastBox.x + toastBox.width &&
      toastBox.y < submitBox.y + submitBox.height &&
      submitBox.y < toastBox.y + toastBox.height;
    expect(
      overlaps,
      `${width} px: toast ${JSON.stringify(toastBox)}, Submit ${JSON.stringify(submitBox)}`,
    ).toBe(false);
  }
  await page.setViewportSize(PHONE);
  await shoot(page, 'clarity-onboarding-toast');
  await context.close();
});
