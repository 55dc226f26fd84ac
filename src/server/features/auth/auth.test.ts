import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users, verificationCodes } from '../../db/schema.js';
import { LOGIN_CHALLENGE_COOKIE, SESSION_COOKIE } from '../../http/session.js';
import { manualClock, startTestApp, type TestApp } from '../../test/app.js';
import { signIn, signUp } from '../../test/auth-flow.js';
import { codeFrom } from '../../test/mail-catcher.js';
import { ensureFirstAdmin } from './first-admin.js';

const clock = manualClock();
let t: TestApp;
let emailCounter = 0;
const freshEmail = () => `customer${++emailCounter}@example.com`;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

/** A code mailed on `client`'s asking: a sign-in code when it passed the password step, else a plain one. */
async function requestCode(email: string, client = t.client()) {
  const before = t.mail.forAddress(email).length;
  const res = await client.post('/api/auth/verify-email', { email, sendCode: true });
  expect(res.status).toBe(200);
  return await t.mail.waitForCode(email, before);
}

describe('sign-up of a new customer', () => {
  it('tells the screen that an unknown address needs a password', async () => {
    const res = await t.client().post('/api/auth/verify-email', { email: freshEmail() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userExists: false, needsPassword: true });
  });

  it('creates the account with the mailed code and signs the customer in', async () => {
    const client = t.client();
    const email = freshEmail();
    const user = await signUp(t, client, email, 'a good password');
    expect(user).toMatchObject({ email, role: 'USER' });
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email, role: 'USER' });
    expect(me.body).not.toHaveProperty('password');
    // The page's question, answered 200 either way: the user, or null for a visitor.
    const session = await client.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ user: me.body });
    const visitor = await t.client().get('/api/auth/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });
    const status = await t.client().post('/api/auth/verify-email', { email });
    expect(status.body).toEqual({ userExists: true, needsPassword: false });
  });

  it('mails the code in plain text and HTML with the product name in the subject', async () => {
    const email = freshEmail();
    await requestCode(email);
    const mail = t.mail.forAddress(email)[0];
    expect(mail?.subject).toContain('OrderFlow');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.html).toContain(codeFrom(mail!));
  });

  it('refuses set-password for an account that already has one', async () => {
    const email = freshEmail();
    await signUp(t, t.client(), email);
    const code = await requestCode(email);
    const res = await t.client().post('/api/auth/set-password', {
      email,
      password: 'takeover123',
      confirmPassword: 'takeover123',
      code,
    });
    expect(res.status).toBe(409);
  });

  it('lets a pending account (created from an order, no password) set its password', async () => {
    const email = freshEmail();
    await t.database.db.insert(users).values({ email });
    const lookup = await t.client().post('/api/auth/verify-email', { email });
    expect(lookup.body).toEqual({ userExists: true, needsPassword: true });
    const user = await signUp(t, t.client(), email);
    expect(user.email).toBe(email);
  });
});

