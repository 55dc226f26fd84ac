/**
 * Financing (docs/api.md, "Financing"): an admin offers financing in Settings with a provider whose
 * address is a stand-in on this machine and creates the signing secret; the customer applies for unit
 * 1 with a document, leaves with a saved draft, comes back, submits and sees "Under review"; the
 * provider receives the application signed; its decision through the payment webhook turns the open
 * page to "Approved" without a reload; staff see it in the Financing list and on the order page.
 * axe-core and screenshots, light and dark, at 375 and 1280 px. Financing is switched off again at the
 * end, so the other journeys' payment units look as before.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectToast, signInSeeded } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { mailsTo } from './support/mail.js';
import { shoot } from './support/screenshots.js';
import { FINANCING } from './support/seed-financing.js';
import { expect, test } from './support/test.js';

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let provider: Server;
let providerUrl = '';

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/applications`;
});

test.afterAll(async ({ browser, admin }) => {
  const context = await browser.newContext({ storageState: admin.storageState });
  await context.request.post('/api/settings/financing/batch', { data: { enabled: false } });
  await context.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a customer applies for financing, comes back to the draft, submits, and sees the approval live', async ({
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Staff offer financing with one provider and create the secret it checks signatures with.
  const adminContext = await browser.newContext({ baseURL, storageState: admin.storageState });
  const staff = await adminContext.newPage();
  await staff.goto('/admin/settings?tab=financing');
  await staff.getByRole('switch', { name: 'Offer financing' }).click();
  await staff.getByRole('button', { name: 'Add provider' }).click();
  await staff.getByLabel('Provider name').fill('Acme Lending');
  await staff.getByLabel('Application address (URL)').fill(providerUrl);
  await staff.getByLabel('Terms (months)').fill('60, 120');
  await staff.getByRole('button', { name: 'Save Financing Settings' }).click();
  await expectToast(staff, 'Settings saved');
  await staff.getByRole('button', { name: 'Create signing secret' }).click();
  const secretField = staff.getByRole('textbox', { name: 'New signing secret' });
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  await expect(staff.getByText(`••••••••${secret.slice(-4)}`)).toBeVisible();
  await expectAccessibleEverywhere(staff, 'Settings → Financing');
  await shoot(staff, 'financing-settings');
  const apiKey = (
    await (await staff.request.post('/api/admin/api-keys', { data: { name: 'Acme Lending' } })).json()
  ).key as string;

  // The customer chooses financing instead of the deposit, fills part of it with a document, leaves.
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await signInSeeded(customer, FINANCING.email, FINANCING.password);
  const orders = (await (await customer.request.get('/api/orders')).json()) as {
    id: number;
    orderId: string;
    items: { id: number; itemNumber: number }[];
  }[];
  const order = orders.find((o) => o.orderId === FINANCING.order.orderId);
  if (!order) throw new Error('the seeded order is missing');
  const itemId = order.items[0]?.id as number;
  await customer.goto(`/orders/${order.id}`);
  const unit = customer.locator('article').filter({ hasText: `${FINANCING.order.orderId} · Unit 1` });
  await expect(unit).toHaveAttribute('data-status', 'FINANCING_PAYMENT');
  await expect(unit.getByRole('button', { name: /^Complete payment/ })).toBeVisible();
  await unit.getByRole('button', { name: /^Apply for financing/ }).click();
  const dialog = customer.getByRole('dialog', { name: 'Apply for financing' });
  await dialog.getByRole('combobox', { name: 'Provider' }).click();
  await customer.getByRole('option', { name: 'Acme Lending' }).click();
  await dialog.getByRole('combobox', { name: 'Term' }).click();
  await customer.getByRole('option', { name: '120 months' }).click();
  await dialog.getByLabel('Amount to finance (USD)').fill('42500');
  await dialog.getByLabel('First name').fill('Fay');
  await dialog.getByLabel('Last name').fill('Okafor');
  await dialog.getByLabel('Add documents').setInputFiles({
    name: 'proof-of-income.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByText('proof-of-income.pdf')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();
  // Focus stays in the dialog: tabbing through it never reaches the page behind.
  for (let i = 0; i < 8; i++) {
    await customer.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  // Submitting now names what is missing, under each field.
  await dialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(dialog.getByText('Phone number must be 10 digits.')).toBeVisible();
  await expect(dialog.getByText('Agree to share the application with the provider.')).toBeVisible();
  await expectAccessibleEverywhere(customer, 'Financing application dialog');
  await shoot(customer, 'financing-dialog-draft');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Later, on a fresh page: the draft is as it was left.
  await customer.reload();
  await unit.getByRole('button', { name: /^Continue financing application/ }).click();
  await expect(dialog.getByLabel('First name')).toHaveValue('Fay');
  await expect(dialog.getByLabel('Amount to finance (USD)')).toHaveValue('42500');
  await expect(dialog.getByRole('combobox', { name: 'Term' })).toHaveText('120 months');
  await expect(dialog.getByText('proof-of-income.pdf')).toBeVisible();
  await dialog.getByLabel('Email').fill('fay.okafor@example.com');
  await dialog.getByLabel('Phone (10 digits)').fill('5125550199');
  await dialog.getByLabel('Date of birth').fill('1986-07-14');
  await dialog.getByRole('combobox', { name: 'Employment' }).click();
  await customer.getByRole('option', { name: 'Self-employed' }).click();
  await dialog.getByLabel('Home address').fill('44 Pecan Street, Austin, TX 78704');
  await dialog.getByLabel('Yearly income before tax (USD)').fill('88000');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(dialog.getByText('Financing: Under review')).toBeVisible();
  await expectAccessibleEverywhere(customer, 'Submitted financing application');
  await shoot(customer, 'financing-dialog-submitted');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(unit.getByText('Financing: Under review')).toBeVisible();

  // The provider receives it once, signed with the secret the admin was shown.
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
  const [request] = received;
  const payload = new Webhook(secret).verify(request!.body, {
    'webhook-id': String(request!.headers['webhook-id']),
    'webhook-timestamp': String(request!.headers['webhook-timestamp']),
    'webhook-signature': String(request!.headers['webhook-signature']),
  }) as { type: string; data: Record<string, any> };
  expect(payload.type).toBe('financing.application_submitted');
  expect(payload.data).toMatchObject({
    orderId: FINANCING.order.orderId,
    itemId,
    provider: 'Acme Lending',
    termMonths: 120,
    amount: 4_250_000,
    applicant: { firstName: 'Fay', lastName: 'Okafor', phone: '5125550199', annualIncome: 8_800_000 },
    documents: [{ name: 'proof-of-income.pdf' }],
  });

  // Its decision comes back through the payment webhook; the open page turns without a reload.
  await customer.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });
  const decision = await customer.request.post('/api/webhooks/payment', {
    headers: { authorization: `Bearer ${apiKey}` },
    data: {
      orderId: FINANCING.order.orderId,
      itemId,
      paymentStatus: 'successful',
      paymentType: 'finance',
      transactionId: 'acme-fay-1',
      amount: 4_250_000,
      currency: 'usd',
      financingProvider: 'Acme Lending',
      termLength: 120,
    },
  });
  expect(decision.status()).toBe(200);
  await expect(unit.getByText('Financing: Approved')).toBeVisible();
  await expect(unit).toHaveAttribute('data-status', 'SITE_PREP');
  expect(await customer.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await expectAccessibleEverywhere(customer, 'Order page after the approval');
  await shoot(customer, 'financing-approved');
  await expect
    .poll(async () => (await mailsTo(FINANCING.email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toContainEqual(expect.stringContaining('financing approved'));

  // Staff see it in the Financing list and, with the applicant, on the order page.
  await staff.goto('/admin/financing');
  await staff.getByRole('button', { name: 'Approved', exact: true }).click();
  const row = staff.getByRole('link').filter({ hasText: `${FINANCING.order.orderId} · Unit 1` });
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('Acme Lending');
  await expectAccessibleEverywhere(staff, 'Financing list');
  await shoot(staff, 'financing-list');
  await row.click();
  const card = staff.getByRole('region', { name: 'Financing' });
  await expect(card).toContainText('Approved');
  await expect(card).toContainText('5125550199');
  await expect(card).toContainText('proof-of-income.pdf');
  await expectAccessibleEverywhere(staff, 'Order page with its financing');
  await shoot(staff, 'financing-staff-order');
  await adminContext.close();
  await customerContext.close();
});
