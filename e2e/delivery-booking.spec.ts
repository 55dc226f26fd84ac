/**
 * Delivery booking: an admin publishes days on the Delivery days page, the customer books unit 3 of a
 * three-unit order from the order page, and the admin's open week view shows the booking without a
 * reload. A day before the unit's estimated window is not offered. The booking is unit 3's alone:
 * units 1 and 2 keep their windows on the order page, Home, the guest tracking page (in English and
 * Spanish) and the staff order page. The same order's money (part paid) and its units' names read
 * the same to the customer and to staff. The pages are checked with axe and photographed, light and
 * dark, at 375 and 1280 px.
 */
import type { Page } from '@playwright/test';
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
const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return dayOf(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
};

interface SeenOrder {
  id: number;
  orderId: string;
  trackingToken: string;
  items: { id: number; itemNumber: number }[];
}

/** Publishes `day` with two places from the Delivery days page's week that holds it. */
async function publishDay(staff: Page, day: string) {
  await staff.goto(`/admin/delivery-days?week=${mondayOf(day)}`);
  const cell = staff.getByTestId(`delivery-day-${day}`);
  await expect(cell).toContainText('Not published');
  await cell.getByLabel(/^Capacity/).fill('2');
  await cell.getByRole('button', { name: /^Publish/ }).click();
  await expectToast(staff, 'Delivery day published');
  await expect(cell.getByTestId('booked-count')).toHaveText('0 of 2 booked');
  return cell;
}

