import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_CODE_MAX_TRIES } from '../../../shared/constants.js';
import { users, verificationCodes } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { manualClock, startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-flow.js';
import {
  CODE_FIRST_WAIT_SECONDS,
  CODE_SEND_WINDOW_MINUTES,
  CODES_PAUSED,
  CODES_PAUSED_MINUTES,
  EXPIRED_CODE,
  INVALID_CODE,
  WRONG_CODES_PER_DAY,
} from './codes.js';

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

describe('a daily budget of wrong codes per account', () => {
  it(`pauses the account's codes after ${WRONG_CODES_PER_DAY} wrong ones across codes, and tells the owner once`, async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    await accountWithPassword(email);
    let wrongSoFar = 0;
    while (wrongSoFar < WRONG_CODES_PER_DAY) {
      const code = await resetCode(email);
      for (
        let i = 0;
        i < VERIFICATION_CODE_MAX_TRIES && wrongSoFar < WRONG_CODES_PER_DAY;
        i++, wrongSoFar++
      ) {
        expect((await checkCode(email, wrongCode(code))).status).toBe(400);
      }
      clock.advanceMinutes(CODE_SEND_WINDOW_MINUTES);
    }
    // Asking for another code is refused while paused, and a code already out no longer works.
    const asked = await t.client().post('/api/auth/forgot-password', { email });
    expect(asked.status).toBe(429);
    expect(asked.body).toEqual({ code: 'CODES_PAUSED', message: CODES_PAUSED });
    expect(Number(asked.headers.get('retry-after'))).toBeGreaterThan(0);
    const notices = t.mail
      .forAddress(email)
      .filter((m) => m.subject?.startsWith('Sign-in codes paused for your account'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('change your password');

    clock.advanceMinutes(CODES_PAUSED_MINUTES + 1);
    const code = await resetCode(email);
    expect((await checkCode(email, code)).body).toEqual({ valid: true });
  });

  it('refuses even the right code while paused', async () => {
    clock.advanceMinutes(60);
    const email = freshEmail();
    await accountWithPassword(email);
    let code = await resetCode(email);
    for (let i = 0; i < WRONG_CODES_PER_DAY - 1; i++) {
      if (i > 0 && i % VERIFICATION_CODE_MAX_TRIES === 0) {
        clock.advanceMinutes(CODE_SEND_WINDOW_MINUTES);
        code = await resetCode(email);
      }
      await checkCode(email, wrongCode(code));
    }
    expect((await checkCode(email, wrongCode(code))).status).toBe(400);
    const right = await checkCode(email, code);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ code: 'CODES_PAUSED', message: CODES_PAUSED });
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
