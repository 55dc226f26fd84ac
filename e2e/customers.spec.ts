/**
 * The admin's Customers page and User Management dialog, against the customers seeded in
 * support/seed-customers.ts (every address starts with 'cust-'; only those are changed here).
 */
import type { Page } from '@playwright/test';
import { expectToast, field, signInWithPassword, toasts } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { mailbox, mailsTo } from './support/mail.js';
import { shoot } from './support/screenshots.js';
import { CUSTOMERS, pagedEmail } from './support/seed-customers.js';
import { expect, switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

async function searchCustomers(page: Page, text: string) {
  await page.goto('/admin/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(text);
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** Finds the customer by e-mail and opens their User Management dialog. */
async function openCustomer(page: Page, email: string) {
  await searchCustomers(page, email);
  await page.getByRole('button', { name: `View ${email}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'User Management' });
  await expect(dialog.getByRole('heading', { name: 'Orders' })).toBeVisible();
  return dialog;
}

async function axeLightAndDark(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectNoSeriousViolations(page, `${label} (${theme})`);
  }
}

test('lists customers with their order count and total, searched and paged on the server', async ({
  page,
}) => {
  await searchCustomers(page, 'cust-page-');
  await expect(page.getByText('Showing 1 to 10 of 12 customers')).toBeVisible();
  // Newest first: the last seeded customer leads.
  await expect(page.getByRole('row').nth(1)).toContainText(pagedEmail(12));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 11 to 12 of 12 customers')).toBeVisible();
  await expect(row(page, pagedEmail(1))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('searchbox', { name: 'Search customers' }).fill(CUSTOMERS.withOrders.email);
  await expect(page.getByText('Showing 1 to 1 of 1 customer')).toBeVisible();
  await expect(row(page, CUSTOMERS.withOrders.email).getByRole('cell')).toHaveText([
    /\d+/,
    CUSTOMERS.withOrders.email,
    '2',
    // Total spent counts what was paid; the orders' value stands beside it.
    '$0.00',
    '$75,012.50',
    /View/,
  ]);

  await page.getByRole('searchbox', { name: 'Search customers' }).fill('cust-nobody-has-this');
  await expect(page.getByText('No customers found')).toBeVisible();
  await axeLightAndDark(page, 'customers, empty search');

  await searchCustomers(page, CUSTOMERS.prefix);
  await expect(page.getByText(/Showing 1 to 10 of \d+ customers/)).toBeVisible();
  await axeLightAndDark(page, 'customers');
  await shoot(page, 'customers-list');
  // Phones get a list instead of the table.
  await page.setViewportSize({ width: 375, height: 812 });
  await axeLightAndDark(page, 'customers, phone');
});

test('a customer with orders: the orders with their stage labels and dollars; deletion refused with the count', async ({
  page,
}) => {
  const dialog = await openCustomer(page, CUSTOMERS.withOrders.email);
  await expect(dialog.getByText('Olive Orders')).toBeVisible();
  const orders = dialog.getByRole('listitem');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText('CUST-101');
  await expect(orders.nth(0)).toContainText('Document Signing');
  await expect(orders.nth(0)).toContainText('$75,000.00');
  await expect(orders.nth(1)).toContainText('CUST-102');
  await expect(orders.nth(1)).toContainText('Payment Pending');
  await expect(orders.nth(1)).toContainText('$12.50');
  await axeLightAndDark(page, 'User Management dialog');
  await shoot(page, 'customers-dialog');

  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog.getByRole('button', { name: 'Confirm Deletion' })).toBeFocused();
  await axeLightAndDark(page, 'User Management, delete confirmation');
  await shoot(page, 'customers-dialog-delete');
  await dialog.getByRole('button', { name: 'Confirm Deletion' }).click();
  await expectToast(page, 'Cannot delete user');
  await expect(
    toasts(page).getByText(
      'This user has 2 associated orders and cannot be deleted. Please reassign or delete the orders first.',
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await searchCustomers(page, CUSTOMERS.withOrders.email);
  await expect(row(page, CUSTOMERS.withOrders.email)).toBeVisible();
});

test('a customer without orders says so', async ({ page }) => {
  const dialog = await openCustomer(page, CUSTOMERS.noOrders.email);
  await expect(dialog.getByText('No orders found for this user.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Change Email' }).click();
  await expect(dialog.getByRole('button', { name: 'Update Email' })).toBeDisabled();
  await axeLightAndDark(page, 'User Management, change e-mail');
  await shoot(page, 'customers-dialog-email');
});

test('Reset Password mails a code and a link with which the customer chooses a new password', async ({
  page,
  browser,
}) => {
  const { email, password, newPassword } = CUSTOMERS.reset;
  const inbox = await mailbox(email);
  const dialog = await openCustomer(page, email);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await axeLightAndDark(page, 'User Management, reset confirmation');
  await shoot(page, 'customers-dialog-reset');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Password reset initiated');
  const code = await inbox.nextCode();
  const mail = (await mailsTo(email)).at(-1)!;
  const link = mail.text.match(/https?:\/\/\S+\/auth\?\S+/)?.[0];
  expect(link).toBeTruthy();

  // The customer, in a browser of their own, follows the link.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const customer = await context.newPage();
  await customer.goto(link!);
  await expect(customer.getByRole('heading', { name: 'Enter verification code' })).toBeVisible();
  await field(customer, 'Verification code').fill(code);
  await customer.getByRole('button', { name: 'Verify code' }).click();
  await field(customer, 'New password').fill(newPassword);
  await field(customer, 'Confirm new password').fill(newPassword);
  await customer.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(customer, 'Password reset successful');
  // The link's code was the only one: no second mail was needed.
  expect((await mailsTo(email)).filter((m) => m.text.includes(code))).toHaveLength(1);
  expect(password).not.toBe(newPassword);
  await signInWithPassword(customer, email, newPassword);
  await context.close();
});

test('Change Email stores the new address', async ({ page }) => {
  const { email, newEmail } = CUSTOMERS.change;
  const dialog = await openCustomer(page, email);
  await dialog.getByRole('button', { name: 'Change Email' }).click();
  await dialog.getByLabel('New email').fill(CUSTOMERS.withOrders.email);
  await dialog.getByRole('button', { name: 'Update Email' }).click();
  await expectToast(page, 'Failed to update email');
  await expect(toasts(page).getByText('Another account already uses this email address')).toBeVisible();

  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Update Email' }).click();
  await expectToast(page, 'Email updated');
  await expect(dialog).toContainText(newEmail);
  await page.keyboard.press('Escape');
  await searchCustomers(page, newEmail);
  await expect(row(page, newEmail)).toBeVisible();
});

test('Delete User, confirmed, removes a customer without orders', async ({ page }) => {
  const { email } = CUSTOMERS.remove;
  const dialog = await openCustomer(page, email);
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await dialog.getByRole('button', { name: 'Confirm Deletion' }).click();
  await expectToast(page, 'User deleted');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No customers found')).toBeVisible();
});

test('the customers API refuses a visitor with 401', async ({ browser }) => {
  // A customer's 403 on every route is proven by the server suite (customers.test.ts).
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  expect((await visitor.request.get('/api/admin/customers')).status()).toBe(401);
  const page = await visitor.newPage();
  await page.goto('/admin/customers');
  await expect(page).toHaveURL(/\/auth$/);
  await visitor.close();
});

test.describe('Settings → Admin Users', () => {
  // The second journey edits the admin the first one adds.
  test.describe.configure({ mode: 'serial' });
  const NEW_ADMIN = { email: 'cust-admin@example.com', password: 'first111', newPassword: 'second22' };

  async function openAdminUsers(page: Page) {
    await page.goto('/admin/settings?tab=users');
    const panel = page.getByRole('tabpanel', { name: 'Admin Users' });
    await expect(panel.getByRole('table')).toBeVisible();
    return panel;
  }

  async function fillUser(
    dialog: ReturnType<Page['getByRole']>,
    values: { email?: string; password?: string; confirm?: string },
  ) {
    if (values.email !== undefined) await dialog.getByLabel('Email', { exact: true }).fill(values.email);
    if (values.password !== undefined) {
      await dialog.getByLabel(/^(Password|New password)$/).fill(values.password);
    }
    if (values.confirm !== undefined) await dialog.getByLabel('Confirm password').fill(values.confirm);
  }

  test('lists the staff with their role by name; an admin added through the API signs in', async ({
    page,
    browser,
  }) => {
    const panel = await openAdminUsers(page);
    await expect(
      panel.getByRole('row').filter({ hasText: 'admin@example.com' }).getByRole('cell'),
    ).toHaveText(['admin@example.com', 'Admin', 'Active', /Edit/]);
    await axeLightAndDark(page, 'Admin Users tab');
    await shoot(page, 'settings-admin-users');
    await page.setViewportSize({ width: 375, height: 812 });
    await axeLightAndDark(page, 'Admin Users tab, phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The back office invites (e2e/staff-invitation.spec.ts); integrators may still create with a password.
    const res = await page.request.post('/api/settings/users/create', {
      data: { email: NEW_ADMIN.email, password: NEW_ADMIN.password, role: 'ADMIN' },
    });
    expect([201, 409], await res.text()).toContain(res.status());
    await page.reload();
    await expect(panel.getByRole('row').filter({ hasText: NEW_ADMIN.email })).toBeVisible();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const newAdmin = await context.newPage();
    await signInWithPassword(newAdmin, NEW_ADMIN.email, NEW_ADMIN.password);
    await expect(newAdmin).toHaveURL(/\/admin$/);
    await context.close();
  });

  test('Edit User keeps the password when it is blank and sets a new one when entered', async ({
    page,
    browser,
  }) => {
    const panel = await openAdminUsers(page);
    await panel.getByRole('button', { name: `Edit ${NEW_ADMIN.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(NEW_ADMIN.email);
    await axeLightAndDark(page, 'Edit User dialog');
    await shoot(page, 'settings-edit-user');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated');

    await panel.getByRole('button', { name: `Edit ${NEW_ADMIN.email}` }).click();
    await fillUser(dialog, { password: 'short', confirm: 'short' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Password too short');
    await fillUser(dialog, { password: NEW_ADMIN.newPassword, confirm: NEW_ADMIN.newPassword });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated');
    await expect(dialog).toBeHidden();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const newAdmin = await context.newPage();
    await signInWithPassword(newAdmin, NEW_ADMIN.email, NEW_ADMIN.newPassword);
    await expect(newAdmin).toHaveURL(/\/admin$/);
    await context.close();
  });
});
