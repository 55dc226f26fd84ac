/**
 * Second factor and sessions, end to end in Chromium. Passkeys only work on a domain name (browsers
 * refuse them on an IP address), so this file starts its own server whose public address is
 * http://localhost:<port>, with its own mail catcher; the shared journeys' server is not touched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { type MailCatcher, startMailCatcher } from '../src/server/test/mail-catcher.js';
import { expectToast, toasts } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { shoot } from './support/screenshots.js';

// Long journeys (each checks several screens with axe in two themes at two widths).
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = 'security-admin@example.com';
const ADMIN_PASSWORD = 'security admin password';
const CUSTOMER = 'two-browsers@example.com';
const CUSTOMER_PASSWORD = 'customer password 1';

let mail: MailCatcher;
let server: ChildProcess;
let dataDir: string;
let base: string;
let totpSecret: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  mail = await startMailCatcher();
  dataDir = mkdtempSync(join(tmpdir(), 'orderflow-e2e-2fa-'));
  const port = await freePort();
  base = `http://localhost:${port}`;
  let output = '';
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SMTP_URL: mail.smtpUrl,
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      AUTH_REQUESTS_PER_MINUTE: '10000',
      CODES_PER_EMAIL: '10000',
      CODES_PER_IP: '10000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 40_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await mail?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto(`${base}/auth`);
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signInWithMailedCode(page: Page, email: string, password: string) {
  const before = mail.forAddress(email).length;
  await passwordStep(page, email, password);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await field(page, 'Verification code').fill(await mail.waitForCode(email, before));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

async function signUp(page: Page, email: string, password: string) {
  const before = mail.forAddress(email).length;
  await page.goto(`${base}/auth`);
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await field(page, 'Verification code').fill(await mail.waitForCode(email, before));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${base}/`);
}

/** A browser context with Chromium's virtual passkey authenticator (user verification succeeds). */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test('staff enrol a passkey, get recovery codes once, and sign in with the passkey', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withAuthenticator(context, page);

  await signInWithMailedCode(page, ADMIN, ADMIN_PASSWORD);
  await expect(page).toHaveURL(`${base}/admin`);
  await page.getByRole('link', { name: 'My account' }).first().click();
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'My account (staff)');
  await shoot(page, 'account-security');

  await field(page, 'Passkey name (optional)').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // Adding a factor asks for the password first; a wrong one is refused before the passkey is made.
  const confirmIt = page.getByRole('dialog', { name: 'Add a passkey' });
  await confirmIt.getByLabel('Your password', { exact: true }).fill('not my password');
  await confirmIt.getByRole('button', { name: 'Continue' }).click();
  await expect(confirmIt.getByText('The password is not correct')).toBeVisible();
  await expectAccessibleEverywhere(page, 'add a passkey dialog');
  await confirmIt.getByLabel('Your password', { exact: true }).fill(ADMIN_PASSWORD);
  await confirmIt.getByRole('button', { name: 'Continue' }).click();
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes).toBeVisible();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expectAccessibleEverywhere(page, 'recovery codes dialog');
  await shoot(page, 'recovery-codes');
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Test laptop', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(`${base}/auth`);
  await passwordStep(page, ADMIN, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(`${base}/admin`);

  // Now the authenticator app, set up with the key shown (computed here as the app would).
  await page.goto(`${base}/admin/account`);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(setup.getByLabel('Setup key', { exact: true })).not.toHaveValue('');
  totpSecret = await setup.getByLabel('Setup key', { exact: true }).inputValue();
  await expect(setup.getByLabel('Setup link', { exact: true })).toHaveValue(/^otpauth:\/\/totp\//);
  await expectAccessibleEverywhere(page, 'authenticator app set-up dialog');
  await shoot(page, 'totp-setup');
  await setup
    .getByLabel('Code from the app', { exact: true })
    .fill(TOTP.generate({ secret: Secret.fromBase32(totpSecret) }));
  await setup.getByLabel('Your password', { exact: true }).fill(ADMIN_PASSWORD);
  await setup.getByRole('button', { name: 'Confirm' }).click();
  await expect(setup).toBeHidden();
  // Not the first factor: no new recovery codes.
  await expect(page.getByRole('dialog', { name: 'Your recovery codes' })).toHaveCount(0);
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await context.close();
});

test('staff sign in with a code from the authenticator app', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await passwordStep(page, ADMIN, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'second-factor step');
  await shoot(page, 'second-factor-step');
  // The set-up used the current 30-second step; the next step's code is already accepted.
  const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: Date.now() + 30_000 });
  await field(page, 'Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(`${base}/admin`);

  // With a second factor required, a staff member without one signs in by mailed code and is shown
  // only the set-up, wherever they go in the back office.
  const staffEmail = 'must-enrol@example.com';
  const staffPassword = 'must enrol password';
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ({ path, body }) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { path, body },
    );
  expect(
    await post('/api/settings/users/create', { email: staffEmail, password: staffPassword, role: 'SUPPORT' }),
  ).toBe(201);
  expect(await post('/api/settings/security/batch', { requireSecondFactor: true })).toBe(200);
  try {
    const staff = await browser.newContext();
    const staffPage = await staff.newPage();
    await signInWithMailedCode(staffPage, staffEmail, staffPassword);
    await expect(staffPage.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
    await staffPage.goto(`${base}/admin/orders`);
    await expect(staffPage.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
    await expectAccessibleEverywhere(staffPage, 'second factor required');
    await shoot(staffPage, 'second-factor-required');
    await staff.close();
  } finally {
    expect(await post('/api/settings/security/batch', { requireSecondFactor: false })).toBe(200);
  }

  // The admin signs that staff member out everywhere and removes their second factor (as after a
  // lost phone): both from Admin Users → Edit, the removal asked once more in its own dialog.
  await page.goto(`${base}/admin/settings?tab=users`);
  const panel = page.getByRole('tabpanel', { name: 'Admin Users' });
  await panel.getByRole('row').filter({ hasText: staffEmail }).getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('button', { name: 'End all sessions' }).click();
  await expectToast(page, 'Signed out everywhere');
  // The toast fades out on its own a few seconds later: awaited here, so that axe below never reads its
  // title half faded (a contrast failure that depended on how fast the machine ran).
  await expect(toasts(page).getByText('Signed out everywhere', { exact: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  await edit.getByRole('button', { name: 'Remove second factor' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove the second factor of ${staffEmail}?` });
  await expect(confirm).toBeVisible();
  await expectAccessibleEverywhere(page, 'remove second factor dialog');
  await shoot(page, 'remove-second-factor');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Second factor removed');
  await context.close();
});

test('ending a session from another browser signs that browser out at once', async ({ browser }) => {
  const here = await browser.newContext();
  const there = await browser.newContext();
  const herePage = await here.newPage();
  const therePage = await there.newPage();
  await signUp(herePage, CUSTOMER, CUSTOMER_PASSWORD);
  await signInWithMailedCode(therePage, CUSTOMER, CUSTOMER_PASSWORD);
  await expect(therePage).toHaveURL(`${base}/`);

  await herePage.goto(`${base}/account`);
  const sessions = herePage.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expectAccessibleEverywhere(herePage, 'My Account with sessions');
  await shoot(herePage, 'account-sessions');

  await sessions.getByRole('button', { name: /^Sign out of (?!this device)/ }).click();
  await expect(therePage).toHaveURL(`${base}/auth`);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await here.close();
  await there.close();
});