describe('password sign-in with a code', () => {
  const email = 'returning@example.com';
  const password = 'my password 1';
  beforeAll(async () => {
    await signUp(t, t.client(), email, password);
  });
  // Each test mails this address codes; move past the sending window so the limit does not interfere.
  beforeEach(() => clock.advanceMinutes(16));

  it('rejects a wrong password with the product’s message and starts no session', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email, password: 'wrong password', noSession: true });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    expect(res.body.message).toBe('Invalid credentials');
    expect(client.cookies.has(LOGIN_CHALLENGE_COOKIE)).toBe(false);
  });

  it('answers an unknown e-mail like a wrong password', async () => {
    const res = await t.client().post('/api/auth/login', { email: freshEmail(), password: 'whatever1' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    expect(res.body.message).toBe('Invalid credentials');
  });

  it('a correct password alone is not a session', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email, password, noSession: true });
    expect(res.status).toBe(200);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('signs in after the password and the mailed code', async () => {
    const client = t.client();
    const user = await signIn(t, client, email, password);
    expect(user.email).toBe(email);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('completes the code step only for the browser that passed the password step', async () => {
    const browser = t.client();
    expect((await browser.post('/api/auth/login', { email, password })).status).toBe(200);
    const code = await requestCode(email, browser);
    const attacker = t.client();
    const stolen = await attacker.post('/api/auth/verify-code', { email, code, login: true });
    expect(stolen.status).toBe(401);
    expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);
    const res = await browser.post('/api/auth/verify-code', { email, code, login: true });
    expect(res.status).toBe(200);
  });

  it('expires the password step after 10 minutes', async () => {
    const browser = t.client();
    await browser.post('/api/auth/login', { email, password });
    clock.advanceMinutes(11);
    const code = await requestCode(email);
    const res = await browser.post('/api/auth/verify-code', { email, code, login: true });
    expect(res.status).toBe(401);
  });

  it('issues a new session token at every sign-in, ignoring one planted before', async () => {
    const client = t.client();
    client.cookies.set(SESSION_COOKIE, 'planted-by-attacker');
    await signIn(t, client, email, password);
    const first = client.cookies.get(SESSION_COOKIE);
    expect(first).toBeDefined();
    expect(first).not.toBe('planted-by-attacker');
    await signIn(t, client, email, password);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(first);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const client = t.client();
    await client.post('/api/auth/login', { email, password });
    const code = await requestCode(email, client);
    const res = await client.post('/api/auth/verify-code', { email, code, login: true });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('stores only a hash of the session token', async () => {
    const client = t.client();
    await signIn(t, client, email, password);
    const token = client.cookies.get(SESSION_COOKIE) as string;
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('stores passwords as scrypt hashes', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.password).toMatch(/^scrypt\$/);
    expect(row?.password).not.toContain(password);
  });

  it('ends the session at sign-out', async () => {
    const client = t.client();
    await signIn(t, client, email, password);
    const token = client.cookies.get(SESSION_COOKIE) as string;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('ends the session when its lifetime is over', async () => {
    const client = t.client();
    await signIn(t, client, email, password);
    clock.advanceMinutes(t.config.sessionTtlHours * 60 + 1);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});

describe('verification codes', () => {
  it('are six digits, stored only as a hash', async () => {
    const email = freshEmail();
    const code = await requestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(row?.code).not.toContain(code);
    expect(row?.code).toMatch(/^scrypt\$/);
  });

  it('work once', async () => {
    const email = freshEmail();
    const code = await requestCode(email);
    const body = { email, password: 'password123', confirmPassword: 'password123', code };
    expect((await t.client().post('/api/auth/set-password', body)).status).toBe(200);
    const again = await t.client().post('/api/auth/verify-code', { email, code, reset: true });
    expect(again.status).toBe(400);
  });

  it('expire after 10 minutes', async () => {
    const email = freshEmail();
    const code = await requestCode(email);
    clock.advanceMinutes(9);
    expect((await t.client().post('/api/auth/verify-code', { email, code, reset: true })).status).toBe(200);
    clock.advanceMinutes(2);
    const late = await t.client().post('/api/auth/verify-code', { email, code, reset: true });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired/);
  });

  it('burn after 5 wrong tries', async () => {
    const email = freshEmail();
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.client().post('/api/auth/verify-code', { email, code: wrong, reset: true });
      expect(res.status).toBe(400);
    }
    const res = await t.client().post('/api/auth/verify-code', { email, code, reset: true });
    expect(res.status).toBe(400);
  });

  it('allow 4 wrong tries before the right one', async () => {
    const email = freshEmail();
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await t.client().post('/api/auth/verify-code', { email, code: wrong, reset: true });
    expect((await t.client().post('/api/auth/verify-code', { email, code, reset: true })).status).toBe(200);
  });

  it('void the previous code when a new one is sent', async () => {
    const email = freshEmail();
    const first = await requestCode(email);
    const second = await requestCode(email);
    if (first !== second) {
      expect(
        (await t.client().post('/api/auth/verify-code', { email, code: first, reset: true })).status,
      ).toBe(400);
    }
    expect(
      (await t.client().post('/api/auth/verify-code', { email, code: second, reset: true })).status,
    ).toBe(200);
  });

  it('can be used by only one of two concurrent requests', async () => {
    const email = freshEmail();
    const code = await requestCode(email);
    const body = { email, password: 'password123', confirmPassword: 'password123', code };
    const answers = await Promise.all([1, 2, 3].map(() => t.client().post('/api/auth/set-password', body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(1);
  });
});

describe('code sending limits', () => {
  it('limits codes per e-mail address with 429 and Retry-After', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    await t.database.db.insert(users).values({ email });
    for (let i = 0; i < 5; i++) {
      expect((await t.client().post('/api/auth/verify-email', { email, sendCode: true })).status).toBe(200);
    }
    const res = await t.client().post('/api/auth/verify-email', { email, sendCode: true });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_CODES');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(t.mail.forAddress(email)).toHaveLength(5);
    const forgot = await t.client().post('/api/auth/forgot-password', { email });
    expect(forgot.status).toBe(429);
    clock.advanceMinutes(16);
    expect((await t.client().post('/api/auth/verify-email', { email, sendCode: true })).status).toBe(200);
  });

  it('limits codes per client IP across addresses', async () => {
    clock.advanceMinutes(60);
    for (let i = 0; i < 20; i++) {
      expect(
        (await t.client().post('/api/auth/verify-email', { email: freshEmail(), sendCode: true })).status,
      ).toBe(200);
    }
    const res = await t.client().post('/api/auth/verify-email', { email: freshEmail(), sendCode: true });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    clock.advanceMinutes(16);
  });
});

describe('forgot and reset password', () => {
  it('answers the account status: ACTIVE, PENDING or NOT_FOUND', async () => {
    const active = freshEmail();
    await signUp(t, t.client(), active);
    const pending = freshEmail();
    await t.database.db.insert(users).values({ email: pending });
    const unknown = freshEmail();
    const answers = await Promise.all(
      [active, pending, unknown].map((email) => t.client().post('/api/auth/forgot-password', { email })),
    );
    expect(answers.map((a) => a.body)).toEqual([
      { email: active, status: 'ACTIVE' },
      { email: pending, status: 'PENDING' },
      { email: unknown, status: 'NOT_FOUND' },
    ]);
    expect(t.mail.forAddress(unknown)).toHaveLength(0);
    expect(t.mail.forAddress(pending)).toHaveLength(1);
  });

  it('sets the new password and ends every session of the user', async () => {
    const email = freshEmail();
    const laptop = t.client();
    await signUp(t, laptop, email, 'old password');
    const phone = t.client();
    await signIn(t, phone, email, 'old password');

    const before = t.mail.forAddress(email).length;
    await t.client().post('/api/auth/forgot-password', { email });
    const code = await t.mail.waitForCode(email, before);
    const resetter = t.client();
    expect((await resetter.post('/api/auth/verify-code', { email, code, reset: true })).status).toBe(200);
    const res = await resetter.post('/api/auth/reset-password', {
      email,
      password: 'new password',
      confirmPassword: 'new password',
      code,
    });
    expect(res.status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email, password: 'old password' })).status).toBe(401);
    await signIn(t, t.client(), email, 'new password');
  });

  it('refuses a reset whose passwords differ, keeping the old password and the code', async () => {
    const email = freshEmail();
    await signUp(t, t.client(), email, 'old password');
    const before = t.mail.forAddress(email).length;
    await t.client().post('/api/auth/forgot-password', { email });
    const code = await t.mail.waitForCode(email, before);
    const res = await t
      .client()
      .post('/api/auth/reset-password', { email, password: 'new password', confirmPassword: 'other', code });
    expect(res.status).toBe(400);
    expect(res.body.fields.confirmPassword).toBe('Passwords do not match');
    expect((await t.client().post('/api/auth/login', { email, password: 'old password' })).status).toBe(200);
    expect((await t.client().post('/api/auth/verify-code', { email, code, reset: true })).status).toBe(200);
  });
});

describe('first admin', () => {
  it('is created once and signs in to the ADMIN role', async () => {
    const created = await ensureFirstAdmin(t.database.db, {
      email: 'boss@example.com',
      password: 'admin password',
    });
    expect(created).toEqual({ email: 'boss@example.com', generatedPassword: null });
    expect(await ensureFirstAdmin(t.database.db, { email: 'other@example.com' })).toBeNull();
    const user = await signIn(t, t.client(), 'boss@example.com', 'admin password');
    expect(user.role).toBe('ADMIN');
  });

  it('gets a random password when none is configured', async () => {
    const other = await startTestApp();
    try {
      const created = await ensureFirstAdmin(other.database.db, { email: 'admin@localhost' });
      expect(created?.generatedPassword).toMatch(/^[\w-]{20,}$/);
      await signIn(other, other.client(), 'admin@localhost', created?.generatedPassword as string);
    } finally {
      await other.close();
    }
  });
});

describe('housekeeping', () => {
  it('purges expired sessions and old codes but keeps live sessions', async () => {
    const { createAuthService } = await import('./service.js');
    const auth = createAuthService({
      db: t.database.db,
      mailer: { send: async () => {}, close() {} },
      clock,
      sessionTtlHours: t.config.sessionTtlHours,
      codeLimits: { perEmail: 5, perIp: 20 },
      secondFactor: t.app.services.secondFactor,
    });
    const live = t.client();
    await signUp(t, live, freshEmail());
    clock.advanceMinutes(25 * 60);
    const fresh = t.client();
    await signUp(t, fresh, freshEmail());
    await auth.purgeExpired();
    const remaining = await t.database.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes);
    const dayAgo = clock.now().getTime() - 24 * 60 * 60_000;
    expect(remaining.every((r) => r.createdAt.getTime() >= dayAgo)).toBe(true);
    expect((await fresh.get('/api/auth/user')).status).toBe(200);
    clock.advanceMinutes(t.config.sessionTtlHours * 60 + 1);
    expect(await auth.purgeExpired()).toBeGreaterThan(0);
    const [left] = await t.database.db.select({ n: count() }).from(sessions);
    expect(left?.n).toBe(0);
  });
});
