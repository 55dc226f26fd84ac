/**
 * Every customer screen and dialog, each opened from a fresh page load, for the accessibility and
 * screenshot passes. They run as CLEO, whose orders no journey changes.
 */
import { expect, type Page } from '@playwright/test';
import { CLEO } from './seed.js';

export interface PortalView {
  name: string;
  open(page: Page): Promise<void>;
}

const unitCard = (page: Page, label: string) => page.locator('article').filter({ hasText: label });

async function ordersPage(page: Page) {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: /^My Orders \(\d+\)$/ })).toBeVisible();
}

async function openUnitAction(page: Page, unitLabel: string, action: RegExp, dialogName: string) {
  await ordersPage(page);
  await unitCard(page, unitLabel).getByRole('button', { name: action }).click();
  await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
}

async function accountDialog(page: Page, button: string) {
  await page.goto('/account');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog', { name: button })).toBeVisible();
}

export const PORTAL_VIEWS: PortalView[] = [
  {
    name: 'home',
    async open(page) {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        /^Good (morning|afternoon|evening)/,
      );
    },
  },
  {
    name: 'orders-expanded',
    async open(page) {
      await ordersPage(page);
      await unitCard(page, `${CLEO.office.orderId} · Unit 1`)
        .getByRole('button', { name: new RegExp(`${CLEO.office.orderId} · Unit 1`) })
        .click();
      await expect(page.getByRole('list', { name: 'Order timeline' })).toBeVisible();
    },
  },
  {
    name: 'orders-no-match',
    async open(page) {
      await ordersPage(page);
      await page.getByLabel('Search orders').fill('nothing like this');
      await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
    },
  },
  {
    name: 'order-details-dialog',
    async open(page) {
      await ordersPage(page);
      await unitCard(page, `${CLEO.cabin.orderId} · Unit 2`)
        .getByRole('button', { name: 'View details' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Order details' })).toBeVisible();
    },
  },
  {
    name: 'onboarding-dialog',
    async open(page) {
      await openUnitAction(
        page,
        `${CLEO.cabin.orderId} · Unit 1`,
        /Complete onboarding form/,
        'Complete Your Onboarding',
      );
      await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'onboarding-dialog-errors',
    async open(page) {
      await openUnitAction(
        page,
        `${CLEO.cabin.orderId} · Unit 1`,
        /Complete onboarding form/,
        'Complete Your Onboarding',
      );
      await page.getByRole('radio', { name: 'Business' }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
    },
  },
  {
    name: 'signing-dialog',
    async open(page) {
      await openUnitAction(
        page,
        `${CLEO.cabin.orderId} · Unit 2`,
        /Sign required documents/,
        'Sign required documents',
      );
    },
  },
  {
    name: 'payment-dialog',
    async open(page) {
      await openUnitAction(page, `${CLEO.cabin.orderId} · Unit 3`, /Complete payment/, 'Deposit payment');
    },
  },
  {
    name: 'order-page',
    async open(page) {
      await ordersPage(page);
      const orders = (await (await page.request.get('/api/orders')).json()) as {
        id: number;
        orderId: string;
      }[];
      const cabin = orders.find((order) => order.orderId === CLEO.cabin.orderId);
      await page.goto(`/orders/${cabin?.id}`);
      await expect(page.getByRole('heading', { name: `Order ${CLEO.cabin.orderId}` })).toBeVisible();
    },
  },
  {
    name: 'account',
    async open(page) {
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      await expect(page.getByText(CLEO.cabin.orderId).first()).toBeVisible();
    },
  },
  { name: 'account-edit-profile', open: (page) => accountDialog(page, 'Edit Profile') },
  { name: 'account-update-information', open: (page) => accountDialog(page, 'Update Information') },
  {
    name: 'settings',
    async open(page) {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Settings', exact: true, level: 1 })).toBeVisible();
      await expect(page.getByRole('switch').first()).toBeVisible();
    },
  },
];
