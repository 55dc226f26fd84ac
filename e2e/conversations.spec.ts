/**
 * Conversations: a customer asks about their order with a photo, a staff member answers with a PDF,
 * and each side sees the other's message arrive without reloading; a document attached to the unit
 * shows in its final documentation.
 */
import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { expectToast, signInSeeded } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { CONVO } from './support/seed-conversations.js';
import { expect, switchTheme, test } from './support/test.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function shootBoth(page: Page, name: string) {
  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await page.screenshot({
        path: `.tmp/${name}-${theme}-${width}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchTheme(page, 'light');
}

test('a customer asks with a photo, staff answer with a PDF, both see it live', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await signInSeeded(customer, CONVO.email, CONVO.password);
  await customer.goto('/orders');
  await customer.getByRole('button', { name: /Garden Studio 180/ }).click();
  await customer
    .getByRole('link', { name: /^Ask us about/ })
    .first()
    .click();
  await expect(customer).toHaveURL(/\/orders\/\d+#conversation$/);
  const composer = customer.getByRole('textbox', { name: 'Your message' });
  await expect(composer).toBeFocused();
  const orderPath = new URL(customer.url()).pathname;
  const orderId = orderPath.split('/').at(-1);

  // The camera input offers the phone's camera; the file input takes the photo here.
  await expect(customer.getByLabel('Take a photo')).toHaveAttribute('capture', 'environment');
  await expect(customer.getByLabel('Attach files')).toHaveAttribute('accept', /application\/pdf/);
  await customer
    .getByLabel('Attach files')
    .setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: PNG });
  await expect(customer.getByRole('list', { name: 'Files to send' })).toContainText('crack.png');
  await expect(customer.getByRole('status', { name: /Uploading/ })).toHaveCount(0);
  await composer.fill('Is this crack in the porch a problem?');

  const staffContext = await browser.newContext({ baseURL, storageState: admin.storageState });
  const staff = await staffContext.newPage();
  await staff.goto(`/admin/orders/${orderId}`);
  const staffConversation = staff.getByRole('region', { name: 'Conversation with the customer' });
  await expect(staffConversation).toContainText('The customer has not written yet');

  await customer.getByRole('button', { name: 'Send' }).click();
  const customerConversation = customer.getByRole('region', { name: 'Questions about this order' });
  await expect(customerConversation.getByRole('list', { name: 'Conversation, oldest first' })).toContainText(
    'Is this crack in the porch a problem?',
  );

  // Staff see it arrive without reloading, with the photo's preview.
  await expect(staffConversation).toContainText('Is this crack in the porch a problem?', { timeout: 3000 });
  await expect(staffConversation.getByRole('link', { name: /crack\.png/ })).toBeVisible();

  await staff
    .getByRole('textbox', { name: 'Your message' })
    .fill('It is cosmetic. The inspection report is attached.');
  await staff
    .getByLabel('Attach files')
    .setInputFiles({ name: 'inspection.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(staff.getByRole('list', { name: 'Files to send' })).toContainText('inspection.pdf');
  await expect(staff.getByRole('status', { name: /Uploading/ })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Send' }).click();

  // The customer sees the answer and its PDF without reloading.
  await expect(customerConversation).toContainText('It is cosmetic.', { timeout: 3000 });
  await expect(customerConversation.getByRole('link', { name: /inspection\.pdf/ })).toHaveAttribute(
    'href',
    /\/api\/uploads\//,
  );
  await expect(customerConversation).not.toContainText('@');

  // Staff attach the final documentation to the unit; the customer sees it in the unit's details.
  await staff.getByRole('button', { name: /^Attach document to/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Attach a document' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Certificate of occupancy');
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expectToast(staff, 'Document attached');
  await customer.reload();
  await expect(customer.getByRole('region', { name: 'Final documentation' })).toContainText(
    'certificate.pdf',
  );

  await shootBoth(customer, 'conversation-customer');
  await expectAccessibleEverywhere(customer, 'the order page with its conversation');
  await shootBoth(staff, 'conversation-staff');
  await expectAccessibleEverywhere(staff, 'the admin order page with its conversation');

  await staff.goto('/admin/conversations');
  await staff.getByRole('button', { name: 'All conversations' }).click();
  await expect(staff.getByRole('link', { name: new RegExp(CONVO.order.productName) })).toBeVisible();
  await shootBoth(staff, 'conversations-page');
  await expectAccessibleEverywhere(staff, 'the Conversations page');

  await staffContext.close();
  await customerContext.close();
});
