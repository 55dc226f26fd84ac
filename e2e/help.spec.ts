/**
 * The built-in help page (decision 266): a fresh install's Help & Support opens it, its search finds an
 * answer, and it is axe-clean light and dark at 375 and 1280 px (screenshots help-*.png).
 */
import { expectAccessibleEverywhere } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { expect, test } from './support/test.js';

test.use({ storageState: async ({ cleo }, use) => use(cleo.storageState) });

test('Help & Support opens the built-in help page, whose search finds an answer', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('main').getByRole('link', { name: /^Help & Support/ });
  await expect(card).toHaveAttribute('href', '/help');
  await card.click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('6 questions');

  await page.getByRole('button', { name: 'How do I follow my order?' }).click();
  await expect(page.getByText(/^My Orders lists your orders\./)).toBeVisible();
  await shoot(page, 'help');
  await expectAccessibleEverywhere(page, 'help page');

  await page.getByRole('searchbox', { name: 'Search help' }).fill('deposit card');
  await expect(page.getByRole('status')).toHaveText('1 question matches “deposit card”.');
  await expect(page.getByText(/pay its deposit by card/)).toBeVisible();
  await shoot(page, 'help-search');
});
