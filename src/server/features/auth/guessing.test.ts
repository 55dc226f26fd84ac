import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_CODE_MAX_TRIES } from '../../../shared/constants.js';
import { users, verificationCodes } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signIn } from '../../test/auth-flow.js';
import {
  CODE_FIRST_WAIT_SECONDS,
  CODE_SEND_WINDOW_MINUTES,
  CODES_PAUSED,
  CODES_PAUSED_MINUTES,
  EXPIRED_CODE,
  INVALID_CODE,
  REQUESTER_WINDOW_MINUTES,
  WRONG_CODES_PER_DAY,
  WRONG_CODES_PER_REQUESTER,
} from './codes.js';
import {
  FIRST_PASSWORD_WAIT_SECONDS,
  FREE_WRONG_PASSWORDS,
  MAX_PASSWORD_WAIT_SECONDS,
  passwordWaitSeconds,
} from './password-throttle.js';

const clock = manualClock();
let t: TestApp;
let counter = 0;
const freshEmail = () => `guess${++counter}@example.com`;
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

beforeAll(async () => {
  t = await startTestApp({
    clock,
    config: { authLimits: { requestsPerMinute: 10_000, codesPerEmail: 3, codesPerIp: 5 } },
  });
});
afterAll(async () => {
  await t?.close();
});

async function accountWithPassword(email: string, password = 'a good password 1') {
  await t.database.db.insert(users).values({ email, password: await hashPassword(password), verified: true });
  return password;
}

/** Asks for a reset code as the forgot-password screen does, and reads it from the mail. */
async function resetCode(email: string) {
  const before = t.mail.forAddress(email).length;
  const res = await t.client().post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  return await t.mail.waitForCode(email, before);
}

const checkCode = (email: string, code: string) => t.client().post('/api/auth/verify-code', { email, code });

describe('five tries per code, also under concurrency', () => {
  it('refuses the right code sent together with 16 wrong ones, and burns the code', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    await accountWithPassword(email);
    const code = await resetCode(email);
    const guesses = [...Array.from({ length: 16 }, () => wrongCode(code)), code];
    const answers = await Promise.all(guesses.map((guess) => checkCode(email, guess)));
    expect(answers.at(-1)?.status).toBe(400);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.body.message === INVALID_CODE)).toHaveLength(VERIFICATION_CODE_MAX_TRIES);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(row?.used).toBe(true);
    expect((await checkCode(email, code)).body).toEqual({ code: 'CODE_EXPIRED', message: EXPIRED_CODE });
  });
});

/** A browser that passed the password step for `email`, holding a code mailed after it. */
async function passwordStep(email: string, password: string) {
  const browser = t.client();
  expect((await browser.post('/api/auth/login', { email, password })).status).toBe(200);
  return { browser, code: await signInCode(browser, email) };
}

/** Asks for the sign-in code as the password step's browser does, and reads it from the mail. */
async function signInCode(browser: TestClient, email: string) {
  const before = t.mail.forAddress(email).length;
  const res = await browser.post('/api/auth/verify-email', { email, sendCode: true });
  expect(res.status).toBe(200);
  return await t.mail.waitForCode(email, before);
}

const enterCode = (browser: TestClient, email: string, code: string) =>
  browser.post('/api/auth/verify-code', { email, code, login: true });

describe('a daily budget of wrong codes per account, spent only from its password step', () => {
  it(`pauses the account's codes after ${WRONG_CODES_PER_DAY} wrong ones from its password step, and tells the owner once`, async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    let wrongSoFar = 0;
    let browser = t.client();
    while (wrongSoFar < WRONG_CODES_PER_DAY) {
      clock.advanceMinutes(CODE_SEND_WINDOW_MINUTES);
      const step = await passwordStep(email, password);
      browser = step.browser;
      const code = step.code;
      for (
        let i = 0;
        i < VERIFICATION_CODE_MAX_TRIES && wrongSoFar < WRONG_CODES_PER_DAY;
        i++, wrongSoFar++
      ) {
        expect((await enterCode(browser, email, wrongCode(code))).status).toBe(400);
      }
    }
    // Asking for another sign-in code is refused while paused.
    const asked = await browser.post('/api/auth/verify-email', { email, sendCode: true });
    expect(asked.status).toBe(429);
    expect(asked.body).toEqual({ code: 'CODES_PAUSED', message: CODES_PAUSED });
    expect(Number(asked.headers.get('retry-after'))).toBeGreaterThan(0);
    const notices = await t.mail.waitFor(() =>
      t.mail.forAddress(email).filter((m) => m.subject?.startsWith('Sign-in codes paused for your account')),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('change your password');
    // The pause is no lockout of the owner's other way in: a reset code still comes and works.
    const reset = await resetCode(email);
    expect((await checkCode(email, reset)).body).toEqual({ valid: true });

    clock.advanceMinutes(CODES_PAUSED_MINUTES + 1);
    const after = await passwordStep(email, password);
    expect((await enterCode(after.browser, email, after.code)).status).toBe(200);
  });

  it('refuses even the right code while paused', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    let { browser, code } = await passwordStep(email, password);
    for (let i = 0; i < WRONG_CODES_PER_DAY - 1; i++) {
      if (i > 0 && i % VERIFICATION_CODE_MAX_TRIES === 0) {
        clock.advanceMinutes(CODE_SEND_WINDOW_MINUTES);
        ({ browser, code } = await passwordStep(email, password));
      }
      await enterCode(browser, email, wrongCode(code));
    }
    expect((await enterCode(browser, email, wrongCode(code))).status).toBe(400);
    const right = await enterCode(browser, email, code);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ code: 'CODES_PAUSED', message: CODES_PAUSED });
  });
});

