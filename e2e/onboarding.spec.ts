/**
 * Onboarding in the browser: every validation message for its case, the phone formats, and a valid
 * Business and a valid Individual submission that each move their unit and store the data.
 */
import type { Page } from '@playwright/test';
import { expectToast, field } from './support/auth.js';
import { expect, test } from './support/test.js';

const unitCard = (page: Page, label: string) => page.locator('article').filter({ hasText: label });

async function openOnboarding(page: Page, unitLabel: string) {
  await page.goto('/orders');
  await unitCard(page, unitLabel)
    .getByRole('button', { name: /Complete onboarding form/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Onboarding' });
  await expect(dialog.getByLabel('First Name', { exact: true })).toBeVisible();
  return dialog;
}

async function choose(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
  option: string | RegExp,
) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

async function expectStoredOnboarding(page: Page, orderNumber: string, itemNumber: number) {
  const orders = await (await page.request.get('/api/orders')).json();
  const order = orders.find((o: { orderId: string }) => o.orderId === orderNumber);
  const unit = order.items.find((i: { itemNumber: number }) => i.itemNumber === itemNumber);
  expect(unit.status).toBe('DOCUMENTS_PENDING');
  return unit.currentStageData.onboardingData;
}

test('every validation message appears for its case, and a valid Business application moves the unit', async ({
  browser,
  dana,
}) => {
  const page = await (await browser.newContext({ storageState: dana.storageState })).newPage();
  const dialog = await openOnboarding(page, 'VH8001 · Unit 1');
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(dana.email);
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');

  // Business is chosen and nothing is filled: every required field says so.
  await dialog.getByRole('radio', { name: 'Business' }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Validation Error');
  for (const message of [
    'First name is required',
    'Last name is required',
    'Address is required',
    'Phone number is required',
    'Business name is required',
    'Business type is required',
    'Business phone number is required (min 10 digits)',
    'State of entity establishment is required',
    'Business address is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true }), message).toBeVisible();
  }

  await field(page, 'First Name').fill('Ann');
  await field(page, 'Last Name').fill('Porter');
  await dialog.getByLabel('Address', { exact: true }).fill('500 Congress Ave');
  const phone = dialog.getByLabel('Personal Cell Phone', { exact: true });
  await phone.fill('512555');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Phone number must be at least 10 digits', { exact: true })).toBeVisible();
  await expectToast(page, 'Validation Error');

  // The input keeps digits only, at most ten, and shows them in the country's format.
  await phone.fill('512-555-0100 99');
  await expect(phone).toHaveValue('(512) 555-0100');
  await choose(page, dialog, 'Personal Cell Phone country', /Mexico/);
  await expect(phone).toHaveValue('51 2555 0100');
  await choose(page, dialog, 'Personal Cell Phone country', /United States/);

  await choose(page, dialog, 'Business Type', 'Other');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please specify business type', { exact: true })).toBeVisible();
  await dialog.getByLabel('Specify Business Type', { exact: true }).fill('Cooperative');
  await dialog.getByLabel('Business Name', { exact: true }).fill('Porter Farms');
  await dialog.getByLabel('Business Phone', { exact: true }).fill('5125550111');
  await choose(page, dialog, 'State Entity Established', 'Texas');
  await dialog.getByLabel('Business Address', { exact: true }).fill('12 Ranch Rd');

  // Yes pre-fills the delivery address from the main one; emptied, it is required.
  await dialog.getByRole('radio', { name: 'Yes' }).check();
  const delivery = dialog.getByLabel('Delivery Address', { exact: true });
  await expect(delivery).toHaveValue('500 Congress Ave');
  await delivery.fill('');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Delivery address is required', { exact: true })).toBeVisible();
  await delivery.fill('9 Lake Dr');

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Onboarding Complete');
  await expect(page.getByRole('dialog', { name: 'Onboarding Completed' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5000 });
  await expect(
    unitCard(page, 'VH8001 · Unit 1').getByRole('button', { name: /Documents processing/ }),
  ).toBeDisabled();

  expect(await expectStoredOnboarding(page, 'VH8001', 1)).toMatchObject({
    applicationType: 'Business',
    firstName: 'Ann',
    businessType: 'Other',
    otherBusinessType: 'Cooperative',
    businessName: 'Porter Farms',
    stateEntityEstablished: 'TX',
    personalPhone: '5125550100',
    hasFinalizedDeliveryAddress: 'Yes',
    deliveryAddress: '9 Lake Dr',
  });
});

test('a valid Individual application moves the unit with the business defaults', async ({
  browser,
  eric,
}) => {
  const page = await (await browser.newContext({ storageState: eric.storageState })).newPage();
  const dialog = await openOnboarding(page, 'VH8101 · Unit 1');
  await dialog.getByRole('radio', { name: 'Individual' }).check();
  await expect(dialog.getByLabel('Business Name', { exact: true })).toHaveCount(0);
  await field(page, 'First Name').fill('Ben');
  await field(page, 'Last Name').fill('Ortiz');
  await dialog.getByLabel('Address', { exact: true }).fill('77 Lake Rd');
  await dialog.getByLabel('Personal Cell Phone', { exact: true }).fill('7375550142');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Onboarding Complete');
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5000 });

  expect(await expectStoredOnboarding(page, 'VH8101', 1)).toMatchObject({
    applicationType: 'Individual',
    firstName: 'Ben',
    businessName: '',
    businessType: 'LLC',
    stateEntityEstablished: 'CA',
    businessPhone: '7375550142',
  });
  // The other unit of the order has not moved.
  await expect(unitCard(page, 'VH8101 · Unit 2')).toContainText('Delivered');
});
