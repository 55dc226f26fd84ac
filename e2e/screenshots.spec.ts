/**
 * @screenshots: every sign-in step, light and dark, at a phone (375x812) and a desktop (1280x800)
 * size, written to test-results/screenshots/ for a person to look at. Cheap: one pass through each
 * flow, the viewport and the theme switched in place.
 */
import type { Page } from '@playwright/test';
import { field, submitEmail, uniqueEmail, walkToCodeStep } from './support/auth.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js';
import { mailbox } from './support/mail.js';
import { expect, switchTheme, test } from './support/test.js';

const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function shootStep(page: Page, step: string) {
  // The pointer stays where the last click was, which would show the next button in its hover colour.
  await page.mouse.move(0, 0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await page.screenshot({
        path: `test-results/screenshots/auth-${step}-${theme}-${viewport.name}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
}

test.describe('@screenshots sign-in steps', () => {
  test('email, password and verification', async ({ page }) => {
    const order = { email: 1, password: 2, verification: 3 } as const;
    await walkToCodeStep(page, ADMIN_EMAIL, ADMIN_PASSWORD, (step) =>
      shootStep(page, `${order[step]}-${step}`),
    );
  });

  test('create password', async ({ page }) => {
    await submitEmail(page, uniqueEmail('shot'));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await shootStep(page, '4-create-password');
  });

  test('forgot password: e-mail, code, new password', async ({ page }) => {
    const inbox = await mailbox(ADMIN_EMAIL);
    await submitEmail(page, ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await shootStep(page, '5-forgot-email');

    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter verification code' })).toBeVisible();
    await shootStep(page, '6-forgot-code');

    await field(page, 'Verification code').fill(await inbox.nextCode());
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await shootStep(page, '7-new-password');
  });
});
