/**
 * The customer portal journeys: two seeded customers each see exactly their own units, find an order by
 * search, expand a unit, and open a ready document to sign.
 */
import type { Locator, Page } from '@playwright/test';
import { expectToast } from './support/auth.js';
import { DOCUMENT_HEADING } from './support/document-server.js';
import { expect, test } from './support/test.js';

const unitCard = (page: Page, label: string) => page.locator('article').filter({ hasText: label });

/** The unit cards' titles, in order; asserted with toHaveText, which waits for the list to settle. */
function cardLabels(page: Page) {
  return page.locator('article button[aria-expanded] > span > span:first-child');
}

function timelineStep(card: Locator, name: string) {
  return card.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').filter({ hasText: name });
}

test.describe('two customers', () => {
  test('each sees exactly their own units, labels, tasks and actions', async ({ browser, ann, ben }) => {
    const annPage = await (await browser.newContext({ storageState: ann.storageState })).newPage();
    await annPage.goto('/orders');
    await expect(annPage.getByRole('heading', { name: 'My Orders (2)' })).toBeVisible();
    // ORD-880 is Ann's older order and does not begin with 'VH': it shows as it is, as staff see it.
    await expect(cardLabels(annPage)).toHaveText([
      'VH5001 · Unit 1',
      'ORD-880 · Unit 1',
      'ORD-880 · Unit 2',
      'ORD-880 · Unit 3',
    ]);
    await expect(annPage.getByText('VH6001')).toHaveCount(0);
    await expect(
      unitCard(annPage, 'VH5001 · Unit 1').getByRole('button', { name: /Complete onboarding form/ }),
    ).toBeVisible();
    await expect(
      unitCard(annPage, 'ORD-880 · Unit 1').getByRole('button', { name: /Sign required documents/ }),
    ).toBeVisible();
    await expect(
      unitCard(annPage, 'ORD-880 · Unit 2').getByRole('button', { name: /Complete payment/ }),
    ).toBeVisible();
    await expect(
      unitCard(annPage, 'ORD-880 · Unit 3').getByRole('button', { name: /pending action/ }),
    ).toHaveCount(0);
    await expect(
      annPage.getByRole('link', { name: /VH5001 · Unit 1.*Complete onboarding form/ }),
    ).toBeVisible();
    await expect(annPage.getByRole('link', { name: /ORD-880 · Unit 2.*Complete payment/ })).toBeVisible();

    const benPage = await (await browser.newContext({ storageState: ben.storageState })).newPage();
    await benPage.goto('/orders');
    await expect(benPage.getByRole('heading', { name: 'My Orders (2)' })).toBeVisible();
    await expect(cardLabels(benPage)).toHaveText(['VH6002 · Unit 1', 'VH6002 · Unit 2', 'VH6001 · Unit 1']);
    await expect(benPage.getByText('Cabin 400')).toHaveCount(0);
    // One task, as one card carries the red '1': site preparation asks nothing of Ben.
    await expect(benPage.getByRole('button', { name: /Purchase Tasks\s*Pending tasks:\s*1/ })).toBeVisible();
    await expect(benPage.getByRole('link', { name: /· Unit 1.*Complete onboarding form/ })).toBeVisible();
    await expect(benPage.getByRole('link', { name: /Site preparation in progress/ })).toHaveCount(0);

    // Ben asking for Ann's order by its address sees the not-found page, not her data.
    const annOrderHref = await annPage
      .getByRole('link', { name: /ORD-880 · Unit 2.*Complete payment/ })
      .getAttribute('href');
    await benPage.goto(annOrderHref ?? '/orders/0');
    await expect(benPage.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await expect(benPage.getByText('Cabin 400')).toHaveCount(0);
  });
});

test('a customer finds an order by search, expands a unit and opens a ready document', async ({
  browser,
  ann,
}) => {
  const page = await (await browser.newContext({ storageState: ann.storageState })).newPage();
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill('CABIN');
  await expect(cardLabels(page)).toHaveText(['ORD-880 · Unit 1', 'ORD-880 · Unit 2', 'ORD-880 · Unit 3']);
  await page.getByLabel('Search orders').fill('no such thing');
  await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
  await expect(
    page.getByText('No orders match your search criteria. Try adjusting your search terms.'),
  ).toBeVisible();
  await page.getByLabel('Search orders').fill('vh5001');
  await expect(cardLabels(page)).toHaveText(['VH5001 · Unit 1']);

  await page.getByLabel('Search orders').fill('cabin');
  const production = unitCard(page, 'ORD-880 · Unit 3');
  await production.getByRole('button', { name: /ORD-880 · Unit 3/ }).click();
  await expect(timelineStep(production, 'Production')).toHaveAttribute('aria-current', 'step');
  await expect(timelineStep(production, 'Site Preparation')).toContainText('(completed)');
  await expect(timelineStep(production, 'Delivered')).toContainText('(upcoming)');
  await expect(production.getByText('Order currently in production')).toBeVisible();
  await expect(production.getByText(/^Delivery booked for /)).toBeVisible();

  const documents = unitCard(page, 'ORD-880 · Unit 1');
  await documents.getByRole('button', { name: /Sign required documents/ }).click();
  await expectToast(page, 'Document signing initiated');
  const dialog = page.getByRole('dialog', { name: 'Sign required documents' });
  await expect(dialog.frameLocator('iframe').getByRole('heading', { name: DOCUMENT_HEADING })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(documents.getByRole('button', { name: /ORD-880 · Unit 1/ })).toContainText('Document Signing');
});
