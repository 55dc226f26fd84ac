/**
 * Staff invitations end to end (decision 290): an admin invites by e-mail, the person opens the mailed
 * link, chooses their own password, signs in, sets up an authenticator app by scanning the QR code
 * the page shows (the image decoded here, as a phone's camera would) and signs in with its code. Then
 * the admin reads both steps in the audit log as sentences.
 */
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { Secret, TOTP } from 'otpauth';
import { PNG } from 'pngjs';
import { expectToast, field, uniqueEmail } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { mailbox, mailsTo } from './support/mail.js';
import { shoot } from './support/screenshots.js';
import { expect, test } from './support/test.js';

test.describe.configure({ timeout: 180_000 });
test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

const PASSWORD = 'my own password 42';

/** What a QR reader finds in a screenshot of the code. */
function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The invitation link in the newest invitation mail to `email`. */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).findLast((m) => m.text.includes('?invitation='));
        link = mail?.text.match(/https?:\/\/\S+\/auth\?invitation=[\w-]+/)?.[0];
        return link;
      },
      { message: `an invitation mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/auth');
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an invited member of staff chooses their own password, scans the QR code and signs in with the app', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('invited');

  // The admin invites: no password to type, Viewer chosen until another role is.
  await page.goto('/admin/settings?tab=users');
  const panel = page.getByRole('tabpanel', { name: 'Admin Users' });
  await panel.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(dialog.getByRole('radio', { name: 'Viewer' })).toBeChecked();
  await expect(dialog.locator('input[type="password"]')).toHaveCount(0);
  await expect(dialog.getByText('Reads the dashboard, orders and customers; changes nothing.')).toBeVisible();
  await expectAccessibleEverywhere(page, 'Invite User dialog');
  await shoot(page, 'settings-invite-user');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('radio', { name: 'Support' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Invitation sent');
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell')).toHaveText([email, 'Support', 'Invited', /Edit/]);

  // The person opens the mailed link in their own browser.
  const link = await invitationLink(email);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByText('Your role: Support')).toBeVisible();
  await expect(invited).toHaveURL(/\/auth$/);
  await expectAccessibleEverywhere(invited, 'invitation step');
  await shoot(invited, 'auth-invitation');
  await field(invited, 'Password').fill(PASSWORD);
  await field(invited, 'Confirm password').fill(PASSWORD);
  await invited.getByRole('button', { name: 'Set password' }).click();
  await expectToast(invited, 'Password set');

  // Then signs in as staff do: the password, then the mailed code.
  const inbox = await mailbox(email);
  await expect(invited.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await field(invited, 'Password').fill(PASSWORD);
  await invited.getByRole('button', { name: 'Sign in' }).click();
  await field(invited, 'Verification code').fill(await inbox.nextCode());
  await invited.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(invited).toHaveURL(/\/admin$/);

  // The link worked once.
  const reused = await invited.request.post('/api/auth/invitations/accept', {
    data: { token: new URL(link).searchParams.get('invitation'), password: 'someone else 1' },
  });
  expect(reused.status()).toBe(409);

  // The authenticator app, set up by scanning the code on screen.
  await invited.goto('/admin/account');
  await invited.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = invited.getByRole('dialog', { name: 'Set up an authenticator app' });
  const qr = setup.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  await expectAccessibleEverywhere(invited, 'authenticator set-up with its QR code');
  await shoot(invited, 'totp-setup-qr');
  const scanned = readQr(await qr.screenshot());
  expect(scanned).toMatch(/^otpauth:\/\/totp\//);
  const secret = new URL(scanned as string).searchParams.get('secret') as string;
  await expect(setup.getByLabel('Setup key', { exact: true })).toHaveValue(secret);
  await setup
    .getByLabel('Code from the app', { exact: true })
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await setup.getByLabel('Your password', { exact: true }).fill(PASSWORD);
  await setup.getByRole('button', { name: 'Confirm' }).click();
  const codes = invited.getByRole('dialog', { name: 'Your recovery codes' });
  await codes.getByRole('button', { name: 'I have saved them' }).click();

  await invited.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(invited).toHaveURL(/\/auth$/);
  await passwordStep(invited, email);
  await expect(invited.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  // The step after the one the set-up used: each step's code is accepted once.
  const next = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
  await field(invited, 'Code from your authenticator app').fill(next);
  await invited.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(invited).toHaveURL(/\/admin$/);
  await context.close();

  // The admin reads both in the audit log, in words.
  await page.goto('/admin/audit');
  await expect(page.getByText(`invited ${email} as Support`).first()).toBeVisible();
  await expect(
    page.getByText(`${email} accepted their invitation and chose a password`).first(),
  ).toBeVisible();
  await expect(page.getByText('user.invited')).toHaveCount(0);
  await expectAccessibleEverywhere(page, 'Audit log in sentences');
  await shoot(page, 'audit-sentences');
});
