/**
 * Delivery booking: an admin publishes a day on the Delivery days page, the customer books it from the
 * order page, and the admin's open week view shows the booking without a reload. The new page and the
 * dialog are checked with axe and photographed, light and dark, at 375 and 1280 px.
 */
import { expectToast, signInSeeded } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { DELIVERY } from './support/seed-delivery.js';
import { expect, test } from './support/test.js';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** axe at both sizes in both themes, on what the page shows now. */
test('a customer books a published delivery day and the admin’s week view shows it live', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The same weekday next week: always bookable (more than 48 hours ahead) and on the "Next week" page.
  const day = dayOf(new Date(Date.now() + 7 * DAY_MS));

  const adminContext = await browser.newContext({ baseURL, storageState: admin.storageState });
  const staff = await adminContext.newPage();
  await staff.goto('/admin');
  await staff.getByRole('link', { name: 'Delivery days' }).click();
  await expect(staff.getByRole('heading', { name: 'Delivery days', level: 1 })).toBeVisible();
  await staff.getByRole('button', { name: 'Next week' }).click();
  const cell = staff.getByTestId(`delivery-day-${day}`);
  await expect(cell).toContainText('Not published');
  await cell.getByLabel(/^Capacity/).fill('2');
  await cell.getByRole('button', { name: /^Publish/ }).click();
  await expectToast(staff, 'Delivery day published');
  await expect(cell.getByTestId('booked-count')).toHaveText('0 of 2 booked');
  await expectAccessibleEverywhere(staff, 'Delivery days');
  await shoot(staff, 'delivery-days-week');
  await staff.setViewportSize({ width: 1280, height: 800 });
  // A marker on the window: a reload would lose it.
  await staff.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });

  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await signInSeeded(customer, DELIVERY.email, DELIVERY.password);
  const orders = (await (await customer.request.get('/api/orders')).json()) as {
    id: number;
    orderId: string;
  }[];
  const order = orders.find((o) => o.orderId === DELIVERY.order.orderId);
  expect(order).toBeDefined();
  await customer.goto(`/orders/${order?.id}`);
  const unit = customer.locator('article').filter({ hasText: `${DELIVERY.order.orderId} · Unit 1` });
  await expect(unit).toHaveAttribute('data-status', 'PRODUCTION');
  // Before booking, the unit shows its delivery window.
  await expect(unit.getByTestId('delivery-estimate')).toContainText(/^Estimated delivery: /);

  await unit.getByRole('button', { name: /^Book delivery day/ }).click();
  const dialog = customer.getByRole('dialog', { name: 'Book a delivery day' });
  await expect(dialog.getByRole('radio', { name: new RegExp(longDay(day)) })).toBeVisible();
  // Focus stays in the dialog: tabbing through it never reaches the page behind.
  for (let i = 0; i < 6; i++) {
    await customer.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await expectAccessibleEverywhere(customer, 'Book a delivery day dialog');
  await shoot(customer, 'delivery-booking-dialog');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('radio', { name: new RegExp(longDay(day)) }).check();
  await dialog.getByRole('button', { name: 'Book this day' }).click();
  await expectToast(customer, 'Delivery day booked');
  await expect(dialog).toBeHidden();
  await expect(unit).toContainText(`Delivery day: ${longDay(day)}`);
  await expect(unit).toHaveAttribute('data-status', 'DELIVERY_DATE_CONFIRMED');
  await expect(unit.getByRole('button', { name: /^Change/ })).toBeVisible();
  await shoot(customer, 'delivery-booking-booked');

  // The admin's week view, untouched since, shows the booking.
  await expect(cell.getByTestId('booked-count')).toHaveText('1 of 2 booked', { timeout: 5000 });
  await expect(cell.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  expect(await staff.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await shoot(staff, 'delivery-days-booked');

  await customerContext.close();
  await adminContext.close();
});
