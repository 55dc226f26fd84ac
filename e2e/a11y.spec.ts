/** axe-core on every step of the sign-in screen a visitor reaches, light and dark. */
import type { Page } from '@playwright/test';
import { field, walkToCodeStep } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js';
import { expect, switchTheme, test, useTheme } from './support/test.js';

/** Checks the step that is open in both themes; the theme switch keeps the step. */
async function checkBothThemes(page: Page, step: string) {
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectNoSeriousViolations(page, `/auth ${step} (${theme})`);
  }
}

test('the sign-in steps have no serious or critical axe violations, light and dark', async ({ page }) => {
  await useTheme(page, 'light');
  await walkToCodeStep(page, ADMIN_EMAIL, ADMIN_PASSWORD, (step) => checkBothThemes(page, `${step} step`));
});

test('the dark theme applies from local storage before the first paint', async ({ page }) => {
  await useTheme(page, 'dark');
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(field(page, 'Email')).toBeVisible();
  await expectNoSeriousViolations(page, '/auth email step (dark, from storage)');
});