test('a customer books unit 3 within its window; units 1 and 2 keep their windows on every screen', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await signInSeeded(customer, DELIVERY.email, DELIVERY.password);
  const orders = (await (await customer.request.get('/api/orders')).json()) as SeenOrder[];
  const order = orders.find((o) => o.orderId === DELIVERY.order.orderId) as SeenOrder;
  expect(order).toBeDefined();
  const third = order.items.find((item) => item.itemNumber === 3);
  const offer = (await (
    await customer.request.get(`/api/order-items/${third?.id}/delivery-slots`)
  ).json()) as {
    windowFrom: string | null;
  };
  // Production alone takes weeks by default: the window starts well after next week.
  const windowFrom = offer.windowFrom as string;
  const early = dayOf(new Date(Date.now() + 7 * DAY_MS));
  expect(windowFrom > early).toBe(true);

  const adminContext = await browser.newContext({ baseURL, storageState: admin.storageState });
  const staff = await adminContext.newPage();
  await publishDay(staff, early);
  const cell = await publishDay(staff, windowFrom);
  await expectAccessibleEverywhere(staff, 'Delivery days');
  await shoot(staff, 'delivery-days-week');
  await staff.setViewportSize({ width: 1280, height: 800 });
  // A marker on the window: a reload would lose it.
  await staff.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });

  await customer.goto(`/orders/${order.id}`);
  const unitCard = (n: number) =>
    customer.locator('article').filter({ hasText: `${DELIVERY.order.orderId} · Unit ${n}` });
  const unit = unitCard(3);
  await expect(unit).toHaveAttribute('data-status', 'PRODUCTION');
  // Before booking, every unit shows its delivery window.
  for (const n of [1, 2, 3]) {
    await expect(unitCard(n).getByTestId('delivery-estimate')).toContainText(/^Estimated delivery: /);
  }

  await unit.getByRole('button', { name: /^Book delivery day/ }).click();
  const dialog = customer.getByRole('dialog', { name: 'Book a delivery day' });
  await expect(dialog.getByRole('radio', { name: new RegExp(longDay(windowFrom)) })).toBeVisible();
  // Next week is published and free, but before the unit's window: not offered.
  await expect(dialog.getByRole('radio', { name: new RegExp(longDay(early)) })).toHaveCount(0);
  await expect(dialog).toContainText('Your unit is expected to be ready from');
  // Focus stays in the dialog: tabbing through it never reaches the page behind.
  for (let i = 0; i < 6; i++) {
    await customer.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await expectAccessibleEverywhere(customer, 'Book a delivery day dialog');
  await shoot(customer, 'delivery-booking-dialog');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('radio', { name: new RegExp(longDay(windowFrom)) }).check();
  await dialog.getByRole('button', { name: 'Book this day' }).click();
  await expectToast(customer, 'Delivery day booked');
  await expect(dialog).toBeHidden();
  await expect(unit).toContainText(`Delivery day: ${longDay(windowFrom)}`);
  // The booked day is said once, by the booking panel.
  await expect(unit).not.toContainText('Delivery booked for');
  await expect(unit).toHaveAttribute('data-status', 'DELIVERY_DATE_CONFIRMED');
  await expect(unit.getByRole('button', { name: /^Change/ })).toBeVisible();
  // Units 1 and 2 are unchanged: their windows, no booked day.
  for (const n of [1, 2]) {
    await expect(unitCard(n).getByTestId('delivery-estimate')).toContainText(/^Estimated delivery: /);
    await expect(unitCard(n)).not.toContainText('Delivery booked for');
  }
  await expectAccessibleEverywhere(customer, 'Order page after booking');
  await shoot(customer, 'delivery-booking-booked');
  // The money as the customer reads it: $5,000 of unit 3 paid, unit 2's $5,000 still due.
  const customerMoney = customer.locator('[data-payment-state]');
  await expect(customerMoney).toHaveAttribute('data-payment-state', 'part_paid');
  await expect(customerMoney.locator('dl')).toHaveText(
    ['Order value$142,500.00Paid$5,000.00Still due$5,000.00'],
    {
      useInnerText: false,
    },
  );
  const customerDeposits = await customerMoney.locator('li').allTextContents();
  expect(await customerMoney.locator('li > span:first-child').allTextContents()).toEqual(
    [1, 2, 3].map((n) => `VH7201 · Unit ${n}`),
  );
  // Unit 1 is not asked yet, unit 2 owes $5,000, unit 3 paid $5,000 by card.
  expect(customerDeposits).toEqual([
    'VH7201 · Unit 1Not asked yet',
    'VH7201 · Unit 2Deposit $5,000.00Due',
    'VH7201 · Unit 3Deposit $5,000.00PaidCard',
  ]);

  // Home: unit 3 booked, units 1 and 2 with their windows.
  await customer.goto('/');
  const homeUnits = customer.getByRole('region', { name: 'Where your units are' });
  const homeRow = (n: number) =>
    homeUnits.getByRole('link').filter({ hasText: `${DELIVERY.order.orderId} · Unit ${n}` });
  await expect(homeRow(3)).toContainText('Delivery booked for');
  for (const n of [1, 2]) await expect(homeRow(n)).toContainText('Estimated delivery:');
  await shoot(customer, 'delivery-booking-home');

  // The admin's week view, untouched since, shows the booking.
  await expect(cell.getByTestId('booked-count')).toHaveText('1 of 2 booked', { timeout: 5000 });
  await expect(cell.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  expect(await staff.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await shoot(staff, 'delivery-days-booked');

  // The staff order page: unit 3's day, units 1 and 2 not booked with their estimates.
  await staff.goto(`/admin/orders/${order.id}`);
  const staffUnits = staff.getByRole('list', { name: 'Units' }).getByRole('listitem');
  await expect(staffUnits.nth(2)).toContainText('Delivery booked for');
  for (const n of [0, 1]) {
    await expect(staffUnits.nth(n)).toContainText('Delivery day: not booked');
    await expect(staffUnits.nth(n).getByTestId('delivery-estimate')).toBeVisible();
  }
  // The same names, the same money, word for word.
  for (const n of [1, 2, 3]) await expect(staffUnits.nth(n - 1)).toContainText(`VH7201 · Unit ${n}`);
  const staffMoney = staff.locator('[data-payment-state]');
  await expect(staffMoney).toHaveAttribute('data-payment-state', 'part_paid');
  await expect(staffMoney.locator('dl')).toHaveText(
    ['Order value$142,500.00Paid$5,000.00Still due$5,000.00'],
    {
      useInnerText: false,
    },
  );
  expect(await staffMoney.locator('li').allTextContents()).toEqual(customerDeposits);
  await expectAccessibleEverywhere(staff, 'Staff order page after booking');
  await shoot(staff, 'delivery-booking-staff-order');
  // The orders table says what is paid and due, not "Unpaid" with the order's value.
  await staff.goto(`/admin/orders?q=${DELIVERY.order.orderId}`);
  const row = staff.getByRole('row').filter({ hasText: DELIVERY.order.orderId }).first();
  await expect(row).toContainText('Part paid');
  await expect(row).toContainText('$5,000.00 paid');
  await expect(row).not.toContainText('Unpaid');

  // The guest tracking page, in English and in Spanish, to whoever holds the link.
  for (const [locale, units, booked, estimated] of [
    ['en-US', 'Units', 'Delivery booked for', 'Estimated delivery'],
    ['es-ES', 'Unidades', 'Entrega reservada para', 'Entrega estimada'],
  ] as const) {
    const guestContext = await browser.newContext({ baseURL, locale });
    const guest = await guestContext.newPage();
    await guest.goto(`/track/${order.trackingToken}`);
    const cards = guest.getByRole('list', { name: units, exact: true }).locator(':scope > li');
    await expect(cards).toHaveCount(3);
    for (const n of [1, 2, 3])
      await expect(cards.nth(n - 1)).toContainText(`VH7201 · ${locale === 'en-US' ? 'Unit' : 'Unidad'} ${n}`);
    await expect(cards.nth(2)).toContainText(booked);
    for (const n of [0, 1]) {
      await expect(cards.nth(n).getByTestId('delivery-estimate')).toContainText(estimated);
      await expect(cards.nth(n)).not.toContainText(booked);
    }
    await expectAccessibleEverywhere(guest, `Tracking page after booking (${locale})`);
    await shoot(guest, `delivery-booking-tracking-${locale}`);
    await guestContext.close();
  }

  await customerContext.close();
  await adminContext.close();
});
