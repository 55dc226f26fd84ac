/**
 * Live updates: an admin moves a unit in one browser context and the customer's open My Orders page, in
 * another, shows the new stage without a reload.
 */
import type { Page } from '@playwright/test';
import { expectToast, signInSeeded } from './support/auth.js';
import { LIVE } from './support/seed-live.js';
import { expect, test } from './support/test.js';

const unitCard = (page: Page, label: string) => page.locator('article').filter({ hasText: label });

test('an admin’s stage change shows on the customer’s open orders page without a reload', async ({
  browser,
  admin,
  baseURL,
}) => {
  // Two browser contexts and a first-time account set-up: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  const sockets: string[] = [];
  customer.on('websocket', (ws) => sockets.push(ws.url()));
  await signInSeeded(customer, LIVE.email, LIVE.password);
  await customer.goto('/orders');
  const unit1 = unitCard(customer, `${LIVE.order.orderId} · Unit 1`);
  const unit2 = unitCard(customer, `${LIVE.order.orderId} · Unit 2`);
  await expect(unit1).toHaveAttribute('data-status', 'SITE_PREP');
  await expect(unit1).toContainText('Site Preparation');
  await expect.poll(() => sockets.some((url) => /\/ws\?t=\d+$/.test(url))).toBe(true);
  // A marker on the window: a reload would lose it.
  await customer.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });

  const adminContext = await browser.newContext({ baseURL, storageState: admin.storageState });
  const staff = await adminContext.newPage();
  await staff.goto(`/admin/orders?q=${LIVE.order.orderId}`);
  await staff.getByRole('button', { name: `Show the 2 units of ${LIVE.order.orderId}` }).click();
  const row = staff.getByRole('row', { name: `${LIVE.order.orderId} · Unit 1` });
  await row.getByRole('button', { name: /^Update Status/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Change Status' });
  await dialog.getByRole('combobox', { name: 'New status' }).click();
  await staff.getByRole('option', { name: 'In Production', exact: true }).click();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expectToast(staff, 'Item status updated');

  await expect(unit1).toHaveAttribute('data-status', 'PRODUCTION', { timeout: 5000 });
  await expect(unit1).toContainText('Production');
  await expect(unit2).toHaveAttribute('data-status', 'SITE_PREP');
  expect(await customer.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);

  await adminContext.close();
  await customerContext.close();
});
