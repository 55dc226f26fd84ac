/**
 * Staff roles in the back office: each role sees only the navigation it may use, an address it may
 * not use shows the Not allowed page, and an admin reads the audit log of what staff did.
 */
import type { Browser, Page } from '@playwright/test';
import { signInWithPassword } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { baseUrl } from './support/env.js';
import { shoot } from './support/screenshots.js';
import { expect, test } from './support/test.js';

const PASSWORD = 'staff-password-1';
const NAV = [
  'Dashboard',
  'Orders',
  'Customers',
  'Delivery days',
  'Financing',
  'Import Data',
  'Webhooks',
  'Settings',
  'Audit log',
];

const ROLES = {
  OPERATIONS: {
    email: 'roles-operations@example.com',
    nav: ['Dashboard', 'Orders', 'Customers', 'Delivery days', 'Financing', 'Import Data', 'Webhooks'],
    forbidden: '/admin/settings',
  },
  SUPPORT: {
    email: 'roles-support@example.com',
    nav: ['Dashboard', 'Orders', 'Customers', 'Delivery days'],
    forbidden: '/admin/import',
  },
  VIEWER: {
    email: 'roles-viewer@example.com',
    nav: ['Dashboard', 'Orders', 'Customers', 'Delivery days'],
    forbidden: '/admin/audit',
  },
} as const;

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Admin Portal' }).getByRole('link');

async function expectNavigation(page: Page, expected: readonly string[]) {
  await expect(navLinks(page).first()).toBeVisible();
  const names = (await navLinks(page).allInnerTexts()).map((text) => text.trim());
  expect(names.filter((name) => NAV.includes(name))).toEqual(expected);
}

async function signedInAs(browser: Browser, email: string) {
  // Not the admin's cookies, which the describe block's storageState would otherwise lend it.
  const context = await browser.newContext({
    baseURL: baseUrl(),
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto('/auth');
  await signInWithPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  return { context, page };
}

test.describe
  .serial('staff roles', () => {
    test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

    test('an admin adds one member of staff per role', async ({ page }) => {
      for (const [role, { email }] of Object.entries(ROLES)) {
        const res = await page.request.post('/api/settings/users/create', {
          data: { email, password: PASSWORD, role },
        });
        // 409: an earlier run of this journey against the same database already added them.
        expect([201, 409], `${role}: ${await res.text()}`).toContain(res.status());
      }
    });

    for (const [role, { email, nav, forbidden }] of Object.entries(ROLES)) {
      test(`${role} sees only its navigation, and ${forbidden} says it is not allowed`, async ({
        browser,
      }) => {
        const { context, page } = await signedInAs(browser, email);
        await expectNavigation(page, nav);
        await page.goto(forbidden);
        await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
        await expect(page.getByText('Your role does not give access to this page')).toBeVisible();
        await expectNavigation(page, nav);
        if (role === 'VIEWER') {
          // Read-only: the orders page offers no export, and an order's page no status change or delete.
          await page.goto('/admin/orders');
          await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
          await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0);
          await shoot(page, 'roles-viewer-orders');
          await page.goto(forbidden);
          await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
          await expectAccessibleEverywhere(page, 'Not allowed page');
          await shoot(page, 'roles-not-allowed');
        }
        await context.close();
      });
    }

    test('ADMIN sees everything and reads the audit log: filtered, paged, exported', async ({ page }) => {
      await page.goto('/admin');
      await expectNavigation(page, NAV);
      await page
        .getByRole('navigation', { name: 'Admin Portal' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
      // The staff created above and their sign-ins are on record, in sentences rather than codes.
      const added = / added roles-\w+@example\.com as (Operations|Support|Viewer)/;
      await expect(page.getByRole('row').filter({ hasText: added }).first()).toBeVisible();
      await expect(page.getByText('user.created')).toHaveCount(0);

      await page.getByLabel('Who (e-mail)').fill('roles-viewer');
      await page.getByLabel('What').selectOption({ label: 'Staff signed in' });
      await page.getByLabel('Who (e-mail)').press('Enter');
      const rows = page.getByRole('row').filter({ hasText: 'roles-viewer@example.com signed in' });
      await expect(rows.first()).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: added })).toHaveCount(0);
      for (const text of await rows.allInnerTexts()) expect(text).toContain('roles-viewer@example.com');

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

      await expectAccessibleEverywhere(page, 'Audit log');
      await shoot(page, 'audit-log');
    });
  });
