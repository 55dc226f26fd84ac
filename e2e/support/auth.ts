/**
 * Sign-in helpers that drive the real sign-in screen (src/client/features/auth), with codes read from
 * the local SMTP catcher. Labels and button names are the screen's own.
 */
import { expect, type Page } from '@playwright/test';
import { mailbox } from './mail.js';

let counter = 0;
/** A fresh address per call, unique across runs, so every journey starts from a new account. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * The toast area (Radix Toast viewport); toasts are read here, not in the screen-reader announcer.
 * While a dialog is open Radix hides the rest of the page from the accessibility tree (the announcer,
 * added when the toast appears, still reads it out), so the region is looked up hidden or not.
 */
export const toasts = (page: Page) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true });

export async function expectToast(page: Page, title: string) {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible();
}

/** Opens /auth and submits the e-mail step. */
export async function submitEmail(page: Page, email: string) {
  await page.goto('/auth');
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export type PasswordSignInStep = 'email' | 'password' | 'verification';

/**
 * Walks an account with a password from the empty e-mail step to the code step, calling `atStep`
 * once each step is on screen (for axe checks or screenshots).
 */
export async function walkToCodeStep(
  page: Page,
  email: string,
  password: string,
  atStep: (step: PasswordSignInStep) => Promise<void> = async () => {},
) {
  await page.goto('/auth');
  await expect(field(page, 'Email')).toBeVisible();
  await atStep('email');
  await submitEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await atStep('password');
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await atStep('verification');
}

/**
 * Email → password → code: the whole sign-in of an account that has a password; the code is read from
 * this worker's mail catcher, or from the one at `mailUrl`.
 */
export async function signInWithPassword(page: Page, email: string, password: string, mailUrl?: string) {
  const inbox = await mailbox(email, mailUrl);
  await walkToCodeStep(page, email, password);
  await field(page, 'Verification code').fill(await inbox.nextCode());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expectToast(page, 'Signed in');
}

/** Email → create password → code: a new customer's sign-up; ends signed in on `/`. */
export async function signUp(page: Page, email: string, password: string) {
  const inbox = await mailbox(email);
  await submitEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await field(page, 'Verification code').fill(await inbox.nextCode());
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectToast(page, 'Account created successfully');
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs in a customer whose account was created from an order: the first time (PENDING) by choosing
 * a password through account set-up, later with that password. Ends signed in on `/`.
 */
export async function signInSeeded(page: Page, email: string, password: string) {
  await submitEmail(page, email);
  const setUp = page.getByRole('heading', { name: 'Set up your account' });
  const signIn = page.getByRole('heading', { name: 'Enter your password' });
  await expect(setUp.or(signIn)).toBeVisible();
  if (await signIn.isVisible()) {
    await signInWithPassword(page, email, password);
    return;
  }
  const inbox = await mailbox(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await field(page, 'Verification code').fill(await inbox.nextCode());
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expectToast(page, 'Password set successfully');
  await expect(page).toHaveURL(/\/$/);
}
