/**
 * @screenshots: every sign-in step, light and dark, at a phone (375x812) and a desktop (1280x800)
 * size, written to test-results/screenshots/ for a person to look at. Cheap: one pass through each
 * flow, the viewport and the theme switched in place.
 */
import type { Page } from '@playwright/test';
import { field, submitEmail, uniqueEmail, walkToCodeStep } from './support/auth.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js';
import { mailbox } from './support/mail.js';
import { shoot } from './support/screenshots.js';
import { expect, test } from './support/test.js';

async function shootStep(page: Page, step: string) {
  await shoot(page, `auth-${step}`);
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