describe('nobody else can lock an account', () => {
  it("never pauses an account for a stranger's wrong codes: the owner signs in afterwards", async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    const stranger = t.client();
    let wrong = 0;
    while (wrong < WRONG_CODES_PER_DAY + 2) {
      clock.advanceMinutes(CODE_SEND_WINDOW_MINUTES);
      await stranger.post('/api/auth/verify-email', { email, sendCode: true });
      await stranger.post('/api/auth/verify-email', { email, sendCode: true });
      for (let i = 0; i < VERIFICATION_CODE_MAX_TRIES; i++, wrong++) {
        const res = await stranger.post('/api/auth/verify-code', { email, code: '000000' });
        expect(res.status).toBe(400);
      }
    }
    const user = await signIn(t, t.client(), email, password);
    expect(user.email).toBe(email);
  });

  it("keeps the owner's sign-in code out of a stranger's reach", async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    const { browser, code } = await passwordStep(email, password);
    const stranger = t.client();
    // Neither a new code asked for the address nor wrong guesses at it void or burn the owner's code.
    await stranger.post('/api/auth/verify-email', { email, sendCode: true });
    for (let i = 0; i < VERIFICATION_CODE_MAX_TRIES + 1; i++) {
      await stranger.post('/api/auth/verify-code', { email, code: wrongCode(code) });
      await stranger.post('/api/auth/verify-code', { email, code: wrongCode(code), login: true });
    }
    const res = await enterCode(browser, email, code);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });

  it('limits wrong codes per requester outside a password step, across addresses', async () => {
    clock.advanceMinutes(60);
    const answers: number[] = [];
    for (let i = 0; i < WRONG_CODES_PER_REQUESTER / VERIFICATION_CODE_MAX_TRIES + 1; i++) {
      const email = freshEmail();
      await accountWithPassword(email);
      const code = await resetCode(email);
      for (let j = 0; j < VERIFICATION_CODE_MAX_TRIES; j++) {
        answers.push((await checkCode(email, wrongCode(code))).status);
      }
    }
    expect(answers.slice(0, WRONG_CODES_PER_REQUESTER).every((status) => status === 400)).toBe(true);
    expect(answers.slice(WRONG_CODES_PER_REQUESTER).every((status) => status === 429)).toBe(true);
    const refused = await checkCode(freshEmail(), '123456');
    expect(refused.body.code).toBe('CODE_GUESSES_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advanceMinutes(REQUESTER_WINDOW_MINUTES);
    const email = freshEmail();
    await accountWithPassword(email);
    expect((await checkCode(email, await resetCode(email))).body).toEqual({ valid: true });
  });
});

describe('wrong passwords slow an account down, never lock it', () => {
  const login = (email: string, password: string) => t.client().post('/api/auth/login', { email, password });
  const waitSeconds = (seconds: number) => clock.advanceMinutes(seconds / 60);

  it('answers 429 with a growing wait after the free tries, and takes the right password once it has passed', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    for (let i = 0; i < FREE_WRONG_PASSWORDS; i++)
      expect((await login(email, `wrong ${i}`)).status).toBe(401);
    // The wait counts for the account, whichever address the next try comes from.
    const slowed = await login(email, password);
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('SIGN_IN_SLOWED');
    expect(Number(slowed.headers.get('retry-after'))).toBe(FIRST_PASSWORD_WAIT_SECONDS);

    waitSeconds(FIRST_PASSWORD_WAIT_SECONDS);
    expect((await login(email, 'wrong again')).status).toBe(401);
    const longer = await login(email, password);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBe(FIRST_PASSWORD_WAIT_SECONDS * 2);

    waitSeconds(FIRST_PASSWORD_WAIT_SECONDS * 2);
    expect((await login(email, password)).status).toBe(200);
    // The right password starts the count again.
    expect((await login(email, 'one slip')).status).toBe(401);
    expect((await login(email, password)).status).toBe(200);
  });

  it('never waits longer than the ceiling, and slows unknown addresses alike', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    for (let wrong = 0; wrong < FREE_WRONG_PASSWORDS + 12; ) {
      const res = await login(email, 'guess');
      if (res.status === 429) waitSeconds(Number(res.headers.get('retry-after')));
      else {
        expect(res.status).toBe(401);
        wrong++;
      }
    }
    const res = await login(email, 'guess');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(MAX_PASSWORD_WAIT_SECONDS);
    expect(passwordWaitSeconds(1000)).toBe(MAX_PASSWORD_WAIT_SECONDS);
  });
});

describe('sign-in nobody else can block', () => {
  it('lets a password sign-in through after junk code requests from the same IP filled its limit', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const res = await t.client().post('/api/auth/verify-email', { email: freshEmail(), sendCode: true });
      if (res.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const user = await signIn(t, t.client(), email, password);
    expect(user.email).toBe(email);
  });

  it('lets the owner sign in with the password while others keep asking codes for the address', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    const password = await accountWithPassword(email);
    const junk = [];
    for (let i = 0; i < 6; i++)
      junk.push((await t.client().post('/api/auth/forgot-password', { email })).status);
    expect(junk).toContain(429);
    const user = await signIn(t, t.client(), email, password);
    expect(user.email).toBe(email);
  });

  it('slows an address down with a doubling wait instead of locking it out', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    await accountWithPassword(email);
    const ask = () => t.client().post('/api/auth/forgot-password', { email });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const first = await ask();
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBe(CODE_FIRST_WAIT_SECONDS);
    clock.advanceMinutes(CODE_FIRST_WAIT_SECONDS / 60);
    expect((await ask()).status).toBe(200);
    const second = await ask();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(CODE_FIRST_WAIT_SECONDS * 2);
  });
});
