import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { Secret, TOTP } from 'otpauth';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signIn } from '../../test/auth-flow.js';
import { cookieHeader, openSocket } from '../../test/live-socket.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';
import { totpStep } from './totp.js';

/** What a QR reader finds in a PNG data URL. */
function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const PUBLIC_URL = 'http://localhost:5000';
const clock = manualClock(new Date('2026-11-25T12:00:10Z'));
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'staff password 1';

/** A staff member signed in with the mailed code (no factor yet). */
async function newStaff() {
  sequence++;
  const email = `staff${sequence}@example.com`;
  const { client, user } = await signedInAdmin(t, email, PASSWORD);
  return { email, client, user };
}

const codeAt = (secret: string, at = clock.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

async function enrolTotp(client: TestClient) {
  const setup = await client.post('/api/user/second-factor/totp');
  expect(setup.status).toBe(200);
  const confirm = await client.post('/api/user/second-factor/totp/confirm', {
    code: codeAt(setup.body.secret),
    password: PASSWORD,
  });
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** The password step in a fresh browser; answers the login call's body. */
async function passwordStep(email: string) {
  const client = t.client();
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { client, login: login.body };
}

describe('authenticator-app codes (RFC 6238)', () => {
  it('match the RFC 6238 Appendix B test vectors (SHA-1)', () => {
    const secret = Secret.fromLatin1('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 8, period: 30 });
      expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code);
      // The six-digit code an app shows is the same number's last six digits, at the same step.
      expect(totpStep(secret.base32, code.slice(2), new Date(seconds * 1000))).toBe(Math.floor(seconds / 30));
    }
    expect(totpStep(secret.base32, '287082', new Date(59_000 + 90_000))).toBeNull();
  });
});

describe('enrolment', () => {
  it('is for signed-in staff only', async () => {
    expect((await t.client().get('/api/user/second-factor')).status).toBe(401);
    expect((await t.client().post('/api/user/second-factor/totp')).status).toBe(401);
    const { client: customer } = await signedInCustomer(t, 'customer-2fa@example.com');
    expect((await customer.get('/api/user/second-factor')).status).toBe(403);
    expect((await customer.post('/api/user/second-factor/totp')).status).toBe(403);
    expect(
      (await customer.post('/api/user/second-factor/passkeys/options', { password: PASSWORD })).status,
    ).toBe(403);
  });

  it('confirms the app with a current code and shows ten recovery codes once', async () => {
    const { client } = await newStaff();
    const setup = await client.post('/api/user/second-factor/totp');
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/OrderFlow:staff\d+%40example\.com\?/);
    // The QR code beside the key holds that very URI, as a phone's camera reads it.
    expect(decodeQr(setup.body.qrCode)).toBe(setup.body.uri);
    const wrong = await client.post('/api/user/second-factor/totp/confirm', {
      code: '000000',
      password: PASSWORD,
    });
    expect(wrong.status).toBe(400);
    const right = await client.post('/api/user/second-factor/totp/confirm', {
      code: codeAt(setup.body.secret),
      password: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect(right.body.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.recoveryCodes).size).toBe(10);
    const status = await client.get('/api/user/second-factor');
    expect(status.body).toMatchObject({ totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });
    // Set up: a second start is refused rather than silently replacing the working app.
    expect((await client.post('/api/user/second-factor/totp')).status).toBe(409);
  });
});

describe('signing in with the authenticator app', () => {
  it('takes a code instead of the mailed one, each code once', async () => {
    const { email, client } = await newStaff();
    const { secret } = await enrolTotp(client);

    const { client: browser, login } = await passwordStep(email);
    expect(login.secondFactor).toEqual({ totp: true, passkey: false });
    // The mailed code is no way around the app.
    const mailed = await browser.post('/api/auth/verify-code', { email, code: '123456', login: true });
    expect(mailed.status).toBe(401);
    // The code that confirmed the app was used: the same step is refused.
    const replay = await browser.post('/api/auth/second-factor', {
      email,
      method: 'totp',
      code: codeAt(secret),
    });
    expect(replay.status).toBe(400);
    clock.advanceMinutes(0.5);
    const res = await browser.post('/api/auth/second-factor', {
      email,
      method: 'totp',
      code: codeAt(secret),
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('needs the password step of the same browser', async () => {
    const { email, client } = await newStaff();
    const { secret } = await enrolTotp(client);
    clock.advanceMinutes(0.5);
    const stranger = t.client();
    const res = await stranger.post('/api/auth/second-factor', {
      email,
      method: 'totp',
      code: codeAt(secret),
    });
    expect(res.status).toBe(401);
  });

  it('allows five wrong answers per password step, then the password is needed again', async () => {
    const { email, client } = await newStaff();
    const { secret } = await enrolTotp(client);
    const { client: browser } = await passwordStep(email);
    for (let i = 0; i < 5; i++) {
      const wrong = await browser.post('/api/auth/second-factor', { email, method: 'totp', code: '000000' });
      expect(wrong.status).toBe(400);
    }
    clock.advanceMinutes(0.5);
    const late = await browser.post('/api/auth/second-factor', {
      email,
      method: 'totp',
      code: codeAt(secret),
    });
    expect(late.status).toBe(401);
  });
});

describe('recovery codes', () => {
  it('each signs in once', async () => {
    const { email, client } = await newStaff();
    const { recoveryCodes } = await enrolTotp(client);
    const code = recoveryCodes[3] as string;

    const first = await passwordStep(email);
    const ok = await first.client.post('/api/auth/second-factor', {
      email,
      method: 'recovery',
      code: code.toUpperCase(),
    });
    expect(ok.status).toBe(200);
    const second = await passwordStep(email);
    const again = await second.client.post('/api/auth/second-factor', { email, method: 'recovery', code });
    expect(again.status).toBe(400);
    expect((await client.get('/api/user/second-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('are replaced with the password, and the old ones stop working', async () => {
    const { email, client } = await newStaff();
    const { recoveryCodes } = await enrolTotp(client);
    const wrong = await client.post('/api/user/second-factor/recovery-codes', { password: 'not it' });
    expect(wrong.status).toBe(400);
    const fresh = await client.post('/api/user/second-factor/recovery-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const { client: browser } = await passwordStep(email);
    const old = await browser.post('/api/auth/second-factor', {
      email,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(old.status).toBe(400);
    const now = await browser.post('/api/auth/second-factor', {
      email,
      method: 'recovery',
      code: fresh.body.recoveryCodes[0],
    });
    expect(now.status).toBe(200);
  });
});

describe('removing a factor', () => {
  it('asks for the password, and the mailed code applies again', async () => {
    const { email, client } = await newStaff();
    await enrolTotp(client);
    const wrong = await client.request('DELETE', '/api/user/second-factor/totp', {
      json: { password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    const res = await client.request('DELETE', '/api/user/second-factor/totp', {
      json: { password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const { login } = await passwordStep(email);
    expect(login.secondFactor).toBeUndefined();
    expect((await client.get('/api/user/second-factor')).body).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe('passkeys', () => {
  it('registers a passkey and signs in with it, verified on the server', async () => {
    const { email, client } = await newStaff();
    const authenticator = new SoftAuthenticator(PUBLIC_URL, 'localhost');
    const options = await client.post('/api/user/second-factor/passkeys/options', { password: PASSWORD });
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: 'localhost', name: 'OrderFlow' });
    const registered = await client.post('/api/user/second-factor/passkeys', {
      name: 'Work laptop',
      response: authenticator.register(options.body),
      password: PASSWORD,
    });
    expect(registered.status).toBe(200);
    expect(registered.body.recoveryCodes).toHaveLength(10);
    const status = await client.get('/api/user/second-factor');
    expect(status.body.passkeys).toMatchObject([{ name: 'Work laptop' }]);

    const { client: browser, login } = await passwordStep(email);
    expect(login.secondFactor).toEqual({ totp: false, passkey: true });
    const request = await browser.post('/api/auth/second-factor/passkey-options', { email });
    expect(request.status).toBe(200);
    const assertion = authenticator.authenticate(request.body);
    const res = await browser.post('/api/auth/second-factor', {
      email,
      method: 'passkey',
      response: assertion,
    });
    expect(res.status).toBe(200);
    expect((await browser.get('/api/auth/user')).body.email).toBe(email);
  });

  it('refuses an assertion from an unknown key or for another challenge', async () => {
    const { email, client } = await newStaff();
    const authenticator = new SoftAuthenticator(PUBLIC_URL, 'localhost');
    const options = await client.post('/api/user/second-factor/passkeys/options', { password: PASSWORD });
    await client.post('/api/user/second-factor/passkeys', {
      response: authenticator.register(options.body),
      password: PASSWORD,
    });

    const { client: browser } = await passwordStep(email);
    await browser.post('/api/auth/second-factor/passkey-options', { email });
    const stale = authenticator.authenticate({ challenge: 'c29tZXRoaW5nIGVsc2U' });
    const res = await browser.post('/api/auth/second-factor', { email, method: 'passkey', response: stale });
    expect(res.status).toBe(400);
    const impostor = new SoftAuthenticator(PUBLIC_URL, 'localhost');
    const fresh = await browser.post('/api/auth/second-factor/passkey-options', { email });
    const other = await browser.post('/api/auth/second-factor', {
      email,
      method: 'passkey',
      response: impostor.authenticate(fresh.body),
    });
    expect(other.status).toBe(400);
  });

  it('refuses a registration answered for another site', async () => {
    const { client } = await newStaff();
    const phishing = new SoftAuthenticator('http://evil.example', 'evil.example');
    const options = await client.post('/api/user/second-factor/passkeys/options', { password: PASSWORD });
    const res = await client.post('/api/user/second-factor/passkeys', {
      response: phishing.register(options.body),
      password: PASSWORD,
    });
    expect(res.status).toBe(400);
  });
});

describe('enrolling a factor asks for the password and tells the owner', () => {
  const addedMails = (email: string) =>
    t.mail
      .forAddress(email)
      .filter((m) => m.subject?.startsWith('A new sign-in factor was added to your account'));

  it('refuses to confirm an authenticator app without the password or with a wrong one', async () => {
    const { email, client } = await newStaff();
    const setup = await client.post('/api/user/second-factor/totp');
    const code = codeAt(setup.body.secret);
    const without = await client.post('/api/user/second-factor/totp/confirm', { code });
    expect(without.status).toBe(400);
    const wrong = await client.post('/api/user/second-factor/totp/confirm', {
      code,
      password: 'stolen session',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: expect.any(String) } });
    const status = await client.get('/api/user/second-factor');
    expect(status.body.totp).toBe(false);
    expect(addedMails(email)).toHaveLength(0);

    const right = await client.post('/api/user/second-factor/totp/confirm', { code, password: PASSWORD });
    expect(right.status).toBe(200);
    const mails = await t.mail.waitFor(() => addedMails(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('An authenticator app was added');
  });

  it('refuses to register a passkey without the password, and mails the owner once one is added', async () => {
    const { email, client } = await newStaff();
    const authenticator = new SoftAuthenticator(PUBLIC_URL, 'localhost');
    expect((await client.post('/api/user/second-factor/passkeys/options')).status).toBe(400);
    const guessed = await client.post('/api/user/second-factor/passkeys/options', { password: 'guess' });
    expect(guessed.status).toBe(400);
    expect(guessed.body.code).toBe('WRONG_PASSWORD');
    const options = await client.post('/api/user/second-factor/passkeys/options', { password: PASSWORD });
    const response = authenticator.register(options.body);
    const without = await client.post('/api/user/second-factor/passkeys', { name: 'Attacker key', response });
    expect(without.status).toBe(400);
    const wrong = await client.post('/api/user/second-factor/passkeys', {
      name: 'Attacker key',
      response,
      password: 'guess',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    expect((await client.get('/api/user/second-factor')).body.passkeys).toEqual([]);

    // The mistyped password is corrected and the same answer of the authenticator sent again.
    const right = await client.post('/api/user/second-factor/passkeys', {
      name: 'Desk key',
      response,
      password: PASSWORD,
    });
    expect(right.status).toBe(200);
    const mails = await t.mail.waitFor(() => addedMails(email));
    expect(mails[0]?.text).toContain('A passkey (Desk key) was added');
  });

  it('mails the owner in their own language', async () => {
    const { email, client } = await newStaff();
    expect((await client.request('PATCH', '/api/user/preferences', { json: { locale: 'fr' } })).status).toBe(
      200,
    );
    await enrolTotp(client);
    const mails = await t.mail.waitFor(() =>
      t.mail
        .forAddress(email)
        .filter((m) => m.subject?.startsWith('Un nouveau facteur de connexion a été ajouté à votre compte')),
    );
    expect(mails[0]?.text).toContain('Une application d’authentification');
  });
});

describe('nobody else can lock a staff member out', () => {
  it('signs in with a recovery code and a passkey after a stranger entered many wrong codes', async () => {
    const { email, client } = await newStaff();
    const authenticator = new SoftAuthenticator(PUBLIC_URL, 'localhost');
    const options = await client.post('/api/user/second-factor/passkeys/options', { password: PASSWORD });
    const added = await client.post('/api/user/second-factor/passkeys', {
      response: authenticator.register(options.body),
      password: PASSWORD,
    });
    const recoveryCodes = added.body.recoveryCodes as string[];
    const stranger = t.client();
    for (let round = 0; round < 3; round++) {
      clock.advanceMinutes(15);
      await stranger.post('/api/auth/verify-email', { email, sendCode: true });
      await stranger.post('/api/auth/verify-email', { email, sendCode: true });
      for (let i = 0; i < 5; i++) await stranger.post('/api/auth/verify-code', { email, code: '000000' });
    }
    const first = await passwordStep(email);
    const recovered = await first.client.post('/api/auth/second-factor', {
      email,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(recovered.status).toBe(200);
    const second = await passwordStep(email);
    const request = await second.client.post('/api/auth/second-factor/passkey-options', { email });
    const res = await second.client.post('/api/auth/second-factor', {
      email,
      method: 'passkey',
      response: authenticator.authenticate(request.body),
    });
    expect(res.status).toBe(200);
  });
});

describe('a pause stops only the guessable authenticator-app codes', () => {
  it('refuses app codes after ten wrong ones from password steps, but takes a recovery code', async () => {
    const { email, client } = await newStaff();
    const { secret, recoveryCodes } = await enrolTotp(client);
    for (let step = 0; step < 2; step++) {
      const { client: browser } = await passwordStep(email);
      for (let i = 0; i < 5; i++) {
        const wrong = await browser.post('/api/auth/second-factor', {
          email,
          method: 'totp',
          code: '000000',
        });
        expect(wrong.status).toBe(400);
      }
    }
    clock.advanceMinutes(0.5);
    const { client: owner } = await passwordStep(email);
    const app = await owner.post('/api/auth/second-factor', { email, method: 'totp', code: codeAt(secret) });
    expect(app.status).toBe(429);
    expect(app.body.code).toBe('CODES_PAUSED');
    const recovered = await owner.post('/api/auth/second-factor', {
      email,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(recovered.status).toBe(200);
  });
});

describe('an administrator removes a lost second factor', () => {
  it('is refused to visitors, customers and staff without the permission', async () => {
    const path = '/api/admin/users/1/second-factor';
    expect((await t.client().request('DELETE', path)).status).toBe(401);
    const { client: customer, user } = await signedInCustomer(t, 'rescue-nosy@example.com');
    expect((await customer.request('DELETE', path)).status).toBe(403);
    await t.database.db
      .update(users)
      .set({ role: 'SUPPORT' as never })
      .where(eq(users.id, user.id));
    expect((await customer.request('DELETE', path)).status).toBe(403);
  });

  it('removes every factor and code and ends the user’s sessions; the mailed code applies again', async () => {
    const { client: admin } = await newStaff();
    const { email, client, user } = await newStaff();
    await enrolTotp(client);
    const res = await admin.request('DELETE', `/api/admin/users/${user.id}/second-factor`);
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const { login } = await passwordStep(email);
    expect(login.secondFactor).toBeUndefined();
    expect((await admin.request('DELETE', '/api/admin/users/999999/second-factor')).status).toBe(404);
  });
});

describe('Settings → Security requires a second factor', () => {
  it('is saved by an administrator only', async () => {
    const { client: customer } = await signedInCustomer(t, 'not-admin@example.com');
    const path = '/api/settings/security/batch';
    expect((await t.client().post(path, { requireSecondFactor: true })).status).toBe(401);
    expect((await customer.post(path, { requireSecondFactor: true })).status).toBe(403);
  });

  it('forces staff without a factor to enrol before anything else, then lets them through', async () => {
    const { client: admin } = await newStaff();
    await enrolTotp(admin);
    expect((await admin.post('/api/settings/security/batch', { requireSecondFactor: true })).status).toBe(
      200,
    );
    try {
      // Signing in still takes the mailed code, and the answer says what comes next.
      sequence++;
      const email = `staff${sequence}@example.com`;
      await t.database.db
        .insert(users)
        .values({ email, password: await hashPassword(PASSWORD), role: 'ADMIN', verified: true });
      const staff = t.client();
      const user = await signIn(t, staff, email, PASSWORD);
      expect(user).toMatchObject({ mustEnrolSecondFactor: true });

      const refused = await staff.get('/api/admin/orders');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await staff.get('/api/orders')).status).toBe(403);
      expect((await staff.get('/api/user/sessions')).status).toBe(200);
      expect((await staff.get('/api/user/second-factor')).body.required).toBe(true);
      await expect(openSocket(t.baseUrl, { cookie: cookieHeader(staff.cookies) })).rejects.toThrow();
      // The administrator, who has a factor, works as before.
      expect((await admin.get('/api/admin/orders')).status).toBe(200);

      clock.advanceMinutes(0.5);
      await enrolTotp(staff);
      expect((await staff.get('/api/auth/user')).body.mustEnrolSecondFactor).toBe(false);
      expect((await staff.get('/api/admin/orders')).status).toBe(200);

      // Customers are never asked.
      const { client: customer } = await signedInCustomer(t, 'unaffected@example.com');
      expect((await customer.get('/api/orders')).status).toBe(200);
    } finally {
      expect((await admin.post('/api/settings/security/batch', { requireSecondFactor: false })).status).toBe(
        200,
      );
    }
  });
});
