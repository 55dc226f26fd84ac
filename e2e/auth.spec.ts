/** Sign-in journeys, checking the exact texts of the screens and toasts a user sees. */
import { expectToast, field, signInWithPassword, signUp, submitEmail, uniqueEmail } from './support/auth.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js';
import { mailbox } from './support/mail.js';
import { expect, test } from './support/test.js';

const GREETING = /^Good (morning|afternoon|evening), there$/;
const NOT_FOUND_ALERT =
  "We couldn't find an account with that email address. Please check your spelling or create a new account.";

test('a new customer signs up with a code from the e-mail and lands on the home page', async ({ page }) => {
  await signUp(page, uniqueEmail(), 'a-new-password-1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
});

test('the admin signs in with password and code and lands on /admin', async ({ page }) => {
  await signInWithPassword(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin Portal' })).toBeVisible();
});

test('a signed-in USER who opens /admin is sent to /', async ({ browser, customer, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: customer.storageState });
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GREETING);
  await context.close();
});

test('a dark-theme visitor gets the dark theme and the saved brand colour before any app code runs, with nothing refused by the page policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    localStorage.setItem('orderflow-theme', 'dark');
    localStorage.setItem('orderflow-brand-css', ':root:root{--primary:#0f766e}');
    // The app's modules run after the first paint; at DOMContentLoaded only the page's own script has.
    document.addEventListener('DOMContentLoaded', () => {
      const seen = {
        dark: document.documentElement.classList.contains('dark'),
        brand: document.getElementById('brand-colours')?.textContent ?? null,
      };
      sessionStorage.setItem('before-app', JSON.stringify(seen));
    });
  });
  for (const path of ['/auth', '/orders', '/admin']) {
    await page.goto(path);
    await expect(field(page, 'Email')).toBeVisible();
    const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('before-app') ?? 'null'));
    expect(seen, path).toEqual({ dark: true, brand: ':root:root{--primary:#0f766e}' });
  }
  expect(refused).toEqual([]);
});

test('a visitor who opens /orders is sent to /auth', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(field(page, 'Email')).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found', { exact: true })).toBeVisible();
});

test('forgot password for an unknown e-mail shows the alert', async ({ page }) => {
  // Reach the forgot-password step from the password step of an existing account, then change e-mail.
  await submitEmail(page, ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await field(page, 'Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND_ALERT })).toHaveText(NOT_FOUND_ALERT);
  await expectToast(page, 'Email not found');
});

test('forgot password resets the password of an active account, and the new one signs in', async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('reset');
  const signUpContext = await browser.newContext({ baseURL });
  await signUp(await signUpContext.newPage(), email, 'the-old-password-1');
  await signUpContext.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const inbox = await mailbox(email);
  await submitEmail(page, email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(field(page, 'Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectToast(page, 'Verification code sent');
  await field(page, 'Verification code').fill(await inbox.nextCode());
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expectToast(page, 'Verification successful');
  await field(page, 'New password').fill('the-new-password-2');
  await field(page, 'Confirm new password').fill('the-new-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Password reset successful');
  await context.close();

  const fresh = await browser.newContext({ baseURL });
  const signIn = await fresh.newPage();
  await signInWithPassword(signIn, email, 'the-new-password-2');
  await expect(signIn).toHaveURL(/\/$/);
  await fresh.close();
});

test('a wrong password shows the Sign-in failed toast and why', async ({ page }) => {
  await submitEmail(page, ADMIN_EMAIL);
  await field(page, 'Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToast(page, 'Sign-in failed');
  await expectToast(page, 'Invalid credentials');
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
});

test('logout returns to /auth', async ({ page }) => {
  await signUp(page, uniqueEmail('logout'), 'a-new-password-1');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Signed out');
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/auth$/);
});
