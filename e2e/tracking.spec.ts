/**
 * Guest tracking: the customer of an order placed with an e-mail only (no password, so no sign-in)
 * opens the tracking link from the confirmation mail and sees the product, each unit's timeline and
 * its delivery estimate, and nothing personal. Staff replace the link from the order details, and
 * the old one stops working; a signed-in customer finds the same page from their order. The guest
 * switches the page to Spanish and French. axe and screenshots light and dark at 375 and 1280 px.
 */
import { expectToast } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { mailsTo } from './support/mail.js';
import { shoot } from './support/screenshots.js';
import { TRACKING } from './support/seed-tracking.js';
import { expect, test } from './support/test.js';

test('a signed-in customer reaches the same tracking page from their order page', async ({
  browser,
  ann,
}) => {
  const context = await browser.newContext({ storageState: ann.storageState });
  const page = await context.newPage();
  const list = (await (await page.request.get('/api/orders')).json()) as { id: number; orderId: string }[];
  const studio = list.find((order) => order.orderId === 'VH5001');
  await page.goto(`/orders/${studio?.id}`);
  await page.getByRole('link', { name: 'Tracking page to share' }).click();
  await expect(page).toHaveURL(/\/track\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();
  await expect(page.getByText('Order VH5001 · Studio 240')).toBeVisible();
  await context.close();
});

test('a guest follows the tracking link from the confirmation mail; staff replace it', async ({
  page,
  browser,
  admin,
}) => {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(TRACKING.email)).find((m) => m.subject.includes(TRACKING.order.orderId));
        link = mail?.text.match(/Track your order: (\S+)/)?.[1] ?? '';
        return link;
      },
      { message: 'the confirmation mail with its tracking link', timeout: 15_000 },
    )
    .toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);

  const response = await page.goto(link);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();
  await expect(
    page.getByText(`Order ${TRACKING.order.orderId} · 2 × ${TRACKING.order.productName}`),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  const units = page
    .getByRole('list', { name: 'Units' })
    .getByRole('listitem')
    .filter({ has: page.locator('h2') });
  await expect(units).toHaveCount(2);
  await expect(units.nth(0)).toContainText('Production');
  await expect(units.nth(0)).not.toContainText('In Production');
  await expect(units.nth(0).getByTestId('delivery-estimate')).toContainText('Estimated delivery');
  await expect(units.nth(0).locator('[aria-current="step"]')).toContainText('Production (current step)');
  await expect(units.nth(1).locator('[aria-current="step"]')).toBeVisible();
  const text = await page.locator('body').innerText();
  for (const personal of [
    TRACKING.email,
    TRACKING.phoneNumber,
    TRACKING.street,
    TRACKING.amount,
    '47,199',
    TRACKING.transactionId,
  ]) {
    expect(text).not.toContain(personal);
  }

  await shoot(page, 'tracking-page');
  await expectAccessibleEverywhere(page, 'tracking page');

  // The guest reads it in Spanish: the choice holds on this browser across a reload.
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.selectOption('es');
  await expect(page.getByRole('heading', { name: 'Sigue tu pedido' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByText(`Pedido ${TRACKING.order.orderId} · 2 × ${TRACKING.order.productName}`),
  ).toBeVisible();
  const unidades = page
    .getByRole('list', { name: 'Unidades' })
    .getByRole('listitem')
    .filter({ has: page.locator('h2') });
  await expect(unidades.nth(0)).toContainText('Producción');
  await expect(unidades.nth(0).getByTestId('delivery-estimate')).toContainText('Entrega estimada');
  await expect(unidades.nth(0).locator('[aria-current="step"]')).toContainText('Producción (paso actual)');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sigue tu pedido' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await shoot(page, 'tracking-page-es');
  await expectAccessibleEverywhere(page, 'tracking page in Spanish');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Suivez votre commande' })).toBeVisible();
  await shoot(page, 'tracking-page-fr');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();

  // Staff replace the link from the order details; the guest's page then says it no longer works.
  const context = await browser.newContext({ storageState: admin.storageState });
  const staff = await context.newPage();
  await staff.goto(`/admin/orders?q=${TRACKING.order.orderId}`);
  await staff.getByRole('button', { name: `Actions for order ${TRACKING.order.orderId}` }).click();
  await staff.getByRole('menuitem', { name: 'View Details' }).click();
  const details = staff.getByRole('dialog', { name: 'Order details' });
  const field = details.getByRole('textbox', { name: 'Tracking link' });
  await expect(field).toHaveValue(link);
  await shoot(staff, 'tracking-link-admin');
  await expectAccessibleEverywhere(staff, 'order details with the tracking link');
  await details.getByRole('button', { name: 'Replace link…' }).click();
  await details.getByRole('button', { name: 'Replace link', exact: true }).click();
  await expectToast(staff, 'Tracking link replaced');
  await expect(field).not.toHaveValue(link);
  const replaced = await field.inputValue();
  await context.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'This tracking link does not work' })).toBeVisible();
  await shoot(page, 'tracking-link-gone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(replaced);
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();
});
